// Issue 18, calendar sync: the exported iCalendar feed (round trip through node-ical, all-day and DST
// edges, ETag, revocation) and imported feeds from a local test server (blocked nights with their
// source, offers refused over them, removed upstream → removed here, broken, huge, slow and
// redirecting feeds, two syncs at once, the to-do and the host's warning on a conflict with a Stuga
// booking, the public ad showing imported nights as booked).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import ical from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@/lib/rules/dates';
import { icalDay, type IcalDate } from '@/lib/rules/ical';
import { guestIn, hostWithAd, inDays, offerBody, pay } from './bookings-support';
import { startCottageApi } from './cottages-support';
import type { Harness } from './harness';

let h: Harness;
let stop: () => Promise<void>;
let server: Server;
let feedBase: string;
/** What the local "other site" serves, by path. */
const served = new Map<string, { status?: number; body?: string; headers?: Record<string, string>; delayMs?: number }>();

beforeAll(async () => {
  ({ h, stop } = await startCottageApi());
  server = createServer((req, res) => {
    const answer = served.get(req.url ?? '') ?? { status: 404, body: 'nope' };
    setTimeout(() => {
      res.writeHead(answer.status ?? 200, { 'content-type': 'text/calendar', ...answer.headers });
      res.end(answer.body ?? '');
    }, answer.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.close();
  await stop?.();
});

const compact = (day: string) => day.replace(/-/g, '');
function ics(events: { uid: string; from: string; to: string }[]) {
  const body = events
    .map((e) => `BEGIN:VEVENT\r\nUID:${e.uid}\r\nDTSTAMP:20260101T000000Z\r\nDTSTART;VALUE=DATE:${compact(e.from)}\r\nDTEND;VALUE=DATE:${compact(e.to)}\r\nSUMMARY:Not available\r\nEND:VEVENT\r\n`)
    .join('');
  return `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Other site//EN\r\n${body}END:VCALENDAR\r\n`;
}

async function exported(url: string, headers: Record<string, string> = {}) {
  const path = new URL(url).pathname.replace(/^\/ical\//, '/api/ical/');
  return fetch(`${h.url}${path}`, { headers });
}
function periodsOf(text: string) {
  return Object.values(ical.sync.parseICS(text))
    .filter((c) => c?.type === 'VEVENT')
    .map((e) => {
      const ev = e as { start: IcalDate; end: IcalDate; summary: string; datetype: string };
      return { from: icalDay(ev.start), to: icalDay(ev.end), summary: ev.summary, allDay: ev.datetype === 'date' };
    })
    .sort((a, b) => a.from.localeCompare(b.from));
}

describe('the exported feed', () => {
  it('lists paid stays and blocked nights as all-day events (end exclusive) that parse back to the same periods, across DST; ETag and revocation', async () => {
    const { owner, ad } = await hostWithAd(h);
    const { guest, conversationId } = await guestIn(h, ad.id);
    const sent = await h.call('POST', '/api/bookings', {
      token: owner.token,
      body: offerBody({ conversationId, guestId: guest.user.id, cottageId: ad.id, checkIn: inDays(40), checkOut: inDays(44) }),
    });
    await pay(h, guest.token, sent.json.id as number);
    // Blocked across the last Sunday of March and of October (DST changes) next year.
    const year = Number(inDays(0).slice(0, 4)) + 1;
    const march = (() => {
      for (let d = 31; ; d--) if (new Date(Date.UTC(year, 2, d)).getUTCDay() === 0) return `${year}-03-${String(d).padStart(2, '0')}`;
    })();
    const october = (() => {
      for (let d = 31; ; d--) if (new Date(Date.UTC(year, 9, d)).getUTCDay() === 0) return `${year}-10-${String(d).padStart(2, '0')}`;
    })();
    await h.db.insert(h.schema.cottageCalendar).values([
      { cottageId: ad.id, fromDate: addDays(march, -1), toDate: addDays(march, 2), state: 2 },
      { cottageId: ad.id, fromDate: addDays(october, -1), toDate: addDays(october, 1), state: 2 },
      { cottageId: ad.id, fromDate: inDays(60), toDate: inDays(70), state: 5 },
    ]);
    const feeds = await h.call('GET', `/api/cottages/${ad.id}/feeds`, { token: owner.token });
    const url = String(feeds.json.export_url);
    expect(url).toMatch(new RegExp(`/ical/${ad.id}/[A-Za-z0-9_-]{32}\\.ics$`));
    const first = await exported(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toContain('text/calendar');
    const text = await first.text();
    expect(text).not.toContain(guest.user.firstName ?? 'Test');
    expect(periodsOf(text)).toEqual([
      { from: inDays(40), to: inDays(44), summary: 'Booked', allDay: true },
      { from: addDays(march, -1), to: addDays(march, 2), summary: 'Blocked', allDay: true },
      { from: addDays(october, -1), to: addDays(october, 1), summary: 'Blocked', allDay: true },
    ]);
    // Conditional GET: unchanged → 304.
    const etag = first.headers.get('etag')!;
    expect((await exported(url, { 'if-none-match': etag })).status).toBe(304);
    // Revoked: the old URL is gone, the new one works; a wrong token or another ad's is 404.
    const revoked = await h.call('POST', `/api/cottages/${ad.id}/ical/revoke`, { token: owner.token });
    expect((await exported(url)).status).toBe(404);
    expect((await exported(String(revoked.json.export_url))).status).toBe(200);
    expect((await exported(url.replace(`/ical/${ad.id}/`, `/ical/${ad.id + 1}/`))).status).toBe(404);
  });
});

describe('imported feeds', () => {
  it('blocks nights with their source; an offer over them is refused; removed upstream → removed here', async () => {
    const { owner, ad } = await hostWithAd(h);
    served.set(`/airbnb-${ad.id}.ics`, {
      body: ics([
        { uid: 'a1', from: inDays(50), to: inDays(53) },
        { uid: 'a2', from: inDays(80), to: inDays(81) },
      ]),
    });
    const added = await h.call('POST', `/api/cottages/${ad.id}/feeds`, { token: owner.token, body: { name: 'Airbnb', url: `${feedBase}/airbnb-${ad.id}.ics` } });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    expect(added.json.feeds).toEqual([expect.objectContaining({ name: 'Airbnb', event_count: 2, last_error: null })]);
    expect(added.json.periods).toEqual([
      expect.objectContaining({ from: inDays(50), to: inDays(53), source: 'Airbnb' }),
      expect.objectContaining({ from: inDays(80), to: inDays(81), source: 'Airbnb' }),
    ]);

    const { guest, conversationId } = await guestIn(h, ad.id);
    const refused = await h.call('POST', '/api/bookings', {
      token: owner.token,
      body: offerBody({ conversationId, guestId: guest.user.id, cottageId: ad.id, checkIn: inDays(52), checkOut: inDays(55) }),
    });
    expect([refused.status, refused.json.message]).toEqual([409, 'These nights are booked on Airbnb.']);
    // The night the imported stay leaves is free (end exclusive).
    const fine = await h.call('POST', '/api/bookings', {
      token: owner.token,
      body: offerBody({ conversationId, guestId: guest.user.id, cottageId: ad.id, checkIn: inDays(53), checkOut: inDays(55) }),
    });
    expect(fine.status, JSON.stringify(fine.json)).toBe(200);

    served.set(`/airbnb-${ad.id}.ics`, { body: ics([{ uid: 'a2', from: inDays(80), to: inDays(81) }]) });
    const feedId = (added.json.feeds as { id: number }[])[0]!.id;
    const synced = await h.call('POST', `/api/cottages/${ad.id}/feeds/${feedId}/sync`, { token: owner.token });
    expect(synced.json.periods).toEqual([expect.objectContaining({ from: inDays(80), source: 'Airbnb' })]);
    // The export now blocks the imported night too.
    expect(periodsOf(await (await exported(String(synced.json.export_url))).text())).toContainEqual({ from: inDays(80), to: inDays(81), summary: 'Blocked', allDay: true });
    // Removing the feed frees its nights.
    const removed = await h.call('DELETE', `/api/cottages/${ad.id}/feeds/${feedId}`, { token: owner.token });
    expect(removed.json).toMatchObject({ feeds: [], periods: [] });
  });

  it('the public ad shows imported nights as booked, never available', async () => {
    const { owner, ad } = await hostWithAd(h);
    await h.db.insert(h.schema.cottageCalendar).values({ cottageId: ad.id, fromDate: inDays(10), toDate: inDays(40), state: 5 });
    served.set(`/booking-${ad.id}.ics`, {
      body: ics([
        { uid: 'b1', from: inDays(15), to: inDays(18) },
        { uid: 'b2', from: inDays(38), to: inDays(45) },
        // Long gone: not read for the public calendar.
        { uid: 'b3', from: inDays(-200), to: inDays(-190) },
      ]),
    });
    const added = await h.call('POST', `/api/cottages/${ad.id}/feeds`, { token: owner.token, body: { name: 'Booking.com', url: `${feedBase}/booking-${ad.id}.ics` } });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    const shown = await h.call('GET', `/api/public/cottages/${ad.id}?count=0`);
    expect(shown.status, JSON.stringify(shown.json)).toBe(200);
    expect(shown.json.calendar).toEqual([
      { from: inDays(10), to: inDays(15), state: 5 },
      { from: inDays(15), to: inDays(18), state: 1 },
      { from: inDays(18), to: inDays(38), state: 5 },
      { from: inDays(38), to: inDays(45), state: 1 },
    ]);
    // The host's own calendar keeps what the host set (the editor shows imported nights apart).
    const own = await h.call('GET', `/api/cottages/${ad.id}/calendar`, { token: owner.token });
    expect(own.json).toEqual([{ from: inDays(10), to: inDays(40), state: 5 }]);
  });

  it('says in words why a feed cannot be read, and keeps what it had', async () => {
    const { owner, ad } = await hostWithAd(h);
    const cases: [string, { status?: number; body?: string; delayMs?: number; headers?: Record<string, string> }, string][] = [
      ['html', { body: '<html>Not a calendar</html>', headers: { 'content-type': 'text/html' } }, 'not_ical'],
      ['huge', { body: `BEGIN:VCALENDAR\r\n${'X-FILL:'.padEnd(1000, 'x')}\r\n`.repeat(2200) }, 'too_big'],
      ['gone', { status: 500, body: 'oops' }, 'unreachable'],
      ['many', { body: ics(Array.from({ length: 5001 }, (_, i) => ({ uid: `m${i}`, from: inDays(10 + (i % 300)), to: inDays(11 + (i % 300)) }))) }, 'too_many'],
      ['loop', { status: 302, headers: { location: `/loop-${ad.id}` } }, 'unreachable'],
    ];
    for (const [name, answer, error] of cases) {
      served.set(`/${name}-${ad.id}`, answer);
      const added = await h.call('POST', `/api/cottages/${ad.id}/feeds`, { token: owner.token, body: { name, url: `${feedBase}/${name}-${ad.id}` } });
      expect(added.status, name).toBe(200);
      const feed = (added.json.feeds as { name: string; last_error: string | null; failing_since: string | null }[]).find((f) => f.name === name)!;
      expect([name, feed.last_error], name).toEqual([name, error]);
      expect(feed.failing_since).not.toBeNull();
    }
    expect(await h.db.select().from(h.schema.importedPeriods).where(eq(h.schema.importedPeriods.cottageId, ad.id))).toEqual([]);
    const bad = await h.call('POST', `/api/cottages/${ad.id}/feeds`, { token: owner.token, body: { name: 'x', url: 'ftp://example.com/a.ics' } });
    expect([bad.status, bad.json.message]).toEqual([400, 'Enter a calendar address starting with http:// or https://']);
  });

  it('a slow feed times out after 5 s', async () => {
    const { owner, ad } = await hostWithAd(h);
    served.set(`/slow-${ad.id}`, { body: ics([]), delayMs: 6500 });
    const started = Date.now();
    const added = await h.call('POST', `/api/cottages/${ad.id}/feeds`, { token: owner.token, body: { name: 'Slow', url: `${feedBase}/slow-${ad.id}` } });
    expect(Date.now() - started).toBeLessThan(6500);
    expect((added.json.feeds as { last_error: string }[])[0]!.last_error).toBe('unreachable');
  }, 20_000);

  it('never reaches a private, loopback or link-local address outside the sandbox, by name or by number', async () => {
    const { fetchFeed } = await import('@/marketplace/providers/feed-fetch');
    served.set('/ok', { body: ics([]) });
    const port = (server.address() as AddressInfo).port;
    for (const url of [`http://127.0.0.1:${port}/ok`, `http://localhost:${port}/ok`, `http://[::1]:${port}/ok`, 'http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/feed.ics']) {
      expect(await fetchFeed(url, { allowPrivate: false }), url).toEqual({ kind: 'error', error: 'forbidden_address' });
    }
    expect((await fetchFeed(`http://127.0.0.1:${port}/ok`, { allowPrivate: true })).kind).toBe('ok');
  });

  it('two syncs of one feed at once write one result; an import over a paid Stuga stay raises a to-do and shows the conflict', async () => {
    const { owner, ad } = await hostWithAd(h);
    const { guest, conversationId } = await guestIn(h, ad.id);
    const sent = await h.call('POST', '/api/bookings', {
      token: owner.token,
      body: offerBody({ conversationId, guestId: guest.user.id, cottageId: ad.id, checkIn: inDays(30), checkOut: inDays(34) }),
    });
    await pay(h, guest.token, sent.json.id as number);
    served.set(`/vrbo-${ad.id}`, {
      body: ics([
        { uid: 'v1', from: inDays(33), to: inDays(36) },
        { uid: 'v2', from: inDays(90), to: inDays(92) },
      ]),
    });
    const added = await h.call('POST', `/api/cottages/${ad.id}/feeds`, { token: owner.token, body: { name: 'Vrbo', url: `${feedBase}/vrbo-${ad.id}` } });
    const feed = (added.json.feeds as { id: number; conflicts: unknown[] }[])[0]!;
    expect(feed.conflicts).toEqual([{ booking_id: sent.json.id, conversation_id: conversationId, from: inDays(33), to: inDays(36) }]);
    const todos = await h.db.select().from(h.schema.todos).where(eq(h.schema.todos.userId, owner.user.id));
    expect(todos.map((t) => [t.type, t.refId])).toContainEqual(['CALENDAR_FEED', ad.id]);
    // The host's booking names the other site; the guest's does not.
    expect((await h.call('GET', `/api/bookings/${sent.json.id}`, { token: owner.token })).json.imported_overlap).toBe('Vrbo');
    expect((await h.call('GET', `/api/bookings/${sent.json.id}`, { token: guest.token })).json.imported_overlap).toBeNull();

    const { syncFeed } = await import('@/marketplace/services/calendar-feeds');
    await Promise.all([syncFeed(h.db, feed.id), syncFeed(h.db, feed.id), syncFeed(h.db, feed.id)]);
    expect(await h.db.select().from(h.schema.importedPeriods).where(eq(h.schema.importedPeriods.feedId, feed.id))).toHaveLength(2);
  });

  it('only the owner sees and changes an ad’s feeds', async () => {
    const { ad } = await hostWithAd(h);
    const other = await hostWithAd(h);
    expect((await h.call('GET', `/api/cottages/${ad.id}/feeds`, { token: other.owner.token })).status).toBe(400);
    expect((await h.call('POST', `/api/cottages/${ad.id}/feeds`, { token: other.owner.token, body: { name: 'x', url: `${feedBase}/ok` } })).status).toBe(400);
    expect((await h.call('GET', `/api/cottages/${ad.id}/feeds`)).status).toBe(401);
  });
});
