// SPEC §9 business constants and limits, named as the spec names them.
export const CURRENCY = 'SEK';
export const TIMEZONE = 'Europe/Stockholm';
export const LOCALES = ['sv', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'sv';
export const USER_LANGUAGES = ['sv', 'en', 'de'] as const;

export const PASSWORD_MIN_LENGTH = 6;
export const SNACKBAR_AUTO_HIDE_MS = 4000;
export const NOTICE_AUTO_CLEAR_MS = 4000;
export const RETRY_ATTEMPTS = 3;
export const RETRY_WAIT_MS = 2000;
/** New chat messages are fetched this often while the tab is visible (replies appear within 2 s). */
export const CHAT_POLL_MS = 1000;
/** SPEC §4/§9 payment return: the status is asked first after 700 ms, then every 1.5 s, for at most 30 s. */
export const PAYMENT_POLL_FIRST_MS = 700;
export const PAYMENT_POLL_INTERVAL_MS = 1500;
export const PAYMENT_POLL_TIMEOUT_MS = 30_000;
export const ACCOUNT_DELETION_REDIRECT_MS = 3000;

export const PAGE_SIZE_BOOKINGS = 10;
export const PAGE_SIZE_ORDERS = 10;
export const PAGE_SIZE_CONVERSATIONS = 20;
export const PAGE_SIZE_REVIEWS = 10;
export const INFINITE_SCROLL_THRESHOLD = 10;

export const DRAWER_WIDTH_PX = 300;

// Images (SPEC §9): at least 500×500, under 10 MB.
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MIN_SIDE = 500;

// Chat attachments (SPEC §9): at most 10 MB.
export const CHAT_FILE_MAX_BYTES = 10 * 1024 * 1024;

// Sign-in security (issue: foundation).
export const LOGIN_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const RATE_LIMIT_WINDOW_MS = 15 * 60 * 1000;
export const RATE_LIMIT_PER_ACCOUNT = 10;
export const RATE_LIMIT_PER_ADDRESS = 100;

// Abuse limits (issue 10): far above what a person does, well below what a script does. Counted per
// user (per address without one) in fixed windows shared by every instance; 429 with Retry-After.
/** Password sign-in per account and address: free failures, then waits doubling from 1 s up to 15 min (within a day). */
export const LOGIN_FREE_FAILURES = 5;
export const LOGIN_BACKOFF_FIRST_MS = 1000;
export const LOGIN_BACKOFF_MAX_MS = 15 * 60 * 1000;
export const LOGIN_BACKOFF_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Username checks per address and RATE_LIMIT_WINDOW_MS. */
export const CHECK_USERNAME_PER_ADDRESS = 100;
export const CHAT_MESSAGES_PER_MINUTE = 60;
export const CHAT_MESSAGES_PER_DAY = 1000;
export const USER_EVENTS_PER_MINUTE = 60;
export const USER_EVENTS_PER_DAY = 1000;
export const ERROR_REPORTS_PER_MINUTE = 20;
export const ERROR_REPORTS_PER_DAY = 200;
export const BANKID_SESSIONS_PER_HOUR = 20;
export const BANKID_SESSIONS_PER_DAY = 60;
/** Image and chat attachment upload URLs together. */
export const UPLOAD_TICKETS_PER_MINUTE = 60;
export const UPLOAD_TICKETS_PER_DAY = 500;
/** An uploaded file not attached to an ad or a conversation by then is deleted. */
export const UNREGISTERED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

export const SESSION_COOKIE = 'stuga_session';
export const LANG_COOKIE = 'lang';
export const SUPPORT_EMAIL = 'support@stuga.example';

/** Request bodies: JSON is refused past 1 MB (413) while it streams in, and past 64 levels of nesting (400). */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;
export const JSON_MAX_DEPTH = 64;
