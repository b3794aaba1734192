import 'server-only';
import { cache } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { makeQueryClient } from './client';
import { retryDelay, shouldRetry } from './retry';

/** The server request's QueryClient: pages prefetch into it and hand it over with dehydrate + HydrationBoundary. */
export const getQueryClient = cache(makeQueryClient);

/**
 * A server read that SPEC §7 retries (cancellation policies, a conversation's offers): 3 attempts,
 * 2 s apart, none after a 4xx. apiGet forgets a failed answer (remember-answers.ts), so a retry asks again.
 */
export function fetchWithRetries<T>(queryKey: QueryKey, load: () => Promise<T>): Promise<T> {
  return getQueryClient().fetchQuery({ queryKey, queryFn: load, retry: shouldRetry, retryDelay });
}
