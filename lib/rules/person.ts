// How a person is named to the other party of a conversation or booking (SPEC §2, §6). Pure.

export type NamedPerson = { firstName: string | null; lastName: string | null; hideLastName: boolean | null };

/** First and last name, the last as an initial when its owner asks; null for a person without a name (never the e-mail address). */
export function shownName(p: NamedPerson): string | null {
  const last = p.hideLastName && p.lastName ? `${p.lastName[0]}.` : (p.lastName ?? '');
  return `${p.firstName ?? ''} ${last}`.trim() || null;
}
