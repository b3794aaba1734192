import type { Messages } from './messages';

export type Namespace = keyof Messages;

/**
 * What the client components of every page use (the shell, forms' generic errors, sign-in): the
 * root layout sends only these to the browser (issue 12: the whole catalogue was 37 kB of each page).
 * Areas add theirs with <ClientMessages> in their layout. Server components read the full catalogue.
 */
export const SHELL_NAMESPACES = [
  'common',
  'validation',
  'errors',
  'success',
  'login',
  'token',
  'logout',
  'reset',
  'changePassword',
  'menu',
  'crash',
  'unsaved',
  'profileDialog',
  'publicAd',
  'sandbox',
] as const satisfies readonly Namespace[];

/** The namespaces of one area's client components, besides the shell's. */
export const AREA_NAMESPACES = {
  conversations: ['chat', 'conversations'],
  conversationBookings: ['chat', 'booking', 'cottage', 'stayRules', 'feed'],
  bookings: ['booking'],
  cottages: ['cottage', 'images', 'order', 'calendarSync', 'stayRules', 'feed'],
  publicAd: ['chat', 'cottage', 'images'],
  profile: ['profile', 'payout', 'kyc', 'sca'],
  receipts: ['receipts'],
  reviews: ['reviews', 'review'],
} as const satisfies Record<string, readonly Namespace[]>;

export function pickMessages(messages: Messages, namespaces: readonly Namespace[]): Partial<Messages> {
  return Object.fromEntries(namespaces.map((n) => [n, messages[n]]));
}
