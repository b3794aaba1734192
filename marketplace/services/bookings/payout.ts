import 'server-only';
import { eq } from 'drizzle-orm';
import { payoutDueAt, shares } from '@/lib/rules/booking';
import type { Db } from '../../db/client';
import { bookings } from '../../db/schema';
import { crashPoint } from '../crash-point';
import { recordIntent, runIntent } from '../money-intents';
import { day, type BookingRow, type Tx } from './access';

/** Pays one booking's host out if it is due at `now` (the sweep's step for one booking; tests race it against a cancel). */
export async function payOutIfDue(db: Db, bookingId: number, now = new Date()): Promise<boolean> {
  const [b] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!b || b.paidOutAt || payoutDueAt({ check_in: day(b.checkIn) }) > now) return false;
  return payOut(db, b, now);
}

/**
 * The host's share goes to their wallet and on to their bank, once: the rent less the platform's
 * fee for a stay, or for a cancelled booking the rent the guest did not get back less the fee on it
 * (issue 11 §3). The decision is made with the booking row locked, against its status at that
 * moment (a cancel decides under the same lock, so exactly one of them wins), and recorded as a
 * payout intent the money job carries out with the provider's idempotency key. Returns whether the
 * payout is made.
 */
export async function payOut(db: Db, booking: BookingRow, now: Date): Promise<boolean> {
  const intent = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Tx;
    const [current] = await tx.select().from(bookings).where(eq(bookings.id, booking.id)).for('update').limit(1);
    if (!current || current.paidOutAt || !current.paidAt) return null;
    const refund = current.status === 'CANCELLED' ? (current.refundAmount ?? 0) : current.status === 'PAID' || current.status === 'FINISHED' ? 0 : null;
    if (refund === null) return null;
    const { host } = shares({ totalPrice: current.totalPrice, feePercentage: current.feePercentage, refund });
    const recorded = await recordIntent(tx, { kind: 'PAYOUT', purpose: current.status === 'CANCELLED' ? 'RETAINED' : 'STAY', bookingId: current.id, userId: current.hostId, amount: host });
    crashPoint('payout:before-intent');
    return recorded;
  });
  if (!intent) return false;
  crashPoint('payout:after-intent');
  return (await runIntent(db, intent.id, now)) === 'SUCCEEDED';
}
