/**
 * How a person's name is shown to others (SPEC §2, §6): the first name and the last name, the last
 * as an initial when its owner asks; null when they have neither (never anything from the e-mail).
 */
export function shownName(first: string | null, last: string | null, hideLast: boolean | null): string | null {
  const shownLast = hideLast && last ? `${last[0]}.` : (last ?? '');
  return `${first ?? ''} ${shownLast}`.trim() || null;
}
