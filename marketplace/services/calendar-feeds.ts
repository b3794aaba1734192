import 'server-only';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import ical from 'node-ical';
import icalGenerator from 'ical-generator';
import {
  eventPeriod,
  FEED_FAILING_REMINDER_MS,
  FEED_MAX_EVENTS,
  FEED_SYNC_MINUTES,
  FEEDS_PER_COTTAGE,
  firstOverlap,
  mergePeriods,
  withinWindow,
  type FeedError,
  type IcalDate,
  type ImportedPeriod,
  type Period,
} from '@/lib/rules/ical';
import { todayInStockholm, type Day } from '@/lib/rules/dates';
import type { FeedBody } from '@/lib/schemas/calendar-feeds';
import { config } from '../config';
import type { Db } from '../db/client';
import { bookings, calendarFeeds, cottageCalendar, cottageIcalTokens, cottages, importedPeriods, todos } from '../db/schema';
import { ApiError, notFound } from '../http/errors';
import { log } from '../log';
import { fetchFeed } from '../providers/feed-fetch';
import { createHash } from 'node:crypto';
import { constantTimeEqual } from './crypto';
import { mac } from './image-files';
import type { CottageRow } from './cottages';

// Issue 18, calendar sync: each ad exports its booked and blocked nights as a secret, revocable
// iCalendar feed, and imports the feeds of other sites (Airbnb, Booking.com, …) as blocked nights
// marked with their source, fetched every 30 minutes and on demand. Offers and payments over an
// imported night are refused; an import over a Stuga booking is never dropped: it raises a to-do.

type FeedRow = typeof calendarFeeds.$inferSelect;

// ——— Export ———

async function generation(db: Db, cottageId: number): Promise<number> {
  const [row] = await db.insert(cottageIcalTokens).values({ cottageId }).onConflictDoNothing().returning({ generation: cottageIcalTokens.generation });
  if (row) return row.generation;
  const [existing] = await db.select({ generation: cottageIcalTokens.generation }).from(cottageIcalTokens).where(eq(cottageIcalTokens.cottageId, cottageId)).limit(1);
  return existing!.generation;
}

const tokenFor = (cottageId: number, gen: number) => mac('ical-export', `${cottageId}:${gen}`).slice(0, 32);
export const exportUrlOf = (cottageId: number, token: string) => `${config.publicUrl}/ical/${cottageId}/${token}.ics`;

/** The ad's export URL (the secret made the first time it is asked for). */
export async function exportUrl(db: Db, cottageId: number): Promise<string> {
  return exportUrlOf(cottageId, tokenFor(cottageId, await generation(db, cottageId)));
}

/** POST /api/cottages/{id}/ical/revoke: a new secret; the old URL stops working. */
export async function revokeExport(db: Db, cottageId: number): Promise<string> {
  await generation(db, cottageId);
  const [row] = await db
    .update(cottageIcalTokens)
    .set({ generation: sql`${cottageIcalTokens.generation} + 1`, createdAt: new Date() })
    .where(eq(cottageIcalTokens.cottageId, cottageId))
    .returning({ generation: cottageIcalTokens.generation });
  return exportUrlOf(cottageId, tokenFor(cottageId, row!.generation));
}

/**
 * GET /ical/{cottageId}/{token}.ics: the booked (paid stays, nights marked booked) and blocked
 * (unavailable nights, other sites' bookings) periods as all-day events, no guest's data in them.
 */
