import type { Messages } from './messages';

export type Namespace = keyof Messages;

/**
 * What the client components of every page use (the shell's menu and dialogs, forms' generic errors,
 * the error boundary): the root layout sends only these to the browser (issue 12: the whole catalogue
 * was 37 kB of each page). Areas add theirs with <ClientMessages> in their layout, so that a page
 * carries only the messages its client components use. Server components read the full catalogue.
 */
export const SHELL_NAMESPACES = ['common', 'validation', 'errors', 'menu', 'crash', 'unsaved', 'profileDialog'] as const satisfies readonly Namespace[];

/**
 * Part of a catalogue an area sends: a namespace whole, or only the keys of a namespace that the
 * area's client components use, `[namespace, keys]`, where a key ending in `_` picks every key it
 * begins (`status_` → `status_PAID`, …). Each client message costs the page: on the signed-in to-do
 * page, 17 kB more messages took its throughput from 0.85 to 0.6 of the trivial page
 * (docs/performance.md). tests/unit/client-messages.test.ts checks the keyed picks against the
 * components' `t()` calls.
 */
export type MessagePart = Namespace | readonly [Namespace, readonly string[]];

/** The messages of one area's client components, besides the shell's. */
export const AREA_NAMESPACES = {
  // The inbox: components/chat/inbox-list.tsx.
  inbox: [['chat', ['about', 'deletedUser', 'listFailed', 'retry', 'unread', 'preview_', 'tag_']], 'conversations'],
  conversations: ['chat', 'conversations'],
  conversationBookings: ['chat', 'booking', 'cottage', 'stayRules', 'feed'],
  // My Bookings: components/bookings/bookings-list.tsx, booking-filters.tsx and status-chip.tsx.
  bookings: [
    [
      'booking',
      [
        'addReview',
        'bookingNumber',
        'deleted',
        'emptyFiltered',
        'emptyNone',
        'goToConversation',
        'guestName',
        'guestsCount',
        'listFailed',
        'tryAgain',
        'viewBooking',
        'yourStay',
        'minCheckIn',
        'maxCheckIn',
        'orderBy',
        'statusAll',
        'statusFilter',
        'order_',
        'status_',
      ],
    ],
  ],
  cottages: ['cottage', 'images', 'order', 'calendarSync', 'stayRules', 'feed'],
  publicAd: ['chat', 'cottage', 'images', 'publicAd'],
  auth: ['login', 'token', 'logout', 'reset', 'success'],
  changePassword: ['changePassword', 'success'],
  sandbox: ['sandbox'],
  profile: ['profile', 'payout', 'kyc', 'sca'],
  receipts: ['receipts'],
  reviews: ['reviews', 'review'],
} as const satisfies Record<string, readonly MessagePart[]>;

const picked = (keys: readonly string[]) => (key: string) => keys.some((k) => (k.endsWith('_') ? key.startsWith(k) : key === k));

export function pickMessages(messages: Messages, parts: readonly MessagePart[]): Partial<Messages> {
  return Object.fromEntries(
    parts.map((part) => {
      if (typeof part === 'string') return [part, messages[part]];
      const [namespace, keys] = part;
      const all = messages[namespace] as Record<string, unknown>;
      return [namespace, Object.fromEntries(Object.entries(all).filter(([key]) => picked(keys)(key)))];
    }),
  );
}
