// Issue 10: per-user limits (chat messages, user events, error reports, BankID sessions, upload
// tickets) answer 429 with Retry-After at their boundary and not before, exactly under concurrency;
// password sign-in slows down per account and address instead of locking the owner out; the
// username check is limited per address; uploads never registered are not served and are cleaned up.
//
// The clock (Date only) is frozen in each test, so that no window ends in the middle of one, and moved
// on where a test waits.
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BANKID_SESSIONS_PER_HOUR,
  CHAT_MESSAGES_PER_DAY,
  CHAT_MESSAGES_PER_MINUTE,
  CHECK_USERNAME_PER_ADDRESS,
  ERROR_REPORTS_PER_MINUTE,
  LOGIN_FREE_FAILURES,
  UPLOAD_TICKETS_PER_MINUTE,
  USER_EVENTS_PER_MINUTE,
} from '@/lib/constants';
import { COMPLETE_PROFILE } from './cottages-support';
import { startApi, type Harness } from './harness';

type Result = Awaited<ReturnType<Harness['call']>>;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let h: Harness;
let uploadsDir: string;

beforeAll(async () => {
  for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) delete process.env[name];
  // Local storage in a temporary dir, also when TEST_DATABASE_URL keeps the default data dir.
  uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'stuga-limits-'));
  process.env.STUGA_DATA_DIR = uploadsDir;
  h = await startApi();
});