export async function exportCalendar(db: Db, cottageId: number, token: string, now = new Date()): Promise<{ body: string; etag: string }> {
  const [row] = await db.select({ generation: cottageIcalTokens.generation }).from(cottageIcalTokens).where(eq(cottageIcalTokens.cottageId, cottageId)).limit(1);
  if (!row || !constantTimeEqual(token, tokenFor(cottageId, row.generation))) throw notFound();
  const today = todayInStockholm(now);
  const [paid, ranges, imported] = await Promise.all([
    db
      .select({ from: bookings.checkIn, to: bookings.checkOut })
      .from(bookings)
      .where(and(eq(bookings.cottageId, cottageId), inArray(bookings.status, ['PAID', 'FINISHED']), sql`${bookings.checkOut} > ${today}::date - 366`)),
    db
      .select()
      .from(cottageCalendar)
      .where(and(eq(cottageCalendar.cottageId, cottageId), inArray(cottageCalendar.state, [1, 2]))),
    db.select({ from: importedPeriods.fromDate, to: importedPeriods.toDate }).from(importedPeriods).where(eq(importedPeriods.cottageId, cottageId)),
  ]);
  const periods = mergePeriods([
    ...paid.map((p) => ({ from: String(p.from), to: String(p.to), summary: 'Booked' })),
    ...ranges.map((r) => ({ from: String(r.fromDate), to: String(r.toDate), summary: r.state === 1 ? 'Booked' : 'Blocked' })),
    ...imported.map((p) => ({ from: String(p.from), to: String(p.to), summary: 'Blocked' })),
  ]).filter((p) => withinWindow(p, today));
  const calendar = icalGenerator({ name: `Stuga ${cottageId}`, prodId: { company: 'Stuga', product: 'calendar', language: 'EN' }, timezone: 'Europe/Stockholm' });
  for (const p of periods) {
    // All-day: DTSTART;VALUE=DATE is the first night, DTEND the day of departure (exclusive).
    calendar.createEvent({ id: `${cottageId}-${p.from}-${p.to}-${p.summary.toLowerCase()}@stuga`, start: dayDate(p.from), end: dayDate(p.to), allDay: true, summary: p.summary, stamp: now });
  }
  const body = calendar.toString();
  return {
    body,
    etag: `"${createHash('sha256')
      .update(body.replace(/^DTSTAMP:.*$/gm, ''))
      .digest('base64url')
      .slice(0, 27)}"`,
  };
}

/** A calendar day as the Date ical-generator writes as that DATE (it formats all-day dates from their UTC parts). */
const dayDate = (day: Day) => new Date(`${day}T00:00:00Z`);

// ——— Import ———

export type FeedView = {
  id: number;
  name: string;
  url: string;
  last_success_at: string | null;
  last_error: FeedError | null;
  failing_since: string | null;
  event_count: number;
  conflicts: { booking_id: number; conversation_id: number; from: Day; to: Day }[];
};

function feedView(f: FeedRow, conflicts: FeedView['conflicts'] = []): FeedView {
  return {
    id: f.id,
    name: f.name,
    url: f.url,
    last_success_at: f.lastSuccessAt?.toISOString() ?? null,
    last_error: f.lastError,
    failing_since: f.failingSince?.toISOString() ?? null,
    event_count: f.eventCount,
    conflicts,
  };
}

/** Stuga's paid stays of the ad that share a night with an imported period (shown as warnings on both). */
async function conflictsOf(db: Db, cottageId: number) {
  const [paid, imported] = await Promise.all([
    db
      .select({ id: bookings.id, conversationId: bookings.conversationId, from: bookings.checkIn, to: bookings.checkOut })
      .from(bookings)
      .where(and(eq(bookings.cottageId, cottageId), inArray(bookings.status, ['PAID', 'FINISHED']))),
    db.select().from(importedPeriods).where(eq(importedPeriods.cottageId, cottageId)),
  ]);
  const out = new Map<number, FeedView['conflicts']>();
  for (const p of imported) {
    const hit = firstOverlap(
      { from: String(p.fromDate), to: String(p.toDate) },
      paid.map((b) => ({ id: b.id, conversationId: b.conversationId, from: String(b.from), to: String(b.to) })),
    );
    if (hit) out.set(p.feedId, [...(out.get(p.feedId) ?? []), { booking_id: hit.id, conversation_id: hit.conversationId, from: String(p.fromDate), to: String(p.toDate) }]);
  }
  return out;
}

