import { TIMEZONE, type Locale } from './constants';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

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
      ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
    });
    dateFormats.set(key, format);
  }
  return format.format(typeof value === 'string' ? new Date(value) : value);
}

const kronorFormats = [0, 2].map((digits) => new Intl.NumberFormat('sv-SE', { minimumFractionDigits: digits, maximumFractionDigits: digits }));

/** Money in öre shown as kronor: 123400 → "1 234 kr". */
export function formatMoney(ore: number): string {
  if (!Number.isInteger(ore)) throw new TypeError('Money is integer öre');
  const kronor = ore / 100;
  const text = kronorFormats[Number.isInteger(kronor) ? 0 : 1]!.format(kronor);
  return `${text.replace(/\u00a0|\u202f/g, ' ')} kr`;
}
