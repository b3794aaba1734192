// Calendar days as 'YYYY-MM-DD' strings. Arithmetic on dayjs in UTC, so that DST never shifts a day;
// instants meet days in Europe/Stockholm (lib/dayjs).
import { atStockholmTime, calendarDay, DAY_FORMAT, inStockholm } from '../dayjs';

export type Day = string;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isDay(value: unknown): value is Day {
  return typeof value === 'string' && DAY.test(value) && calendarDay(value).format(DAY_FORMAT) === value;
}

export const addDays = (day: Day, n: number): Day => calendarDay(day).add(n, 'day').format(DAY_FORMAT);

/** n months on; the 31st becomes the month's last day where the month is shorter. */
export const addMonths = (day: Day, n: number): Day => calendarDay(day).add(n, 'month').format(DAY_FORMAT);

export const startOfMonth = (day: Day): Day => calendarDay(day).startOf('month').format(DAY_FORMAT);

export const daysBetween = (from: Day, to: Day): number => calendarDay(to).diff(calendarDay(from), 'day');

/** 0 for Monday … 6 for Sunday (calendars start on Monday). */
export const weekdayFromMonday = (day: Day): number => (calendarDay(day).day() + 6) % 7;

/** Today's date in Europe/Stockholm. */
export const todayInStockholm = (now: Date = new Date()): Day => inStockholm(now).format(DAY_FORMAT);

/** The instant of a Stockholm wall-clock time on a day ('2027-03-28', '23:59:59'), DST included. */
export const stockholmTime = (day: Day, time: string): Date => atStockholmTime(day, time).toDate();
