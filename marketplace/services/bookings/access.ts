import 'server-only';
import { and, eq } from 'drizzle-orm';
import { statusAt, type BookingRole } from '@/lib/rules/booking';
import type { Db } from '../../db/client';
import { bookingEvents, bookings, todos, type TimelineState, type TimelineType } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { ApiError } from '../../http/errors';

// One booking as its parties reach it: the access check, what time has done to it, its timeline events.

export type BookingRow = typeof bookings.$inferSelect;
export type Tx = Db;

const notFound = () => new ApiError(404, 'booking.notFound');
export const day = (d: string | Date) => (typeof d === 'string' ? d : d.toISOString().slice(0, 10));
export const clock = (b: BookingRow) => ({ status: b.status, check_in: b.checkIn, check_out: b.checkOut, booking_expiration_date: b.bookingExpirationDate.toISOString() });

/** The booking if the actor is its host or guest; anyone else learns nothing (404). Time-based moves are applied first. */
export async function bookingOf(db: Db, actor: SessionUser, id: number, now = new Date()): Promise<{ booking: BookingRow; role: BookingRole }> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  if (!row) throw notFound();
  const role: BookingRole | null = row.hostId === actor.id ? 'host' : row.guestId === actor.id ? 'guest' : null;
  if (!role) throw notFound();
  return { booking: await settle(db, row, now), role };
}

/** Applies what time has done to one booking (expired offer, finished stay) so a reader never sees a stale state. */
export async function settle(db: Db, row: BookingRow, now: Date): Promise<BookingRow> {
  const next = statusAt(clock(row), now);
  if (next === row.status) return row;
  const [updated] = await db
    .update(bookings)
    .set({ status: next, ...(next === 'FINISHED' ? { finishedAt: now } : {}) })
    .where(and(eq(bookings.id, row.id), eq(bookings.status, row.status)))
    .returning();
  if (next === 'EXPIRED') await closePendingTodo(db, row);
  if (updated) return updated;
  const [fresh] = await db.select().from(bookings).where(eq(bookings.id, row.id)).limit(1);
  return fresh!;
}

export async function closePendingTodo(db: Db, row: BookingRow) {
  await db
    .update(todos)
    .set({ read: true })
    .where(and(eq(todos.userId, row.guestId), eq(todos.type, 'PENDING_BOOKING'), eq(todos.refId, row.id)));
}

export async function event(db: Db, bookingId: number, type: TimelineType, state: TimelineState, userId: number | null, amount: number | null, date = new Date()) {
  await db.insert(bookingEvents).values({ bookingId, type, state, userId, amount, date });
}
