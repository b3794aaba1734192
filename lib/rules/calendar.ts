// SPEC §4 calendar: day states in end-exclusive ranges; contiguous same-state days merge.
import { addDays, addMonths, daysBetween, startOfMonth, type Day } from './dates';

/** 0 unknown/contact owner, 1 booked, 2 unavailable, 3 preliminary booked (enquire), 5 available. */
export const CALENDAR_STATES = [0, 1, 2, 3, 5] as const;
export type CalendarState = (typeof CALENDAR_STATES)[number];
export type CalendarRange = { from: Day; to: Day; state: CalendarState };

export const CALENDAR_YEARS_AHEAD = 5;

/** The editable window: from the first of this month to five years ahead (end exclusive). */
export function calendarWindow(today: Day): { from: Day; to: Day } {
  const from = startOfMonth(today);
  return { from, to: addMonths(from, CALENDAR_YEARS_AHEAD * 12) };
}

/**
 * Sorted, non-overlapping, merged ranges. Where ranges overlap the later one in the list wins.
 * State 0 (unknown) is the absence of information, so it is not stored as a range.
 */
export function normalizeRanges(ranges: readonly CalendarRange[]): CalendarRange[] {
  let result: CalendarRange[] = [];
  for (const range of ranges) result = paint(result, range);
  return result;
}

/** Sets every day in [from, to) to `state`, splitting and merging the ranges around it. */
export function setRange(ranges: readonly CalendarRange[], range: CalendarRange): CalendarRange[] {
  return paint(normalizeRanges(ranges), range);
}

function paint(sorted: CalendarRange[], range: CalendarRange): CalendarRange[] {
  if (range.from >= range.to) return sorted;
  const out: CalendarRange[] = [];
  for (const r of sorted) {
    if (r.to <= range.from || r.from >= range.to) {
      out.push(r);
      continue;
    }
    if (r.from < range.from) out.push({ from: r.from, to: range.from, state: r.state });
    if (r.to > range.to) out.push({ from: range.to, to: r.to, state: r.state });
  }
  if (range.state !== 0) out.push({ ...range });
  return sortAndJoin(out);
}

/** Pieces that do not overlap, in date order, touching pieces of one state joined. */
function sortAndJoin(pieces: CalendarRange[]): CalendarRange[] {
  pieces.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  const merged: CalendarRange[] = [];
  for (const r of pieces) {
    const last = merged[merged.length - 1];
    if (last && last.to === r.from && last.state === r.state) last.to = r.to;
    else merged.push({ ...r });
  }
  return merged;
}

/** Keeps only the part of each range inside the window. */
export function clampRanges(ranges: readonly CalendarRange[], window: { from: Day; to: Day }): CalendarRange[] {
  return normalizeRanges(ranges)
    .map((r) => ({ from: r.from < window.from ? window.from : r.from, to: r.to > window.to ? window.to : r.to, state: r.state }))
    .filter((r) => r.from < r.to);
}

/** The state of one day (0 when nothing is known). */
export function stateOn(ranges: readonly CalendarRange[], day: Day): CalendarState {
  for (const r of ranges) if (r.from <= day && day < r.to) return r.state;
  return 0;
}

/** One entry per day in [from, to): for rendering a month grid. */
export function daysOf(ranges: readonly CalendarRange[], from: Day, to: Day): { day: Day; state: CalendarState }[] {
  const sorted = normalizeRanges(ranges);
  const days: { day: Day; state: CalendarState }[] = [];
  let i = 0;
  for (let day = from, n = 0; day < to && n < 400; day = addDays(day, 1), n++) {
    while (i < sorted.length && sorted[i]!.to <= day) i++;
    const r = sorted[i];
    days.push({ day, state: r && r.from <= day ? r.state : 0 });
  }
  return days;
}

export const hasAvailablePeriod = (ranges: readonly CalendarRange[]) => ranges.some((r) => r.state === 5 && daysBetween(r.from, r.to) > 0);

/**
 * `ranges` with every night of `periods` set to `state`, as setRange for each period would give, but
 * in one sorted pass (an ad may import thousands of periods from other sites' calendars).
 */
export function overlayPeriods(ranges: readonly CalendarRange[], periods: readonly { from: Day; to: Day }[], state: CalendarState): CalendarRange[] {
  const over: { from: Day; to: Day }[] = [];
  for (const p of [...periods].filter((p) => p.from < p.to).sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0))) {
    const last = over[over.length - 1];
    if (last && p.from <= last.to) last.to = p.to > last.to ? p.to : last.to;
    else over.push({ from: p.from, to: p.to });
  }
  if (!over.length) return normalizeRanges(ranges);
  const pieces: CalendarRange[] = state === 0 ? [] : over.map((p) => ({ ...p, state }));
  let j = 0;
  for (const r of normalizeRanges(ranges)) {
    while (j < over.length && over[j]!.to <= r.from) j++;
    let cursor = r.from;
    for (let k = j; k < over.length && over[k]!.from < r.to; k++) {
      if (over[k]!.from > cursor) pieces.push({ from: cursor, to: over[k]!.from, state: r.state });
      if (over[k]!.to > cursor) cursor = over[k]!.to;
    }
    if (cursor < r.to) pieces.push({ from: cursor, to: r.to, state: r.state });
  }
  return sortAndJoin(pieces);
}
