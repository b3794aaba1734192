import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { daysOf, normalizeRanges, setRange, type CalendarRange, type CalendarState } from '@/lib/rules/calendar';
import { addDays } from '@/lib/rules/dates';
import { bookings, cottageCalendar, cottages } from '../../db/schema';
import { day, type BookingRow, type Tx } from './access';

// A paid booking in the ad's calendar: its nights marked booked, and given back when it is cancelled.

/**
 * Changes a cottage's calendar inside the caller's transaction, with the cottage row locked: two
 * payments or cancellations of the same cottage settle one after the other instead of overwriting
 * each other, and the change commits (or not) with the booking's own change.
 */
async function editCalendar(tx: Tx, cottageId: number, change: (ranges: CalendarRange[]) => CalendarRange[]) {
  await tx.select({ id: cottages.id }).from(cottages).where(eq(cottages.id, cottageId)).for('update');
  const rows = await tx.select().from(cottageCalendar).where(eq(cottageCalendar.cottageId, cottageId)).orderBy(asc(cottageCalendar.fromDate));
  const ranges = change(rows.map((r) => ({ from: day(r.fromDate), to: day(r.toDate), state: r.state as CalendarState })));
  await tx.delete(cottageCalendar).where(eq(cottageCalendar.cottageId, cottageId));
  if (ranges.length) await tx.insert(cottageCalendar).values(ranges.map((r) => ({ cottageId, fromDate: r.from, toDate: r.to, state: r.state })));
}

/** Paying marks the stay's nights booked (state 1), remembering what they were so cancelling can give them back. */
export async function markBooked(tx: Tx, booking: BookingRow) {
  let before: CalendarRange[] = [];
  await editCalendar(tx, booking.cottageId, (ranges) => {
    before = normalizeRanges(daysOf(ranges, day(booking.checkIn), day(booking.checkOut)).map((d) => ({ from: d.day, to: addDays(d.day, 1), state: d.state })));
    return setRange(ranges, { from: day(booking.checkIn), to: day(booking.checkOut), state: 1 });
  });
  await tx.update(bookings).set({ calendarBefore: before }).where(eq(bookings.id, booking.id));
}

export async function restoreCalendar(tx: Tx, booking: BookingRow) {
  await editCalendar(tx, booking.cottageId, (current) => {
    // Nights with nothing recorded before were unknown (0); the rest get their earlier state back.
    let ranges = setRange(current, { from: day(booking.checkIn), to: day(booking.checkOut), state: 0 });
    for (const r of booking.calendarBefore ?? []) ranges = setRange(ranges, { from: r.from, to: r.to, state: r.state as CalendarState });
    return ranges;
  });
}
