import 'server-only';
import { eq } from 'drizzle-orm';
import { shares } from '@/lib/rules/booking';
import type { Db } from '../db/client';
import { bookings, moneyIntents, orders, payins } from '../db/schema';

// The receipts of booking money (SPEC §3 Order types PAYIN, REFUND, PAYOUT, FEE), written inside the
// transaction that records the money as moved: a crash leaves both or neither, and the unique
// indexes (orders_payin_key, orders_intent_type_key) make a second writer a no-op.

type Payin = typeof payins.$inferSelect;
type Intent = typeof moneyIntents.$inferSelect;

/** The guest's card payment came in (it may still be refunded: the refund is a receipt of its own). */
export async function payinReceipt(tx: Db, payin: Payin, now: Date) {
  if (!payin.userId) return;
  await tx
    .insert(orders)
    .values({ userId: payin.userId, type: 'PAYIN', amount: payin.amount, status: 'paid', source: 'mangopay', bookingId: payin.bookingId, payinId: payin.id, createdAt: payin.createdAt, paidAt: now })
    .onConflictDoNothing();
}

/** A refund to the guest, or a payout to the host with the platform's fee on the same rent beside it. */
export async function intentReceipts(tx: Db, intent: Intent, now: Date) {
  if (!intent.userId) return;
  const base = { userId: intent.userId, status: 'paid' as const, source: 'mangopay' as const, bookingId: intent.bookingId, intentId: intent.id, createdAt: intent.createdAt, paidAt: now };
  if (intent.kind === 'REFUND') {
    await tx
      .insert(orders)
      .values({ ...base, type: 'REFUND', amount: intent.amount })
      .onConflictDoNothing();
    return;
  }
  const [booking] = await tx
    .select({ totalPrice: bookings.totalPrice, feePercentage: bookings.feePercentage, refundAmount: bookings.refundAmount })
    .from(bookings)
    .where(eq(bookings.id, intent.bookingId))
    .limit(1);
  const refund = intent.purpose === 'RETAINED' ? (booking?.refundAmount ?? 0) : 0;
  const fee = booking ? shares({ totalPrice: booking.totalPrice, feePercentage: booking.feePercentage, refund }).platform : 0;
  await tx
    .insert(orders)
    .values([{ ...base, type: 'PAYOUT', amount: intent.amount }, ...(fee > 0 ? [{ ...base, type: 'FEE' as const, amount: fee }] : [])])
    .onConflictDoNothing();
}
