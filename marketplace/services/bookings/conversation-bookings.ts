import 'server-only';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { BookingRole } from '@/lib/rules/booking';
import type { Db } from '../../db/client';
import { bookings, messages } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { participantOf } from '../conversations/access';
import { settle } from './access';
import { bookingDto } from './dto';

// The bookings of one conversation, as the chat shows them.

/** GET /api/conversations/{id}/bookings: the offers of one conversation, newest first. */
export async function conversationBookingList(db: Db, actor: SessionUser, conversationId: number, now = new Date()) {
  const { role } = await participantOf(db, actor, conversationId);
  const rows = await db.select().from(bookings).where(eq(bookings.conversationId, conversationId)).orderBy(desc(bookings.id));
  const settled = await Promise.all(rows.map((r) => settle(db, r, now)));
  return Promise.all(settled.map((r) => bookingDto(db, r, role, now)));
}

/** The conversation's most recent stay that has ended (settled first), or null. */
export async function lastEndedStay(db: Db, conversationId: number, now = new Date()): Promise<number | null> {
  const rows = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.conversationId, conversationId), inArray(bookings.status, ['PAID', 'FINISHED'])))
    .orderBy(desc(bookings.checkOut));
  for (const r of rows) if ((await settle(db, r, now)).status === 'FINISHED') return r.id;
  return null;
}

/** SPEC §4: the host may ask the guest for a review once a stay in the conversation has ended, once per stay. */
export async function canAskForReview(db: Db, conversationId: number, role: BookingRole, now = new Date()): Promise<boolean> {
  if (role !== 'host') return false;
  const ended = await lastEndedStay(db, conversationId, now);
  if (!ended) return false;
  const [asked] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.type, 'ask_for_review'), sql`(${messages.meta} ->> 'booking_id')::int = ${ended}`))
    .limit(1);
  return !asked;
}
