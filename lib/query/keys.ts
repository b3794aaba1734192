// Every TanStack Query key of the dashboard, in one place: a write invalidates by these prefixes.
export const queryKeys = {
  conversations: {
    all: ['conversations'] as const,
    list: (tag: number | null) => ['conversations', 'list', { tag }] as const,
    messages: (id: number) => ['conversations', id, 'messages'] as const,
  },
  bookings: {
    all: ['bookings'] as const,
    list: (filters: Record<string, string>) => ['bookings', 'list', filters] as const,
  },
  payments: {
    /** The status of the pay-in the browser came back from (SPEC §4 payment return). */
    return: (transactionId: string) => ['payments', 'return', transactionId] as const,
  },
} as const;
