// SPEC §4 "Payment flow": after the return from the payment provider the status is asked first after
// 700 ms, then every 1.5 s, until it is settled, for at most 30 s (then 408 'poll_timeout', Try Again).
import { PAYMENT_POLL_FIRST_MS, PAYMENT_POLL_INTERVAL_MS, PAYMENT_POLL_TIMEOUT_MS } from '../constants';

export const POLL_TIMEOUT_STATUS = 408;
export const POLL_TIMEOUT_CODE = 'poll_timeout';

/** How long until the next ask, after `asked` asks so far; false once the answer is settled. */
export function paymentPollDelay(asked: number, settled: boolean): number | false {
  if (settled) return false;
  return asked === 0 ? PAYMENT_POLL_FIRST_MS : PAYMENT_POLL_INTERVAL_MS;
}

/** Whether a poll started at `startedAt` has run out of time at `now`. */
export const paymentPollTimedOut = (startedAt: number, now: number) => now - startedAt >= PAYMENT_POLL_TIMEOUT_MS;