afterAll(async () => {
  await h?.close();
  rmSync(uploadsDir, { recursive: true, force: true });
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the frozen clock to just after the start of the next window of this length. */
const startOfNextWindow = (windowMs: number) => vi.setSystemTime(Math.ceil(Date.now() / windowMs) * windowMs + 1000);
const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

/** A caller address of its own, so per-address limits never leak between tests or shared runs. */
const freshAddress = () => `10.${randomInt(20, 250)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;

async function signedIn(overrides: Parameters<Harness['createUser']>[0] = {}) {
  const user = await h.createUser({ ...COMPLETE_PROFILE, ...overrides });
  const { token } = await h.login(user.username, user.password!, freshAddress());
  expect(token).toBeTruthy();
  return { user, token: token! };
}

/** `count` requests one after another, all expected to pass. */
async function allPass(count: number, request: (i: number) => Promise<Result>) {
  for (let i = 0; i < count; i++) {
    const result = await request(i);
    expect(result.status, `request ${i + 1}: ${JSON.stringify(result.json)}`).toBe(200);
  }
}

/** A 429 with a translated message and a Retry-After in seconds, within `maxSeconds`. */
function expectLimited(result: Result, maxSeconds: number) {
  expect(result.status).toBe(429);
  expect(result.json.message).toMatch(/^Too many requests\. Please try again in \d+ (s|min|h)\.$/);
  const retryAfter = Number(result.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  return retryAfter;
}

/** A conversation between a new host and a new guest (factory). */
async function conversation() {
  const owner = await signedIn();
  const guest = await signedIn();
  const [ad] = await h.db.insert(h.schema.cottages).values({ userId: owner.user.id, titleSv: 'Stuga', reviewedAt: new Date() }).returning();
  const [row] = await h.db.insert(h.schema.conversations).values({ cottageId: ad!.id, hostId: owner.user.id, guestId: guest.user.id }).returning();
  return { owner, guest, id: row!.id, cottageId: ad!.id };
}

const message = (token: string, id: number, i: number) => h.call('POST', `/api/conversations/${id}/messages`, { token, body: { text: `Meddelande ${i}` } });
const event = (token: string, i = 0) => h.call('POST', '/api/user/events', { token, body: { type: 'dialog.shown', data: { i } } });

describe('per-user limits', () => {
  it(`chat messages: ${CHAT_MESSAGES_PER_MINUTE} a minute pass, the next answers 429 until the minute is over`, async () => {
    startOfNextWindow(MINUTE);
    const { guest, id } = await conversation();
    await allPass(CHAT_MESSAGES_PER_MINUTE, (i) => message(guest.token, id, i));
    const limited = await message(guest.token, id, 99);
    expect(expectLimited(limited, 60)).toBe(59);
    const sv = await h.call('POST', `/api/conversations/${id}/messages`, { token: guest.token, body: { text: 'Hej' }, lang: 'sv' });
    expect(sv.json.message).toBe('För många förfrågningar. Försök igen om 59 s.');
    // Refused messages were not stored, and the host may still write.
    const texts = await h.db
      .select()
      .from(h.schema.messages)
      .where(and(eq(h.schema.messages.conversationId, id), eq(h.schema.messages.userId, guest.user.id)));
    expect(texts).toHaveLength(CHAT_MESSAGES_PER_MINUTE);
    later(MINUTE);
    expect((await message(guest.token, id, 100)).status).toBe(200);
  });

  it(`chat messages: ${CHAT_MESSAGES_PER_DAY} a day, Retry-After until the day is over`, async () => {
    const { guest, id } = await conversation();
    const { limits } = await import('@/marketplace/services/rate-limit');
    const [, perDay] = limits.chatMessage;
    const now = Date.now();
    const windowStart = new Date(Math.floor(now / DAY) * DAY);
    // The day so far: one message short of the limit.
    await h.db.insert(h.schema.rateLimits).values({
      bucket: perDay!.bucket,
      key: `user:${guest.user.id}`,
      windowStart,
      count: CHAT_MESSAGES_PER_DAY - 1,
      lastAt: new Date(now),
      expiresAt: new Date(windowStart.getTime() + DAY),
    });
    expect((await message(guest.token, id, 1)).status).toBe(200);
    const limited = await message(guest.token, id, 2);
    const retryAfter = expectLimited(limited, DAY / 1000);
    expect(retryAfter).toBe(Math.ceil((windowStart.getTime() + DAY - now) / 1000));
  });

  it(`20 concurrent requests at the boundary pass exactly up to the limit (${USER_EVENTS_PER_MINUTE} events a minute)`, async () => {
    const { user, token } = await signedIn();
    await allPass(USER_EVENTS_PER_MINUTE - 10, (i) => event(token, i));
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => event(token, 100 + i)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    for (const r of results.filter((r) => r.status !== 200)) expectLimited(r, 60);
    const stored = await h.db.select().from(h.schema.userEvents).where(eq(h.schema.userEvents.userId, user.id));
    expect(stored).toHaveLength(USER_EVENTS_PER_MINUTE);
  });

  it('20 concurrent chat messages at the boundary: exactly the rest of the minute passes', async () => {
    const { guest, id } = await conversation();
    await allPass(CHAT_MESSAGES_PER_MINUTE - 5, (i) => message(guest.token, id, i));
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => message(guest.token, id, 100 + i)));
    expect(results.map((r) => r.status).sort()).toEqual([...Array(5).fill(200), ...Array(15).fill(429)]);
  });

  it(`error reports: ${ERROR_REPORTS_PER_MINUTE} a minute per user, and per address when signed out`, async () => {
    const report = (options: { token?: string; address?: string }) => h.call('POST', '/api/errors', { ...options, body: { message: 'TypeError: x is undefined', path: '/dashboard' } });
    const { token } = await signedIn();
    await allPass(ERROR_REPORTS_PER_MINUTE, () => report({ token, address: freshAddress() }));
    expectLimited(await report({ token, address: freshAddress() }), 60);

    const address = freshAddress();
    await allPass(ERROR_REPORTS_PER_MINUTE, () => report({ address }));
    expectLimited(await report({ address }), 60);
    // Another address, and a signed-in user at the same address, have budgets of their own.
    expect((await report({ address: freshAddress() })).status).toBe(200);
    expect((await report({ address, token: (await signedIn()).token })).status).toBe(200);
  });

  it(`BankID: ${BANKID_SESSIONS_PER_HOUR} identifications started an hour, whatever the ad`, async () => {
    const { user, token } = await signedIn();
    const ads = await h.db
      .insert(h.schema.cottages)
      .values([{ userId: user.id }, { userId: user.id }])
      .returning();
    const start = (i: number) => h.call('POST', `/api/cottages/${ads[i % 2]!.id}/verify`, { token, body: {} });
    await allPass(BANKID_SESSIONS_PER_HOUR, start);
    expectLimited(await start(0), 3600);
    const sessions = await h.db.select().from(h.schema.bankidSessions).where(eq(h.schema.bankidSessions.userId, user.id));
    expect(sessions).toHaveLength(BANKID_SESSIONS_PER_HOUR);
  });

  it(`upload tickets: ${UPLOAD_TICKETS_PER_MINUTE} a minute, image and chat attachment URLs together`, async () => {
    const { guest, cottageId, id } = await conversation();
    await h.db.update(h.schema.cottages).set({ userId: guest.user.id }).where(eq(h.schema.cottages.id, cottageId));
    const image = () => h.call('POST', `/api/cottages/${cottageId}/images/upload`, { token: guest.token, body: { fileName: 'stuga.jpg' } });
    const attachment = () => h.call('POST', `/api/conversations/${id}/upload`, { token: guest.token, body: { fileName: 'karta.pdf' } });
    await allPass(UPLOAD_TICKETS_PER_MINUTE, (i) => (i % 2 ? image() : attachment()));
    expectLimited(await image(), 60);
    expectLimited(await attachment(), 60);
  });
});

describe('ended windows', () => {
  it('are deleted in bounded batches, and live ones stay', async () => {
    const { pruneRateLimits } = await import('@/marketplace/services/rate-limit');
    const key = `prune-test:${randomInt(1, 2 ** 40)}`;
    const now = Date.now();
    const row = (startMs: number, endMs: number) => ({ bucket: 'test/prune', key, windowStart: new Date(now + startMs), count: 3, lastAt: new Date(now + startMs), expiresAt: new Date(now + endMs) });
    await h.db.insert(h.schema.rateLimits).values([row(-3 * MINUTE, -2 * MINUTE), row(-2 * MINUTE, -MINUTE), row(-MINUTE, MINUTE)]);
    expect(await pruneRateLimits(h.db, new Date(), 1)).toBe(1);
    while ((await pruneRateLimits(h.db, new Date(), 1000)) > 0);
    const left = await h.db.select().from(h.schema.rateLimits).where(eq(h.schema.rateLimits.key, key));
    expect(left.map((r) => r.windowStart.getTime())).toEqual([now - MINUTE]);
  });
});

describe('password sign-in', () => {
  it("a stranger's failures from other addresses do not stop the owner signing in from their own", async () => {
    const owner = await h.createUser();
    const home = freshAddress();
    for (const address of [freshAddress(), freshAddress(), freshAddress()]) {
      for (let i = 0; i < 12; i++) {
        const r = await h.login(owner.username, `guess-${i}-pass`, address);
        expect([400, 429]).toContain(r.status);
      }
    }
    const signedIn = await h.login(owner.username, owner.password!, home);
    expect(signedIn.status).toBe(200);
    expect(signedIn.token).toBeTruthy();
  });

  it('a throttled account and address: even the right password waits, another address does not, and the login link still works', async () => {
    startOfNextWindow(DAY);
    const owner = await h.createUser();
    const address = freshAddress();
    for (let i = 0; i < LOGIN_FREE_FAILURES; i++) expect((await h.login(owner.username, `wrong-${i}-pass`, address)).status).toBe(400);
    const refused = await h.login(owner.username, owner.password!, address);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.token).toBeNull();
    expect(refused.json.message).toBe('Too many failed attempts. Try again in 1 s, or sign in with a link sent by e-mail.');

    // The e-mailed link has a budget of its own.
    const link = await h.call('POST', '/api/user/send-auth-token', { body: { username: owner.username }, address });
    expect(link.status).toBe(200);
    const mail = await h.lastMailTo(owner.username);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1];
    const viaLink = await h.call('POST', '/api/auth/token', { body: { token }, address });
    expect(viaLink.status).toBe(200);
    expect(viaLink.headers.get('x-session-token')).toBeTruthy();

    expect((await h.login(owner.username, owner.password!, freshAddress())).status).toBe(200);
    // Once the wait is over, the right password works here too, and the slate is clean.
    later(1000);
    expect((await h.login(owner.username, owner.password!, address)).status).toBe(200);
    for (let i = 0; i < LOGIN_FREE_FAILURES; i++) expect((await h.login(owner.username, `again-${i}-pass`, address)).status).toBe(400);
  });

  it('slows the pair down progressively: waits double from 1 s up to 15 minutes', async () => {
    startOfNextWindow(DAY);
    const user = await h.createUser();
    const address = freshAddress();
    for (let i = 0; i < LOGIN_FREE_FAILURES; i++) expect((await h.login(user.username, `wrong-${i}-pass`, address)).status).toBe(400);
    const waits: number[] = [];
    for (let step = 0; step < 13; step++) {
      const early = await h.login(user.username, 'still-wrong-1', address);
      expect(early.status).toBe(429);
      const wait = Number(early.headers.get('retry-after'));
      waits.push(wait);
      // A moment before the wait is over: still refused.
      later(wait * 1000 - 500);
      expect((await h.login(user.username, 'still-wrong-2', address)).status).toBe(429);
      later(500);
      expect((await h.login(user.username, `still-wrong-${step}`, address)).status).toBe(400);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
  });

  it(`20 concurrent guesses for one account and address: exactly ${LOGIN_FREE_FAILURES} are checked`, async () => {
    const user = await h.createUser();
    const address = freshAddress();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => h.login(user.username, `guess-${i}-pass`, address)));
    expect(results.map((r) => r.status).sort()).toEqual([...Array(LOGIN_FREE_FAILURES).fill(400), ...Array(20 - LOGIN_FREE_FAILURES).fill(429)]);
  });
});

describe('POST /api/user/checkUsername', () => {
  it(`answers as the SPEC says, ${CHECK_USERNAME_PER_ADDRESS} times in 15 minutes per address`, async () => {
    startOfNextWindow(15 * MINUTE);
    const user = await h.createUser();
    const address = freshAddress();
    const check = (username: string, from = address) => h.call('POST', '/api/user/checkUsername', { body: { username }, address: from });
    expect((await check(user.username)).json).toEqual({ exists: true, type: 'STRICT' });
    await allPass(CHECK_USERNAME_PER_ADDRESS - 1, () => check(h.uniqueEmail('probe')));
    const limited = await check(user.username);
    expect(expectLimited(limited, 900)).toBe(899);
    expect(limited.json).not.toHaveProperty('exists');
    expect((await check(user.username, freshAddress())).json).toEqual({ exists: true, type: 'STRICT' });
  });
});

describe('uploads never registered', () => {
  async function picture() {
    return sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 40, g: 120, b: 200 } } })
      .jpeg()
      .toBuffer();
  }

  /** A new host's ad (factory). */
  async function newAd() {
    const { user, token } = await signedIn();
    const [ad] = await h.db.insert(h.schema.cottages).values({ userId: user.id }).returning();
    return { token, cottageId: ad!.id };
  }

  /** An image uploaded to the ad through a ticket, not registered yet. */
  async function uploadedImage(ad: { token: string; cottageId: number }) {
    const ticket = (await h.call('POST', `/api/cottages/${ad.cottageId}/images/upload`, { token: ad.token, body: { fileName: 'stuga.jpg' } })).json as { url: string; filename: string };
    const put = await fetch(h.url + ticket.url, { method: 'PUT', headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${ad.token}` }, body: new Uint8Array(await picture()) });
    expect(put.status).toBe(200);
    return ticket.filename;
  }

  const register = (ad: { token: string; cottageId: number }, filename: string) => h.call('POST', `/api/cottages/${ad.cottageId}/images`, { token: ad.token, body: { filename } });
  const img = (filename: string) => fetch(`${h.url}/api/img/${filename}?w=136&h=136&fit=crop`);
  const pendingRow = (key: string) => h.db.select().from(h.schema.pendingUploads).where(eq(h.schema.pendingUploads.key, key));
  const age = (key: string, ms: number) =>
    h.db
      .update(h.schema.pendingUploads)
      .set({ createdAt: new Date(Date.now() - ms) })
      .where(eq(h.schema.pendingUploads.key, key));

  it('an unregistered image is not served; once registered to its ad it is', async () => {
    const ad = await newAd();
    const filename = await uploadedImage(ad);
    expect((await img(filename)).status).toBe(404);
    expect((await fetch(`${h.url}/api/img/${filename}`)).status).toBe(404);
    expect((await register(ad, filename)).status).toBe(200);
    expect((await img(filename)).status).toBe(200);
  });

  it('the cleanup deletes an unregistered upload older than 24 h, and keeps a registered one and a fresh one', async () => {
    const { cleanupUploads } = await import('@/marketplace/services/pending-uploads');
    const { storage } = await import('@/marketplace/providers/storage');
    const ad = await newAd();
    const [stale, kept, fresh] = [await uploadedImage(ad), await uploadedImage(ad), await uploadedImage(ad)];
    expect((await register(ad, kept)).status).toBe(200);
    await age(`images/${stale}`, 25 * 60 * MINUTE);
    await age(`images/${kept}`, 25 * 60 * MINUTE);
    await age(`images/${fresh}`, 22 * 60 * MINUTE);

    // A chat attachment never registered, and one that was.
    const chat = await conversation();
    const attach = async (name: string) => {
      const ticket = (await h.call('POST', `/api/conversations/${chat.id}/upload`, { token: chat.guest.token, body: { fileName: name } })).json as { url: string; path: string };
      const put = await fetch(h.url + ticket.url, { method: 'PUT', headers: { authorization: `Bearer ${chat.guest.token}` }, body: new Uint8Array(Buffer.from(`bytes of ${name}`)) });
      expect(put.status).toBe(200);
      await age(`files/${ticket.path}`, 25 * 60 * MINUTE);
      return ticket.path;
    };
    const staleFile = await attach('glomd.pdf');
    const sentFile = await attach('skickad.pdf');
    // Registering an upload that old is refused: the cleanup is about to delete it.
    const tooLate = await h.call('POST', `/api/conversations/${chat.id}/files`, { token: chat.guest.token, body: { path: sentFile, fileName: 'skickad.pdf' } });
    expect(tooLate.status).toBe(400);
    await age(`files/${sentFile}`, 60 * MINUTE);
    expect((await h.call('POST', `/api/conversations/${chat.id}/files`, { token: chat.guest.token, body: { path: sentFile, fileName: 'skickad.pdf' } })).status).toBe(200);
    await age(`files/${sentFile}`, 25 * 60 * MINUTE);

    // Small batches, as many as it takes (a shared database may hold older rows of other runs).
    const deleted = await cleanupUploads(h.db, new Date(), { batch: 2, maxBatches: 100_000 });
    expect(deleted).toBeGreaterThanOrEqual(2);
    expect(await storage.get(`images/${stale}`)).toBeNull();
    expect(await storage.get(`files/${staleFile}`)).toBeNull();
    expect(await pendingRow(`images/${stale}`)).toEqual([]);
    expect(await pendingRow(`files/${staleFile}`)).toEqual([]);

    expect(await storage.get(`images/${kept}`)).not.toBeNull();
    expect((await img(kept)).status).toBe(200);
    expect(await pendingRow(`images/${kept}`)).toEqual([]);
    expect(await storage.get(`files/${sentFile}`)).not.toBeNull();
    expect(await storage.get(`images/${fresh}`)).not.toBeNull();
    expect(await pendingRow(`images/${fresh}`)).toHaveLength(1);
    // The fresh one can still be registered, and is served then.
    expect((await register(ad, fresh)).status).toBe(200);
    expect((await img(fresh)).status).toBe(200);
  });
});
