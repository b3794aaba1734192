// SPEC §5 "Chat": text that looks like contact details or payment outside the platform raises a
// warning before it is sent; Cancel strips exactly what matched.

export type OffPlatformKind = 'email' | 'phone' | 'keyword';
export type OffPlatformMatch = { kind: OffPlatformKind; text: string; index: number };

const EMAIL = /[\p{L}0-9._%+-]+@[\p{L}0-9-]+(?:\.[\p{L}0-9-]+)*\.[\p{L}]{2,}/gu;
// "namn at gmail dot com" and "namn (at) gmail.com", the usual ways around a filter.
const SPELLED_EMAIL = /[\p{L}0-9._%+-]+\s*(?:\(at\)|\[at\]|\sat\s|\s?snabel-?a\s?)\s*[\p{L}0-9-]+\s*(?:\.|\(dot\)|\[dot\]|\sdot\s|\spunkt\s)\s*(?:com|se|nu|net|org|eu|de|no|dk|fi)\b/giu;
// A run of digits with the separators people type: spaces, dashes, dots, slashes, brackets.
const DIGIT_RUN = /(?:\+|00)?\d[\d\s\-./()]{5,}\d/g;
const DATE = /^\d{4}-\d{2}-\d{2}$|^\d{1,2}[./]\d{1,2}[./]\d{2,4}$/;

const KEYWORDS = [
  'bank account',
  'bankkonto',
  'kontonummer',
  'clearingnummer',
  'clearingnr',
  'iban',
  'bic',
  'swift',
  'sms',
  'swish',
  'paypal',
  'whatsapp',
  'messenger',
  'telegram',
  'viber',
  'revolut',
  'western union',
  'swedbank',
  'handelsbanken',
  'seb',
  'nordea',
  'danske bank',
  'länsförsäkringar',
  'ica banken',
  'skandiabanken',
  'sparbanken',
  'avanza',
];
const KEYWORD = new RegExp(`(?<![\\p{L}\\p{N}])(?:${KEYWORDS.map((k) => k.replace(/ /g, '\\s+')).join('|')})(?![\\p{L}\\p{N}])`, 'giu');

/** A phone number: Swedish (0…, +46…, 0046…) or international (+…), 8 to 15 digits, not a date. */
function isPhone(candidate: string): boolean {
  const trimmed = candidate.trim();
  if (DATE.test(trimmed)) return false;
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+') || trimmed.startsWith('00')) return digits.length >= 8 && digits.length <= 15;
  return trimmed.startsWith('0') && digits.length >= 8 && digits.length <= 11;
}

export function findOffPlatform(text: string): OffPlatformMatch[] {
  const found: OffPlatformMatch[] = [];
  const add = (kind: OffPlatformKind, match: RegExpMatchArray) => {
    const index = match.index ?? 0;
    if (found.some((f) => index < f.index + f.text.length && f.index < index + match[0].length)) return;
    found.push({ kind, text: match[0], index });
  };
  for (const m of text.matchAll(EMAIL)) add('email', m);
  for (const m of text.matchAll(SPELLED_EMAIL)) add('email', m);
  for (const m of text.matchAll(DIGIT_RUN)) if (isPhone(m[0])) add('phone', m);
  for (const m of text.matchAll(KEYWORD)) add('keyword', m);
  return found.sort((a, b) => a.index - b.index);
}

export const looksOffPlatform = (text: string) => findOffPlatform(text).length > 0;

/** The text without what matched, spaces tidied. */
export function stripOffPlatform(text: string): string {
  let out = '';
  let at = 0;
  for (const m of findOffPlatform(text)) {
    out += text.slice(at, m.index);
    at = m.index + m.text.length;
  }
  out += text.slice(at);
  return out
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/ +([,.!?])/g, '$1')
    .trim();
}
