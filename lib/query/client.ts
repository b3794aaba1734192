import { QueryClient, isServer } from '@tanstack/react-query';
import { retryDelay, shouldRetry } from './retry';

/** Data a server component prefetched is fresh this long: the client does not ask again at once. */
const STALE_MS = 30_000;

/**
 * One QueryClient per browser tab (and one per server request, see lib/query/server.ts). In the browser
 * queries retry per SPEC §9; on the server a failed prefetch is left to the client, which retries and
 * shows the error with its retry button, so that a slow API never holds the page back by 4 s.
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: STALE_MS, retry: isServer ? false : shouldRetry, retryDelay },
      mutations: { retry: false },
    },
  });
}
