// SPEC §4: what a guest gets back on cancelling — 100 % before the full-refund deadline, 50 % of the
// rent before the half deadline, otherwise nothing; deadlines at 23:59 Europe/Stockholm, the given
// number of days before arrival. No cancelling after check-in.
import { addDays, stockholmTime, type Day } from './dates';

export type CancellationPolicy = { cancel_for_full_refund_in_days: number; cancel_for_half_refund_in_days: number };

/** The last instant of the day `days` before check-in, in Stockholm. */
export const refundDeadline = (checkIn: Day, days: number) => stockholmTime(addDays(checkIn, -days), '23:59:59');

export function refundFor(input: { totalPrice: number; checkIn: Day; policy: CancellationPolicy; at: Date }): { percent: 0 | 50 | 100; amount: number } {
  if (!Number.isInteger(input.totalPrice)) throw new TypeError('Money is integer öre');
  const t = input.at.getTime();
  if (t <= refundDeadline(input.checkIn, input.policy.cancel_for_full_refund_in_days).getTime()) return { percent: 100, amount: input.totalPrice };
  if (t <= refundDeadline(input.checkIn, input.policy.cancel_for_half_refund_in_days).getTime()) return { percent: 50, amount: Math.floor(input.totalPrice / 2) };
  return { percent: 0, amount: 0 };
}

/** SPEC §4: no cancel after check-in (check-in day from 00:00 in Stockholm). */
export const canCancelBefore = (checkIn: Day, at: Date) => at.getTime() < stockholmTime(checkIn, '00:00:00').getTime();
