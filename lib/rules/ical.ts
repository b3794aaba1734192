// Issue 18, calendar sync (iCalendar, RFC 5545): pure rules for the feeds a host imports and the feed
// Stuga exports. Days are Stockholm calendar days ('YYYY-MM-DD'), a period's end exclusive (as DTEND
// of an all-day event and as check-out).
import { addDays, todayInStockholm, type Day } from './dates';

/** How often feeds are fetched, and the limits of one fetch (issue 18). */
export const FEED_SYNC_MINUTES = 30;
export const FEED_TIMEOUT_MS = 5000;
export const FEED_MAX_BYTES = 2 * 1024 * 1024;
export const FEED_MAX_EVENTS = 5000;
export const FEED_MAX_REDIRECTS = 3;
/** A feed failing this long gives its host a to-do. */
export const FEED_FAILING_REMINDER_MS = 24 * 60 * 60 * 1000;
export const FEEDS_PER_COTTAGE = 10;
/** Imported periods kept: from a year back to five years ahead (the calendar's span). */
export const IMPORT_DAYS_BACK = 366;
export const IMPORT_DAYS_AHEAD = 5 * 366;

export const FEED_ERRORS = ['unreachable', 'not_ical', 'too_big', 'too_many', 'forbidden_address', 'bad_status'] as const;
export type FeedError = (typeof FEED_ERRORS)[number];

export type Period = { from: Day; to: Day };
export type ImportedPeriod = Period & { uid: string };

/** An event's start or end as node-ical gives it: a Date, with `dateOnly` for an all-day value (built from local date parts). */
export type IcalDate = Date & { dateOnly?: boolean };

const pad = (n: number) => String(n).padStart(2, '0');

/** The Stockholm day of an iCalendar value: an all-day DATE is its own day; a DATE-TIME the Stockholm day of the instant. */
export function icalDay(value: IcalDate): Day {
  if (value.dateOnly) return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  return todayInStockholm(value);
}

/**
 * The nights an event blocks: from its start day up to its end day (exclusive), at least one night.
 * A timed stay (check-in 15:00, check-out 11:00) blocks the nights between, as a booking does.
 */
export function eventPeriod(start: IcalDate, end: IcalDate | undefined): Period {
  const from = icalDay(start);
  const to = end ? icalDay(end) : addDays(from, 1);
  return { from, to: to > from ? to : addDays(from, 1) };
}

/** Only what the calendar shows: periods ending after a year back and starting within five years. */
export function withinWindow(p: Period, today: Day): boolean {
  return p.to > addDays(today, -IMPORT_DAYS_BACK) && p.from < addDays(today, IMPORT_DAYS_AHEAD);
}

/** Two periods share a night when each starts before the other ends. */
export const periodsOverlap = (a: Period, b: Period) => a.from < b.to && b.from < a.to;

/** The first period of `periods` that shares a night with the stay, if any. */
export function firstOverlap<T extends Period>(stay: Period, periods: readonly T[]): T | null {
  return periods.find((p) => periodsOverlap(stay, p)) ?? null;
}

/** Same-state periods that touch or overlap, merged (for the export: one event per blocked run). */
export function mergePeriods<T extends Period & { summary: string }>(periods: readonly T[]): (Period & { summary: string })[] {
  const sorted = [...periods].sort((a, b) => (a.summary === b.summary ? a.from.localeCompare(b.from) : a.summary.localeCompare(b.summary)));
  const out: (Period & { summary: string })[] = [];
  for (const p of sorted) {
    const last = out.at(-1);
    if (last && last.summary === p.summary && p.from <= last.to) last.to = p.to > last.to ? p.to : last.to;
    else out.push({ from: p.from, to: p.to, summary: p.summary });
  }
  return out.sort((a, b) => a.from.localeCompare(b.from) || a.summary.localeCompare(b.summary));
}

/** A feed URL a host may add: http(s) only, no credentials, at most 2000 characters. */
export function feedUrlError(value: string): 'feed.badUrl' | null {
  if (value.length > 2000) return 'feed.badUrl';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'feed.badUrl';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'feed.badUrl';
  if (url.username || url.password) return 'feed.badUrl';
  return null;
}

/** Whether an address (IPv4 or IPv6 text) is private, loopback, link-local or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const a = address.toLowerCase().replace(/^\[|\]$/g, '');
  const v4mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (v4mapped) return isPrivateAddress(v4mapped[1]!);
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(a);
  if (v4) {
    const [x, y] = [Number(v4[1]), Number(v4[2])];
    return (
      x === 0 ||
      x === 10 ||
      x === 127 ||
      (x === 100 && y >= 64 && y <= 127) ||
      (x === 169 && y === 254) ||
      (x === 172 && y >= 16 && y <= 31) ||
      (x === 192 && y === 168) ||
      (x === 192 && y === 0) ||
      (x === 198 && (y === 18 || y === 19)) ||
      x >= 224
    );
  }
  return a === '::' || a === '::1' || a.startsWith('fc') || a.startsWith('fd') || a.startsWith('fe8') || a.startsWith('fe9') || a.startsWith('fea') || a.startsWith('feb') || a.startsWith('ff');
}

/** The source of each day in [from, to) that an imported period books (the calendar editor shows them apart); the first period wins. */
export function importedDays(periods: readonly (Period & { source: string })[], from: Day, to: Day): Map<Day, string> {
  const days = new Map<Day, string>();
  for (const p of periods) {
    if (p.to <= from || p.from >= to) continue;
    for (let day = p.from < from ? from : p.from; day < p.to && day < to; day = addDays(day, 1)) if (!days.has(day)) days.set(day, p.source);
  }
  return days;
}
