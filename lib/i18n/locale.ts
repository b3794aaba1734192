import { DEFAULT_LOCALE, LOCALES, type Locale } from '../constants';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** `?lang=` → cookie → the user's language → Swedish. */
export function pickLocale(...candidates: unknown[]): Locale {
  for (const c of candidates) if (isLocale(c)) return c;
  return DEFAULT_LOCALE;
}
