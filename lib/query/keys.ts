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
  payments: {
    /** The status of the pay-in the browser came back from (SPEC §4 payment return). */
    return: (transactionId: string) => ['payments', 'return', transactionId] as const,
  },
} as const;
