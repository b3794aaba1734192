import { TIMEZONE, type Locale } from './constants';
import { STAY_TIME } from './rules/booking';
import { stockholmTime, type Day } from './rules/dates';

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** The one clock style per language (sv "14:05", en "14:05"), alone or after a date ("kl." / "at"). */
const TIME = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

/** A date (or timestamp) as the reader expects it, in Europe/Stockholm. */
export function formatDate(value: string | Date, locale: Locale, withTime = false): string {
  const key = `${locale}|${withTime}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'sv' ? 'sv-SE' : 'en-GB', {
      timeZone: TIMEZONE,
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      ...(withTime ? TIME : {}),
    });
    dateFormats.set(key, format);
  }
  return format.format(typeof value === 'string' ? new Date(value) : value);
}

const timeFormats = new Map<Locale, Intl.DateTimeFormat>();

/** A time of day in Europe/Stockholm, in the same style `formatDate` uses after a date. */
export function formatTime(value: string | Date, locale: Locale): string {
  let format = timeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'sv' ? 'sv-SE' : 'en-GB', { timeZone: TIMEZONE, ...TIME });
    timeFormats.set(locale, format);
  }
  return format.format(typeof value === 'string' ? new Date(value) : value);
}

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
