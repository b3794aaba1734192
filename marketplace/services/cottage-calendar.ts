import 'server-only';
import { and, asc, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import { calendarWindow, clampRanges, hasAvailablePeriod, type CalendarRange } from '@/lib/rules/calendar';
import { addDays, todayInStockholm } from '@/lib/rules/dates';
import type { VisitStats } from '@/lib/schemas/cottage-stats';
import type { Db } from '../db/client';
import { cottageCalendar, cottages, cottageVisits, lastMinutes, todos } from '../db/schema';
import { ApiError, notFound } from '../http/errors';
import type { CottageRow } from './cottages';

export const CALENDAR_OUTDATED_MONTHS = 3;
export const STATS_DAYS = 60;

/** PUT /:id/calendar: the ranges replace the calendar inside the window (start of this month, 5 years). */
export async function saveCalendar(db: Db, row: CottageRow, ranges: CalendarRange[]): Promise<CalendarRange[]> {
  const window = calendarWindow(todayInStockholm());
  const clean = clampRanges(ranges, window);
  if (row.commission === true && !hasAvailablePeriod(clean)) {
    throw new ApiError(400, 'cottage.calendarNeedsAvailable', [{ field: 'ranges', message: 'cottage.calendarNeedsAvailable' }]);
  }
  await db.transaction(async (tx) => {
    // Saves of one ad take turns: the cottage row stays locked until commit, so a second save's delete
    // sees the first one's rows instead of leaving them next to its own. (Payments and cancellations
    // change the calendar under the same lock.)
    await tx.select({ id: cottages.id }).from(cottages).where(eq(cottages.id, row.id)).for('update');
    // Past months are history: only the window is replaced; a range crossing its start keeps its past part.
    await tx
      .update(cottageCalendar)
      .set({ toDate: window.from })
      .where(and(eq(cottageCalendar.cottageId, row.id), lt(cottageCalendar.fromDate, window.from), gt(cottageCalendar.toDate, window.from)));
    await tx.delete(cottageCalendar).where(and(eq(cottageCalendar.cottageId, row.id), gte(cottageCalendar.fromDate, window.from)));
    if (clean.length) await tx.insert(cottageCalendar).values(clean.map((r) => ({ cottageId: row.id, fromDate: r.from, toDate: r.to, state: r.state })));
    await tx.update(cottages).set({ calendarUpdatedAt: new Date(), updatedAt: new Date() }).where(eq(cottages.id, row.id));
    // The host just updated the calendar: the reminder goes.
    await tx.delete(todos).where(and(eq(todos.userId, row.userId), eq(todos.type, 'OUTDATED_COTTAGE'), eq(todos.refId, row.id)));
  });
  return clean;
}

export async function readCalendar(db: Db, cottageId: number): Promise<CalendarRange[]> {
  const rows = await db.select().from(cottageCalendar).where(eq(cottageCalendar.cottageId, cottageId)).orderBy(asc(cottageCalendar.fromDate));
  return rows.map((r) => ({ from: r.fromDate, to: r.toDate, state: r.state as CalendarRange['state'] }));
}

export async function listLastMinutes(db: Db, cottageId: number) {
  const rows = await db.select().from(lastMinutes).where(eq(lastMinutes.cottageId, cottageId)).orderBy(asc(lastMinutes.fromDate)).limit(100);
  return rows.map((r) => ({ id: r.id, from_date: r.fromDate, to_date: r.toDate, price: r.price, title_sv: r.titleSv, title_en: r.titleEn, title_de: r.titleDe }));
}

export async function deleteLastMinute(db: Db, cottageId: number, id: number) {
  const deleted = await db
    .delete(lastMinutes)
    .where(and(eq(lastMinutes.id, id), eq(lastMinutes.cottageId, cottageId)))
    .returning({ id: lastMinutes.id });
  if (!deleted.length) throw notFound();
}

/** A visit of the public ad page counts for that Stockholm day. */
export async function countVisit(db: Db, cottageId: number): Promise<void> {
  await db
    .insert(cottageVisits)
    .values({ cottageId, day: todayInStockholm(), visits: 1 })
    .onConflictDoUpdate({ target: [cottageVisits.cottageId, cottageVisits.day], set: { visits: sql`${cottageVisits.visits} + 1` } });
}

/** GET /:id/stats: visits per day for the last 60 days (zeros included) and their total. */
export async function visitStats(db: Db, cottageId: number): Promise<VisitStats> {
  const today = todayInStockholm();
  const from = addDays(today, -(STATS_DAYS - 1));
  const rows = await db
    .select({ day: cottageVisits.day, visits: cottageVisits.visits })
    .from(cottageVisits)
    .where(and(eq(cottageVisits.cottageId, cottageId), gte(cottageVisits.day, from)))
    .orderBy(desc(cottageVisits.day));
  const byDay = new Map(rows.map((r) => [r.day, r.visits]));
  const out: VisitStats['rows'] = [];
  for (let day = from; day <= today; day = addDays(day, 1)) out.push({ date: day, visits: byDay.get(day) ?? 0 });
  return { total: out.reduce((sum, r) => sum + r.visits, 0), rows: out };
}
