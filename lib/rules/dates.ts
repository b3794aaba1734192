// Calendar days as 'YYYY-MM-DD' strings, with arithmetic in UTC so that DST never shifts a day.
import { TIMEZONE } from '../constants';

export type Day = string;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isDay(value: unknown): value is Day {
  if (typeof value !== 'string' || !DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function addDays(day: Day, n: number): Day {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

export function addMonths(day: Day, n: number): Day {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + n, 1));
  const lastOfMonth = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastOfMonth));
  return first.toISOString().slice(0, 10);
}

export const startOfMonth = (day: Day): Day => `${day.slice(0, 7)}-01`;

export function daysBetween(from: Day, to: Day): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

// Building an Intl.DateTimeFormat costs far more than using one: made once per process.
const stockholmDay = new Intl.DateTimeFormat('sv-SE', { timeZone: TIMEZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const stockholmWallClock = new Intl.DateTimeFormat('en-GB', { timeZone: TIMEZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** Today's date in Europe/Stockholm. */
export function todayInStockholm(now: Date = new Date()): Day {
  return stockholmDay.format(now);
}

/** Europe/Stockholm's offset from UTC at an instant, in milliseconds (+1 h in winter, +2 h in summer). */
function stockholmOffsetMs(instant: number): number {
  const parts = Object.fromEntries(
    stockholmWallClock.formatToParts(new Date(instant)).map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant of a Stockholm wall-clock time on a day ('2027-03-28', '23:59:59'), DST included. */
export function stockholmTime(day: Day, time: string): Date {
  const [h, m, s] = time.split(':').map(Number) as [number, number, number];
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, m, s ?? 0);
  let instant = wall - stockholmOffsetMs(wall);
  instant = wall - stockholmOffsetMs(instant);
  return new Date(instant);
}
