// Every TanStack Query key of the dashboard, in one place: a write invalidates by these prefixes.
export const queryKeys = {
  conversations: {
    all: ['conversations'] as const,
    lists: ['conversations', 'list'] as const,
    list: (tag: number | null) => ['conversations', 'list', { tag }] as const,
    messages: (id: number) => ['conversations', id, 'messages'] as const,
    bookings: (id: number) => ['conversations', id, 'bookings'] as const,
  },
  bookings: {
    all: ['bookings'] as const,
    lists: ['bookings', 'list'] as const,
    list: (filters: Record<string, string>) => ['bookings', 'list', filters] as const,
  },
  receipts: {
    all: ['receipts'] as const,
    list: (filters: Record<string, string>) => ['receipts', 'list', filters] as const,
  },
  reviews: {
    all: ['reviews'] as const,
    list: ['reviews', 'list'] as const,
    /** What waits for an administrator's approval (GET /api/admin/reviews). */
    waiting: ['reviews', 'waiting'] as const,
  },
  cancellationPolicies: ['cancellation-policies'] as const,
  cottages: {
    /** An ad's calendar sync: export URL, imported feeds and their periods (GET /api/cottages/{id}/feeds). */
    feeds: (id: number) => ['cottages', id, 'feeds'] as const,
    /** An ad's stay rules (GET /api/cottages/{id}/stay-rules): the editor's rules step and the offer form. */
    stayRules: (id: number) => ['cottages', id, 'stay-rules'] as const,
  },
  payments: {
    /** The status of the pay-in the browser came back from (SPEC §4 payment return). */
    return: (transactionId: string) => ['payments', 'return', transactionId] as const,
  },
} as const;
