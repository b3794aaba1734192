import 'server-only';
import { addressBucket } from '@/lib/rules/client-address';
import { and, eq, gt, sql } from 'drizzle-orm';
import {
  BANKID_SESSIONS_PER_DAY,
  BANKID_SESSIONS_PER_HOUR,
  CHAT_MESSAGES_PER_DAY,
  CHAT_MESSAGES_PER_MINUTE,
  CHECK_USERNAME_PER_ADDRESS,
  ERROR_REPORTS_PER_DAY,
  ERROR_REPORTS_PER_MINUTE,
  LOGIN_BACKOFF_FIRST_MS,
  LOGIN_BACKOFF_MAX_MS,
  LOGIN_BACKOFF_WINDOW_MS,
  LOGIN_FREE_FAILURES,
  RATE_LIMIT_PER_ACCOUNT,
  RATE_LIMIT_PER_ADDRESS,
  RATE_LIMIT_WINDOW_MS,
  UPLOAD_TICKETS_PER_DAY,
  UPLOAD_TICKETS_PER_MINUTE,
  USER_EVENTS_PER_DAY,
  USER_EVENTS_PER_MINUTE,
} from '@/lib/constants';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { ApiError } from '../http/errors';

/**
 * A limit on one kind of request: at most `max` counted requests per key in each fixed window of
 * `windowMs`. With `backoff`, requests past `max` are not refused until the window ends but must
 * each wait after the previous one, `firstMs` and then twice as long each time, up to `maxMs`.
 */
export type Rule = {
  bucket: string;
  windowMs: number;
  max: number;
  backoff?: { firstMs: number; maxMs: number };
  /** The 429's message key; it may use {wait} ("30 s", "15 min"). */
  message?: string;
};

/** One rule applied to one key: a user (`user:12`), an address, an account and address. */
export type Check = readonly [Rule, string];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const rule = (bucket: string, windowMs: number, max: number): Rule => ({ bucket, windowMs, max });

/** Every limit, in one place (the numbers are in lib/constants.ts). */
export const limits = {
  chatMessage: [rule('chat-message/min', MINUTE, CHAT_MESSAGES_PER_MINUTE), rule('chat-message/day', DAY, CHAT_MESSAGES_PER_DAY)],
  userEvent: [rule('user-event/min', MINUTE, USER_EVENTS_PER_MINUTE), rule('user-event/day', DAY, USER_EVENTS_PER_DAY)],
  errorReport: [rule('error-report/min', MINUTE, ERROR_REPORTS_PER_MINUTE), rule('error-report/day', DAY, ERROR_REPORTS_PER_DAY)],
  bankIdSession: [rule('bankid/hour', HOUR, BANKID_SESSIONS_PER_HOUR), rule('bankid/day', DAY, BANKID_SESSIONS_PER_DAY)],
  /** "Download my data": a heavy read, a few times a day is plenty. */
  dataExport: [rule('data-export/hour', HOUR, 3), rule('data-export/day', DAY, 10)],
  uploadTicket: [rule('upload-ticket/min', MINUTE, UPLOAD_TICKETS_PER_MINUTE), rule('upload-ticket/day', DAY, UPLOAD_TICKETS_PER_DAY)],
  /** Password sign-in per account and address: a few free failures, then growing waits; never a lock-out for other addresses. */
  loginPair: {
    bucket: 'login/pair',
    windowMs: LOGIN_BACKOFF_WINDOW_MS,
    max: LOGIN_FREE_FAILURES,
    backoff: { firstMs: LOGIN_BACKOFF_FIRST_MS, maxMs: LOGIN_BACKOFF_MAX_MS },
    message: 'errors.loginThrottled',
  } satisfies Rule,
  /** Failed sign-ins from one address, whatever the account. */
  loginAddress: rule('login/address', RATE_LIMIT_WINDOW_MS, RATE_LIMIT_PER_ADDRESS),
  checkUsername: rule('check-username/address', RATE_LIMIT_WINDOW_MS, CHECK_USERNAME_PER_ADDRESS),
  linkAccount: rule('link/account', RATE_LIMIT_WINDOW_MS, RATE_LIMIT_PER_ACCOUNT),
  linkAddress: rule('link/address', RATE_LIMIT_WINDOW_MS, RATE_LIMIT_PER_ADDRESS),
  resetAccount: rule('reset/account', RATE_LIMIT_WINDOW_MS, RATE_LIMIT_PER_ACCOUNT),
  resetAddress: rule('reset/address', RATE_LIMIT_WINDOW_MS, RATE_LIMIT_PER_ADDRESS),
};

