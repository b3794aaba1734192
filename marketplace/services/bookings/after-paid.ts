import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, conversations } from '../../db/schema';
import { log } from '../../log';
import { insurance } from '../../providers/insurance';
import { addBookingMessage } from '../conversations/messages';
import type { ConversationRow } from '../conversations/access';
import { crashPoint } from '../crash-point';
import { closePendingTodo, day, type Tx } from './access';
import { markBooked } from './calendar';

/**
 * After a booking is paid, once: the chat message, the calendar and the guest's to-do (claimed by
 * setting calendar_before, in one transaction); then the insurance, until the insurer has given a number. The sweep
 * runs this again for paid bookings a crash or an insurer failure left unfinished.
 */
export async function afterPaid(db: Db, bookingId: number) {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!booking || !booking.paidAt || booking.status !== 'PAID') return;
  // The claim and its steps commit together: a crash leaves either all of them done or none (and
  // calendar_before still empty for the sweep to find).
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Tx;
    const [claim] = await tx
      .update(bookings)
      .set({ calendarBefore: [] })
      .where(and(eq(bookings.id, bookingId), isNull(bookings.calendarBefore)))
      .returning({ id: bookings.id });
    if (!claim) return;
    if (booking.markAsBookedIfAccepted) await markBooked(tx, booking);
    await closePendingTodo(tx, booking);
    const [conversation] = await tx.select().from(conversations).where(eq(conversations.id, booking.conversationId)).limit(1);
    if (conversation) await addBookingMessage(tx, conversation as ConversationRow, booking.guestId, 'booking_paid', bookingId);
    crashPoint('paid:after-steps');
  });
  if (booking.insurance && !booking.omocomId) {
    try {
      const omocomId = await insurance.insure({ bookingId, checkIn: day(booking.checkIn), checkOut: day(booking.checkOut), amount: booking.totalPrice });
      await db
        .update(bookings)
        .set({ omocomId })
        .where(and(eq(bookings.id, bookingId), isNull(bookings.omocomId)));
    } catch (error) {
      log.error({ err: error, bookingId }, 'insurance failed; the sweep tries again');
    }
  }
}
