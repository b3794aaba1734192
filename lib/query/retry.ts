import { RETRY_ATTEMPTS, RETRY_WAIT_MS } from '../constants';
import { isFinal } from '../api/errors';

/**
 * SPEC §9 retries for every query: 3 attempts in all, 2 s apart; a 4xx answer is final at once.
 * TanStack Query asks after each failure with the failures before it (0 after the first attempt).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return !isFinal(error) && failureCount < RETRY_ATTEMPTS - 1;
}

export const retryDelay = () => RETRY_WAIT_MS;
