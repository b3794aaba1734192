import { RETRY_ATTEMPTS, RETRY_WAIT_MS } from '../constants';
import { ApiResponseError } from './server';

/** SPEC §9: 3 attempts, 2 s apart. A 4xx answer is final at once (401 logs out, 404 will not change). */
export async function withRetries<T>(load: () => Promise<T>, attempts = RETRY_ATTEMPTS, waitMs = RETRY_WAIT_MS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      const final = attempt >= attempts || (error instanceof ApiResponseError && error.status < 500);
      if (final) throw error;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}
