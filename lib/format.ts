import type { Locale } from './constants';
import { calendarDay, inStockholm } from './dayjs';
import { STAY_TIME } from './rules/booking';
import { stockholmTime, type Day } from './rules/dates';

// One style per language, in Europe/Stockholm: '1 januari 2027 kl. 14:05' / '1 January 2027 at 14:05'.
const TIME = 'HH:mm';
const DATE = 'D MMMM YYYY';
const DATE_TIME: Record<Locale, string> = { sv: `${DATE} [kl.] ${TIME}`, en: `${DATE} [at] ${TIME}` };

// Lists show the same few days again and again (a page of bookings is mostly two dates a row): the
// text of a day is kept once made. Cleared when full; a day's text never changes.
const shown = new Map<string, string>();
const SHOWN_MAX = 5000;

/** A date (or timestamp) as the reader expects it, in Europe/Stockholm. */
export function formatDate(value: string | Date, locale: Locale, withTime = false): string {
  const key = `${typeof value === 'string' ? value : value.getTime()}|${locale}|${withTime ? 't' : 'd'}`;
  let text = shown.get(key);
  if (text === undefined) {
    text = inStockholm(value)
      .locale(locale)
      .format(withTime ? DATE_TIME[locale] : DATE);
    if (shown.size >= SHOWN_MAX) shown.clear();
    shown.set(key, text);
  }
  return text;
}

/** The time of day of a timestamp, in Europe/Stockholm: '14:05'. */
export const formatTime = (value: string | Date, locale: Locale): string => inStockholm(value).locale(locale).format(TIME);

/** A day heading: 'måndag 23 november 2026' / 'Monday 23 November 2026'. */
export const formatWeekdayDate = (value: string | Date, locale: Locale): string => inStockholm(value).locale(locale).format(`dddd ${DATE}`);

/** A short day for chart axes: '23 nov' / '23 Nov'. */
export const formatShortDate = (value: string | Date, locale: Locale): string => inStockholm(value).locale(locale).format('D MMM');

/** A calendar month of a day ('2027-01-15'): 'januari 2027' / 'January 2027'. */
export const formatMonth = (day: string, locale: Locale): string => calendarDay(day).locale(locale).format('MMMM YYYY');

/** Weekday names from Monday: 'mån' … 'sön' / 'Mon' … 'Sun'. */
export const weekdaysFromMonday = (locale: Locale): string[] => Array.from({ length: 7 }, (_, i) => calendarDay('2024-01-01').add(i, 'day').locale(locale).format('ddd'));

/** Full weekday names from Monday, by Intl: 'måndag' … 'söndag' / 'Monday' … 'Sunday'. */
export function weekdayNamesFromMonday(locale: Locale): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, i) => format.format(Date.UTC(2024, 0, 1 + i)));
}

/** Month names from January: 'januari' … / 'January' …. */
export const monthNames = (locale: Locale): string[] => Array.from({ length: 12 }, (_, i) => calendarDay('2024-01-01').add(i, 'month').locale(locale).format('MMMM'));

/** A yearly month-day ('07-01', as stay rules' seasons have them): '1 juli' / '1 July' (read in a leap year, so '02-29' too). */
export const formatMonthDay = (monthDay: string, locale: Locale): string => calendarDay(`2024-${monthDay}`).locale(locale).format('D MMMM');

/** A check-in or check-out day with the stay's time (noon in Stockholm), in the same style as every other time. */
export function formatStayDay(day: Day, locale: Locale): string {
  return formatDate(stockholmTime(day, STAY_TIME), locale, true);
}

const kronorFormats = [0, 2].map((digits) => new Intl.NumberFormat('sv-SE', { minimumFractionDigits: digits, maximumFractionDigits: digits }));

/** Money in öre shown as kronor: 123400 → "1 234 kr". */
export function formatMoney(ore: number): string {
  if (!Number.isInteger(ore)) throw new TypeError('Money is integer öre');
  const kronor = ore / 100;
  const text = kronorFormats[Number.isInteger(kronor) ? 0 : 1]!.format(kronor);
  return `${text.replace(/\u00a0|\u202f/g, ' ')} kr`;
}
