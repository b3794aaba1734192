import 'server-only';
import { and, eq } from 'drizzle-orm';
import { bookingActions } from '@/lib/rules/booking';
import { refundFor } from '@/lib/rules/refund';
import type { Db } from '../../db/client';
import { bookedNights, bookingEvents, bookings, cancellationPolicies, conversations, moneyIntents, payins } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { ApiError } from '../../http/errors';
import { addBookingMessage } from '../conversations/messages';
import { crashPoint } from '../crash-point';
import { recordIntent, runIntent } from '../money-intents';
import { bookingOf, clock, closePendingTodo, day, type Tx } from './access';
import { restoreCalendar } from './calendar';
import { bookingDto } from './dto';

/** PUT /api/bookings/{id}/cancel: SPEC §4 — either side while pending, the guest while paid and before check-in (with the refund the rule gives). */
export async function cancelBooking(db: Db, actor: SessionUser, id: number, reason: string, now = new Date()) {
  const { booking, role } = await bookingOf(db, actor, id, now);
  const actions = bookingActions(clock(booking), role, now);
  if (!actions.cancel) throw new ApiError(403, actions.contactSupportToCancel ? 'booking.hostCannotCancelPaid' : 'booking.notAllowed');
  const [policy] = await db.select().from(cancellationPolicies).where(eq(cancellationPolicies.id, booking.cancellationPolicyId)).limit(1);
  const refund =
    booking.status === 'PAID' && policy
      ? refundFor({
          totalPrice: booking.totalPrice,
          checkIn: day(booking.checkIn),
          policy: { cancel_for_full_refund_in_days: policy.cancelForFullRefundInDays, cancel_for_half_refund_in_days: policy.cancelForHalfRefundInDays },
          at: now,
        })
      : null;

  // One transaction with the booking row locked decides cancel against payout (issue 11 §2): the
  // payout's decision locks the same row, so whichever comes second sees the first and does nothing.
  // The refund is recorded as an intent in the same transaction, and carried out after it.
  const decided = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Tx;
    const [current] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update').limit(1);
    if (!current || current.status !== booking.status || current.paidOutAt) return null;
    const [payout] = await tx
      .select({ id: moneyIntents.id })
      .from(moneyIntents)
      .where(and(eq(moneyIntents.bookingId, id), eq(moneyIntents.kind, 'PAYOUT')))
      .limit(1);
    if (payout) return null;
    const [cancelled] = await tx
      .update(bookings)
      .set({ status: 'CANCELLED', cancelledAt: now, cancelledBy: actor.id, cancellationReason: reason, refundAmount: refund?.amount ?? null })
      .where(eq(bookings.id, id))
      .returning();
    await tx.insert(bookingEvents).values({ bookingId: id, type: 'CANCELLED', state: 'NEUTRAL', userId: actor.id, amount: null, date: now });
    // Paid nights and a pending offer's hold are free again.
    await tx.delete(bookedNights).where(eq(bookedNights.bookingId, id));
    let intent = null;
    if (booking.status === 'PAID' && refund && refund.amount > 0) {
      const [payin] = await tx
        .select()
        .from(payins)
        .where(and(eq(payins.bookingId, id), eq(payins.status, 'SUCCEEDED')))
        .limit(1);
      if (payin) intent = await recordIntent(tx, { kind: 'REFUND', purpose: 'CANCEL', bookingId: id, payinId: payin.id, userId: payin.userId ?? booking.guestId, amount: refund.amount });
    }
    // The rest of the cancel commits with it (issue 11): the calendar gets its nights back, the
    // guest's to-do closes and the chat says so, or none of it happens.
    if (booking.status === 'PAID' && cancelled!.markAsBookedIfAccepted && cancelled!.calendarBefore) await restoreCalendar(tx, cancelled!);
    await closePendingTodo(tx, booking);
    const [conversation] = await tx.select().from(conversations).where(eq(conversations.id, booking.conversationId)).limit(1);
    if (conversation) await addBookingMessage(tx, conversation, actor.id, 'booking_cancelled', id);
    crashPoint('refund:before-intent');
    return { cancelled: cancelled!, intent };
  });
  if (!decided) throw new ApiError(409, 'booking.changed');
  crashPoint('refund:after-intent');
  if (decided.intent) await runIntent(db, decided.intent.id, now);
  const [fresh] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  return bookingDto(db, fresh!, role, now);
}