/** GET /api/cottages/{id}/feeds: the export URL, the imported feeds with their health, and the imported periods (for the calendar editor). */
export async function feedsOf(db: Db, row: CottageRow) {
  const [feeds, periods, conflicts, url] = await Promise.all([
    db.select().from(calendarFeeds).where(eq(calendarFeeds.cottageId, row.id)).orderBy(asc(calendarFeeds.id)),
    db.select().from(importedPeriods).where(eq(importedPeriods.cottageId, row.id)).orderBy(asc(importedPeriods.fromDate)),
    conflictsOf(db, row.id),
    exportUrl(db, row.id),
  ]);
  const names = new Map(feeds.map((f) => [f.id, f.name]));
  return {
    export_url: url,
    feeds: feeds.map((f) => feedView(f, conflicts.get(f.id))),
    periods: periods.map((p) => ({ from: String(p.fromDate), to: String(p.toDate), source: names.get(p.feedId) ?? '', feed_id: p.feedId })),
  };
}

/** POST /api/cottages/{id}/feeds: a named feed, fetched at once (its first result is in the answer). */
export async function addFeed(db: Db, row: CottageRow, body: FeedBody, now = new Date()) {
  const [{ count }] = (await db
    .select({ count: sql<number>`count(*)::int` })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.cottageId, row.id))) as [{ count: number }];
  if (count >= FEEDS_PER_COTTAGE) throw new ApiError(400, 'feed.tooMany');
  const [feed] = await db.insert(calendarFeeds).values({ cottageId: row.id, name: body.name.trim(), url: body.url.trim(), createdAt: now }).onConflictDoNothing().returning();
  if (!feed) throw new ApiError(400, 'feed.duplicate');
  await syncFeed(db, feed.id, now);
  return feedsOf(db, row);
}

export async function feedOf(db: Db, row: CottageRow, feedId: number): Promise<FeedRow> {
  const [feed] = await db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.id, feedId), eq(calendarFeeds.cottageId, row.id)))
    .limit(1);
  if (!feed) throw notFound();
  return feed;
}

/** DELETE /api/cottages/{id}/feeds/{fid}: the feed and the nights it blocked. */
export async function removeFeed(db: Db, row: CottageRow, feedId: number) {
  const feed = await feedOf(db, row, feedId);
  await db.delete(calendarFeeds).where(eq(calendarFeeds.id, feed.id));
  return feedsOf(db, row);
}

/** The periods a feed's text blocks, or why it cannot be read. */
export function parseFeed(text: string, today: Day): { periods: ImportedPeriod[] } | { error: FeedError } {
  if (!/BEGIN:VCALENDAR/i.test(text.slice(0, 4096))) return { error: 'not_ical' };
  let parsed: ReturnType<typeof ical.sync.parseICS>;
  try {
    parsed = ical.sync.parseICS(text);
  } catch {
    return { error: 'not_ical' };
  }
  const events = Object.values(parsed).filter((c) => c && c.type === 'VEVENT');
  if (events.length > FEED_MAX_EVENTS) return { error: 'too_many' };
  const periods: ImportedPeriod[] = [];
  for (const e of events) {
    if (e?.type !== 'VEVENT' || !(e.start instanceof Date) || Number.isNaN(e.start.getTime())) continue;
    if (e.status === 'CANCELLED') continue;
    const period = eventPeriod(e.start as IcalDate, e.end instanceof Date ? (e.end as IcalDate) : undefined);
    if (!withinWindow(period, today)) continue;
    periods.push({ ...period, uid: String(e.uid ?? `${period.from}-${period.to}`).slice(0, 255) });
  }
  return { periods };
}

/**
 * Fetches one feed and replaces its periods (a period removed upstream is removed here). The feed's
 * row is locked meanwhile, so two instances syncing it at once write one result. Health is kept:
 * the last success, the last error in words, the number of events, since when it fails.
 */