/** The same rules for one key: `perKey(limits.chatMessage, userKey(user.id))`. */
export const perKey = (rules: readonly Rule[], key: string): Check[] => rules.map((r) => [r, key] as const);
export const userKey = (userId: number) => `user:${userId}`;
/** One client's key: an IPv6 address counts by its /64 network. */
export const addressKey = (address: string) => `address:${addressBucket(address)}`;

const windowStart = (rule: Rule, now: Date) => new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);

/** The wait a backoff rule asks for after `count` counted requests. */
export function backoffMs(rule: Rule, count: number): number {
  if (!rule.backoff || count < rule.max) return 0;
  return Math.min(rule.backoff.firstMs * 2 ** (count - rule.max), rule.backoff.maxMs);
}

/**
 * Counts one request against each check, in order, with one upsert each: exact across instances
 * and under concurrency, since the row lock orders the increments. A refused request counts
 * nowhere (the checks it passed are given back) and throws 429 with Retry-After.
 */
export async function hit(db: Db, checks: readonly Check[], now = new Date()): Promise<void> {
  const passed: Check[] = [];
  for (const check of checks) {
    if (await tryCount(db, check, now)) {
      passed.push(check);
      continue;
    }
    await refund(db, passed, now);
    throw await refusal(db, check, now);
  }
}

async function tryCount(db: Db, [rule, key]: Check, now: Date): Promise<boolean> {
  const start = windowStart(rule, now);
  const at = now.toISOString();
  const allowed = rule.backoff
    ? sql`${rateLimits.count} < ${rule.max} or ${rateLimits.lastAt} + least(${rule.backoff.firstMs}::float8 * power(2, ${rateLimits.count} - ${rule.max}), ${rule.backoff.maxMs}::float8) * interval '1 millisecond' <= ${at}::timestamptz`
    : sql`${rateLimits.count} < ${rule.max}`;
  const rows = await db
    .insert(rateLimits)
    .values({ bucket: rule.bucket, key, windowStart: start, count: 1, lastAt: now, expiresAt: new Date(start.getTime() + rule.windowMs) })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1`, lastAt: now },
      setWhere: allowed,
    })
    .returning({ count: rateLimits.count });
  // A key's first request in a window is always counted (every max is at least 1); a refused update returns no row.
  return rows.length > 0;
}

async function refusal(db: Db, [rule, key]: Check, now: Date): Promise<ApiError> {
  const start = windowStart(rule, now);
  const windowLeft = start.getTime() + rule.windowMs - now.getTime();
  let waitMs = windowLeft;
  if (rule.backoff) {
    const [row] = await db
      .select({ count: rateLimits.count, lastAt: rateLimits.lastAt })
      .from(rateLimits)
      .where(and(eq(rateLimits.bucket, rule.bucket), eq(rateLimits.key, key), eq(rateLimits.windowStart, start)))
      .limit(1);
    if (row) waitMs = Math.min(windowLeft, row.lastAt.getTime() + backoffMs(rule, row.count) - now.getTime());
  }
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new ApiError(429, rule.message ?? 'errors.tooManyRequests', [], { wait: formatWait(seconds) }, { 'Retry-After': String(seconds) });
}

/** "45 s", "15 min", "3 h": the same abbreviations in Swedish and English. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.ceil(seconds / 60)} min`;
  return `${Math.ceil(seconds / 3600)} h`;
}

/** Gives back requests counted by `hit` with the same `now` (e.g. a sign-in that turned out right). */
export async function refund(db: Db, checks: readonly Check[], now: Date): Promise<void> {
  for (const [rule, key] of checks) {
    await db
      .update(rateLimits)
      .set({ count: sql`${rateLimits.count} - 1` })
      .where(and(eq(rateLimits.bucket, rule.bucket), eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart(rule, now)), gt(rateLimits.count, 0)));
  }
}

/** Forgets every count of a key under a rule (a successful sign-in ends its account and address's waits). */
export async function clear(db: Db, rule: Rule, key: string): Promise<void> {
  await db.delete(rateLimits).where(and(eq(rateLimits.bucket, rule.bucket), eq(rateLimits.key, key)));
}

/** Deletes ended windows, at most `batch` rows a call (the minute sweep calls it); answers how many went. */
export async function pruneRateLimits(db: Db, now = new Date(), batch = 5000): Promise<number> {
  const rows = await db
    .delete(rateLimits)
    .where(
      sql`(${rateLimits.bucket}, ${rateLimits.key}, ${rateLimits.windowStart}) in (select "bucket", "key", "window_start" from "rate_limits" where "expires_at" <= ${now.toISOString()}::timestamptz limit ${batch})`,
    )
    .returning({ bucket: rateLimits.bucket });
  return rows.length;
}
