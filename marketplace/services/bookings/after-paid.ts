import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, conversations } from '../../db/schema';
import { log } from '../../log';
import { insurance } from '../../providers/insurance';
import { addBookingMessage } from '../conversations/messages';
import type { ConversationRow } from '../conversations/access';
import { closePendingTodo, day } from './access';
import { markBooked } from './calendar';

/**
 * After a booking is paid, once: the chat message, the calendar and the guest's to-do (claimed by
 * setting calendar_before); then the insurance, until the insurer has given a number. The sweep
 * runs this again for paid bookings a crash or an insurer failure left unfinished.
 */
export async function afterPaid(db: Db, bookingId: number) {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!booking || !booking.paidAt || booking.status !== 'PAID') return;
  const [claim] = await db
    .update(bookings)
    .set({ calendarBefore: [] })
    .where(and(eq(bookings.id, bookingId), isNull(bookings.calendarBefore)))
    .returning({ id: bookings.id });
  if (claim) {
    if (booking.markAsBookedIfAccepted) await markBooked(db, booking);
    await closePendingTodo(db, booking);
    const [conversation] = await db.select().from(conversations).where(eq(conversations.id, booking.conversationId)).limit(1);
    if (conversation) await addBookingMessage(db, conversation as ConversationRow, booking.guestId, 'booking_paid', bookingId);
  }
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
