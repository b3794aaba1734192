// Issue 12: an area may send only some keys of a namespace to the browser. Every `t()` call of the
// client components it serves must find its message there, or the page would show a key instead of
// a text; and every picked key must exist in both languages.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREA_NAMESPACES, pickMessages, SHELL_NAMESPACES, type MessagePart } from '@/lib/i18n/client-messages';
import { loadMessages } from '@/lib/i18n/messages';

/** The client components of each area that sends only some keys of a namespace. */
const AREA_FILES: Partial<Record<keyof typeof AREA_NAMESPACES, string[]>> = {
  inbox: ['components/chat/inbox-list.tsx', 'components/query/infinite-list.tsx'],
  bookings: ['components/bookings/bookings-list.tsx', 'components/bookings/booking-filters.tsx', 'components/bookings/status-chip.tsx', 'components/query/infinite-list.tsx'],
};

type Call = { namespace: string; key: string; prefix: boolean };

/** The `t('key')` and `t(\`prefix_${…}\`)` calls of a file, by the namespace each translator was made for. */
function callsOf(file: string): Call[] {
  const source = readFileSync(path.join(process.cwd(), file), 'utf8');
  const calls: Call[] = [];
  for (const [, name, namespace] of source.matchAll(/const (\w+) = useTranslations\('(\w+)'\)/g)) {
    for (const [, key] of source.matchAll(new RegExp(`\\b${name}\\(\\s*'([\\w.]+)'`, 'g'))) calls.push({ namespace: namespace!, key: key!, prefix: false });
    for (const [, key] of source.matchAll(new RegExp(`\\b${name}\\(\\s*\`([\\w.]*)\\$\\{`, 'g'))) calls.push({ namespace: namespace!, key: key!, prefix: true });
  }
  return calls;
}

const keyed = Object.entries(AREA_NAMESPACES).filter(([, parts]) => (parts as readonly MessagePart[]).some((p) => typeof p !== 'string'));

describe('client messages sent by an area', () => {
  it('lists the components of every area that sends only some keys', () => {
    expect(keyed.map(([area]) => area).sort()).toEqual(Object.keys(AREA_FILES).sort());
  });

  for (const [area, parts] of keyed) {
    it(`${area}: every t() call of its components finds its message, in Swedish and English`, () => {
      const files = AREA_FILES[area as keyof typeof AREA_NAMESPACES]!;
      const calls = files.flatMap(callsOf);
      expect(calls.length).toBeGreaterThan(5);
      for (const locale of ['sv', 'en'] as const) {
        const sent = pickMessages(loadMessages(locale), [...SHELL_NAMESPACES, ...(parts as readonly MessagePart[])]) as Record<string, Record<string, unknown>>;
        const missing = calls.filter(({ namespace, key, prefix }) => {
          const messages = sent[namespace];
          if (!messages) return true;
          if (!prefix) return !(key in messages);
          // A computed key: the area must pick every key the prefix begins, not some.
          const all = Object.keys(loadMessages(locale)[namespace as keyof ReturnType<typeof loadMessages>]).filter((k) => k.startsWith(key));
          return all.length === 0 || all.some((k) => !(k in messages));
        });
        expect(missing, `${area} (${locale})`).toEqual([]);
      }
    });

    it(`${area}: every picked key exists in both languages`, () => {
      for (const part of parts as readonly MessagePart[]) {
        if (typeof part === 'string') continue;
        const [namespace, keys] = part;
        for (const locale of ['sv', 'en'] as const) {
          const present = Object.keys(loadMessages(locale)[namespace]);
          expect(
            keys.filter((k) => !present.some((p) => (k.endsWith('_') ? p.startsWith(k) : p === k))),
            `${area} ${namespace} (${locale})`,
          ).toEqual([]);
        }
      }
    });
  }

  it('sends a keyed namespace narrowed to its keys', () => {
    const sent = pickMessages(loadMessages('en'), AREA_NAMESPACES.bookings) as Record<string, Record<string, string>>;
    expect(sent.booking!.listFailed).toBe(loadMessages('en').booking.listFailed);
    expect(Object.keys(sent.booking!).length).toBeLessThan(Object.keys(loadMessages('en').booking).length / 2);
    expect(Object.keys(sent.booking!).filter((k) => k.startsWith('status_')).length).toBeGreaterThan(5);
  });
});
