// Conversation rules of SPEC §4, §6 and §9 that the API and the screens share.

export const PREVIEW_LENGTH = 240;
export const MESSAGE_MAX_LENGTH = 10_000;
export const ARCHIVE_TAG_ID = 3;
export const FIXED_TAG_IDS = [1, 2, 3] as const;
export const HOST_BOOKINGS_WARNING_THRESHOLD = 2;
export const HOST_BOOKINGS_WINDOW_MONTHS = 18;

/** A message as the inbox previews it: whitespace folded, at most 240 characters (whole code points). */
export function messagePreview(text: string, length = PREVIEW_LENGTH): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  const chars = [...folded];
  return chars.length <= length
    ? folded
    : `${chars
        .slice(0, length - 1)
        .join('')
        .trimEnd()}…`;
}

/**
 * SPEC §6: commission conversations show the contact warning to guests, and to hosts when the
 * conversation has no bookings and the host has fewer than 2 bookings in 18 months.
 */
export function showsContactWarning(input: { role: 'guest' | 'host'; commission: boolean; conversationBookings: number; hostBookings18m: number }): boolean {
  if (!input.commission) return false;
  if (input.role === 'guest') return true;
  return input.conversationBookings === 0 && input.hostBookings18m < HOST_BOOKINGS_WARNING_THRESHOLD;
}

/** A chat message: trimmed, not empty, at most 10 000 characters. Null when it may be sent. */
export function messageTextError(text: string): 'empty' | 'tooLong' | null {
  const trimmed = text.trim();
  if (!trimmed) return 'empty';
  return trimmed.length > MESSAGE_MAX_LENGTH ? 'tooLong' : null;
}

/** SPEC §4: archived means tag 3 is among the conversation's tags. */
export const isArchived = (tags: readonly { id: number }[]) => tags.some((t) => t.id === ARCHIVE_TAG_ID);

type HostVerdict = { recommended: boolean; details: object };

/** Two verdicts on a host say the same (jsonb keeps no key order, and leaves out what is undefined). */
export function sameVerdict(a: HostVerdict, b: HostVerdict): boolean {
  const canonical = (details: object) =>
    JSON.stringify(
      Object.entries(details)
        .filter(([, v]) => v !== undefined)
        .sort(([x], [y]) => (x < y ? -1 : 1)),
    );
  return a.recommended === b.recommended && canonical(a.details) === canonical(b.details);
}

/** New messages after the ones shown, each once (a poll and a send may both bring the same message). */
export function appendMessages<M extends { id: number }>(shown: readonly M[], fresh: readonly M[]): M[] {
  const known = new Set(shown.map((m) => m.id));
  const added = fresh.filter((m) => !known.has(m.id) && known.add(m.id));
  return added.length ? [...shown, ...added] : (shown as M[]);
}