export async function syncFeed(db: Db, feedId: number, now = new Date()) {
  const [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feedId)).limit(1);
  if (!feed) return null;
  const fetched = await fetchFeed(feed.url, { allowPrivate: config.sandbox, etag: feed.etag });
  const today = todayInStockholm(now);
  const parsed = fetched.kind === 'ok' ? parseFeed(fetched.text, today) : null;
  const error: FeedError | null = fetched.kind === 'error' ? fetched.error : parsed && 'error' in parsed ? parsed.error : null;
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.select({ id: calendarFeeds.id }).from(calendarFeeds).where(eq(calendarFeeds.id, feed.id)).for('update');
    if (error) {
      await tx
        .update(calendarFeeds)
        .set({ lastFetchedAt: now, lastError: error, failingSince: sql`coalesce(${calendarFeeds.failingSince}, ${now.toISOString()}::timestamptz)` })
        .where(eq(calendarFeeds.id, feed.id));
      return;
    }
    if (parsed && 'periods' in parsed) {
      await tx.delete(importedPeriods).where(eq(importedPeriods.feedId, feed.id));
      const unique = new Map(parsed.periods.map((p) => [`${p.uid}|${p.from}`, p]));
      const rows = [...unique.values()].map((p) => ({ feedId: feed.id, cottageId: feed.cottageId, uid: p.uid, fromDate: p.from, toDate: p.to }));
      for (let i = 0; i < rows.length; i += 500) await tx.insert(importedPeriods).values(rows.slice(i, i + 500));
      await tx
        .update(calendarFeeds)
        .set({ lastFetchedAt: now, lastSuccessAt: now, lastError: null, failingSince: null, eventCount: rows.length, etag: fetched.kind === 'ok' ? fetched.etag : feed.etag })
        .where(eq(calendarFeeds.id, feed.id));
    } else {
      // 304: unchanged since the last success.
      await tx.update(calendarFeeds).set({ lastFetchedAt: now, lastSuccessAt: now, lastError: null, failingSince: null }).where(eq(calendarFeeds.id, feed.id));
    }
  });
  await todosFor(db, feed.cottageId, now);
  const [after] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feed.id)).limit(1);
  return after ?? null;
}

/** A feed failing for a day, or an import over a Stuga booking: the host has a CALENDAR_FEED to-do for the ad (gone when all is well again). */
async function todosFor(db: Db, cottageId: number, now: Date) {
  const [ad] = await db.select({ userId: cottages.userId }).from(cottages).where(eq(cottages.id, cottageId)).limit(1);
  if (!ad) return;
  const feeds = await db.select().from(calendarFeeds).where(eq(calendarFeeds.cottageId, cottageId));
  const failing = feeds.some((f) => f.failingSince && now.getTime() - f.failingSince.getTime() >= FEED_FAILING_REMINDER_MS);
  const conflicting = (await conflictsOf(db, cottageId)).size > 0;
  if (failing || conflicting) {
    await db.insert(todos).values({ userId: ad.userId, type: 'CALENDAR_FEED', refId: cottageId, createdAt: now }).onConflictDoNothing();
  } else {
    await db.delete(todos).where(and(eq(todos.userId, ad.userId), eq(todos.type, 'CALENDAR_FEED'), eq(todos.refId, cottageId)));
  }
}

/** The job (every 30 minutes, once across instances): every feed not fetched for 30 minutes. */
export async function syncDueFeeds(db: Db, now = new Date()) {
  const due = new Date(now.getTime() - FEED_SYNC_MINUTES * 60_000 + 30_000);
  const feeds = await db
    .select({ id: calendarFeeds.id })
    .from(calendarFeeds)
    .where(or(isNull(calendarFeeds.lastFetchedAt), lt(calendarFeeds.lastFetchedAt, due)))
    .orderBy(asc(calendarFeeds.lastFetchedAt))
    .limit(500);
  let failed = 0;
  for (const { id } of feeds) {
    try {
      const after = await syncFeed(db, id, now);
      if (after?.lastError) failed++;
    } catch (error) {
      failed++;
      log.warn({ err: error, feed: id }, 'calendar feed sync failed');
    }
  }
  return { synced: feeds.length, failed };
}

/** The first imported period of the ad sharing a night with the stay (offers and payments over it are refused, naming the source). */
export async function importedConflict(db: Db, cottageId: number, stay: Period): Promise<string | null> {
  const rows = await db
    .select({ from: importedPeriods.fromDate, to: importedPeriods.toDate, source: calendarFeeds.name })
    .from(importedPeriods)
    .innerJoin(calendarFeeds, eq(calendarFeeds.id, importedPeriods.feedId))
    .where(and(eq(importedPeriods.cottageId, cottageId), sql`${importedPeriods.fromDate} < ${stay.to}::date`, sql`${importedPeriods.toDate} > ${stay.from}::date`))
    .limit(1);
  return rows[0]?.source ?? null;
}
