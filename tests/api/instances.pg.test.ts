// Issue 12: more than one instance on one database. Two marketplace processes (tests/support/
// instance-server.ts: the API and the pg-boss jobs, as `npm start` runs them) share a fresh
// PostgreSQL database: a chat message sent through A is read through B, a rate limit counts across
// both, the bookings sweep both schedule runs once (one payout per due booking), and a session
// signed out through A is refused by B, which had kept it, within a second. PostgreSQL only:
// the embedded PGlite is one process by definition.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_REPORTS_PER_MINUTE } from '@/lib/constants';
import { addDays } from '@/lib/rules/dates';
import { guestIn, hostWithAd, inDays, offerBody, pay, today } from './bookings-support';
import { picture } from './cottages-support';
import type { Harness } from './harness';
import { databaseOfItsOwn, stopAll } from './instances-support';

// Runs in the api-pg project only (vitest.config.ts): several processes share one PostgreSQL server.
if (!process.env.TEST_DATABASE_URL) throw new Error('This test needs PostgreSQL: set TEST_DATABASE_URL (npm run test:api:pg)');
const DUE_BOOKINGS = 3;

type Instance = { url: string; child: ChildProcess; output: () => string };

let h: Harness;
let stopHarness: (() => Promise<void>) | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let databaseUrl: string;
const instances: Instance[] = [];

/** Starts one instance on the test's database; resolves once it listens. */
function startInstance(): Promise<Instance> {
  // Each on a disk of its own and without SESSION_SECRET: what they share is the database alone.
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, PORT: '0', LOG_LEVEL: 'warn', STUGA_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'stuga-instance-')) };
  delete env.SESSION_SECRET;
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'tests/support/instance-server.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', () => {
      const m = /listening (\d+) jobs pg-boss/.exec(out);
      if (m) resolve({ url: `http://127.0.0.1:${m[1]}`, child, output: () => out });
    });
    child.once('exit', (code) => reject(new Error(`instance exited (${code}) before listening: ${out}`)));
  });
}

async function call(instance: Instance, method: string, path: string, options: { token?: string; body?: unknown; address?: string } = {}) {
  const r = await fetch(instance.url + path, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': options.address ?? '10.0.0.1',
      'accept-language': 'en',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await r.text();
  return { status: r.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}\n${instances.map((i) => i.output()).join('\n---\n')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const bookingIds: number[] = [];
let chat: { conversationId: number; guestToken: string; hostToken: string };

describe('two instances on one database', () => {
  beforeAll(async () => {
    // A database of its own: the jobs sweep every booking of the database they run on, and other
    // test files share TEST_DATABASE_URL at the same time.
    const own = await databaseOfItsOwn('stuga_instances');
    databaseUrl = own.url;
    dropDatabase = own.drop;
    process.env.TEST_DATABASE_URL = databaseUrl;
    const { startCottageApi } = await import('./cottages-support');
    ({ h, stop: stopHarness } = await startCottageApi());

    // Paid bookings whose payout is due: offered and paid for a stay ahead, then moved to have
    // started three days ago (the payout is due the day after check-in).
    const { owner, ad } = await hostWithAd(h);
    for (let i = 0; i < DUE_BOOKINGS; i++) {
      const [copy] = await h.db
        .insert(h.schema.cottages)
        .values({ ...ad, id: undefined, createdAt: undefined, updatedAt: undefined } as typeof h.schema.cottages.$inferInsert)
        .returning();
      const { guest, conversationId } = await guestIn(h, copy!.id);
      if (i === 0) chat = { conversationId, guestToken: guest.token!, hostToken: owner.token! };
      const sent = await h.call('POST', '/api/bookings', { token: owner.token, body: offerBody({ conversationId, guestId: guest.user.id, cottageId: copy!.id, checkIn: inDays(20) }) });
      expect(sent.status, JSON.stringify(sent.json)).toBe(200);
      const bookingId = sent.json.id as number;
      expect((await pay(h, guest.token!, bookingId)).result?.json.transaction).toBe('success');
      bookingIds.push(bookingId);
    }
    await h.db
      .update(h.schema.bookings)
      .set({ checkIn: addDays(today(), -3), checkOut: addDays(today(), 4) })
      .where(inArray(h.schema.bookings.id, bookingIds));

    // Both instances start together; each schedules the same jobs.
    instances.push(...(await Promise.all([startInstance(), startInstance()])));
  }, 120_000);

  afterAll(async () => {
    await stopAll(instances.map((i) => i.child));
    await stopHarness?.();
    await dropDatabase?.();
  }, 60_000);

  it('a message sent through A is read through B', async () => {
    const [a, b] = instances as [Instance, Instance];
    const text = `Hej från A ${Date.now()}`;
    const sent = await call(a, 'POST', `/api/conversations/${chat.conversationId}/messages`, { token: chat.guestToken, body: { text } });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    const read = await call(b, 'GET', `/api/conversations/${chat.conversationId}/messages`, { token: chat.hostToken });
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.json)).toContain(text);
  });

  it('an upload ticket handed out by A is taken by B: the secret that signs it is kept in the database, not on a disk', async () => {
    const [a, b] = instances as [Instance, Instance];
    const { owner, ad } = await hostWithAd(h, { payoutReady: false });
    const token = owner.token!;
    const ticket = await call(a, 'POST', `/api/cottages/${ad.id}/images/upload`, { token, body: { fileName: 'stuga.jpg' } });
    expect(ticket.status, JSON.stringify(ticket.json)).toBe(200);
    const { url, filename } = ticket.json as { url: string; filename: string };
    const put = await fetch(b.url + url, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${token}`, 'x-forwarded-for': '10.0.0.1' },
      body: new Uint8Array(await picture()),
    });
    expect(put.status, await put.text()).toBe(200);
    const registered = await call(b, 'POST', `/api/cottages/${ad.id}/images`, { token, body: { filename } });
    expect(registered.status, JSON.stringify(registered.json)).toBe(200);
    // A ticket with its MAC changed is refused by either.
    const forged = url.replace(/\.[A-Za-z0-9_-]+$/, '.AAAA');
    const refused = await fetch(a.url + forged, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${token}`, 'x-forwarded-for': '10.0.0.1' },
      body: new Uint8Array(await picture()),
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
  });

  it('an instance keeps a session it has read, and forgets it when the database says it changed', async () => {
    const [a, b] = instances as [Instance, Instance];
    const user = await h.createUser();
    const token = (await h.login(user.username, user.password!)).token!;
    const session = eq(h.schema.sessions.userId, user.id);
    const connection = new pg.Client({ connectionString: databaseUrl });
    await connection.connect();
    // Without the database's word (its trigger off), B keeps serving the session it read; A, which never read it, refuses it.
    await connection.query('ALTER TABLE sessions DISABLE TRIGGER sessions_changed');
    try {
      expect((await call(b, 'GET', '/api/user', { token })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 500));
      expect((await call(b, 'GET', '/api/user', { token })).status).toBe(200);
      await h.db.update(h.schema.sessions).set({ revokedAt: new Date() }).where(session);
      expect((await call(b, 'GET', '/api/user', { token })).status).toBe(200);
      expect((await call(a, 'GET', '/api/user', { token })).status).toBe(401);
    } finally {
      await connection.query('ALTER TABLE sessions ENABLE TRIGGER sessions_changed');
      await connection.end();
    }
    // With its word, B forgets the session at once.
    await h.db.update(h.schema.sessions).set({ revokedAt: new Date() }).where(session);
    await expect.poll(async () => (await call(b, 'GET', '/api/user', { token })).status, { timeout: 1000, interval: 50 }).toBe(401);
  });

  it('a session signed out through A is refused by B within a second', async () => {
    const [a, b] = instances as [Instance, Instance];
    const user = await h.createUser();
    const token = (await h.login(user.username, user.password!)).token!;
    expect((await call(b, 'GET', '/api/user', { token })).status).toBe(200);
    expect((await call(b, 'GET', '/api/user', { token })).status).toBe(200);
    expect((await call(a, 'GET', '/api/auth/logout', { token })).status).toBe(200);
    expect((await call(a, 'GET', '/api/user', { token })).status).toBe(401);
    await expect.poll(async () => (await call(b, 'GET', '/api/user', { token })).status, { timeout: 1000, interval: 50 }).toBe(401);
  });

  it('a rate limit counts across both instances', async () => {
    const [a, b] = instances as [Instance, Instance];
    // The limit's window is a fixed minute: start at the beginning of one, not at its end.
    if (Date.now() % 60_000 > 45_000) await new Promise((r) => setTimeout(r, 60_000 - (Date.now() % 60_000) + 200));
    const address = `10.12.${process.pid % 250}.${Date.now() % 250}`;
    const report = (instance: Instance) => call(instance, 'POST', '/api/errors', { address, body: { message: 'boom', path: '/dashboard' } });
    for (let i = 0; i < ERROR_REPORTS_PER_MINUTE; i++) expect((await report(i % 2 ? b : a)).status).toBeLessThan(300);
    // Neither instance alone has seen the limit's worth, yet both refuse now.
    expect((await report(a)).status).toBe(429);
    expect((await report(b)).status).toBe(429);
  }, 90_000);

  it('the bookings sweep scheduled on both runs once: one payout per due booking', async () => {
    const s = h.schema;
    const done = await until('the sweep to pay out', async () => {
      const payouts = await h.db
        .select()
        .from(s.moneyIntents)
        .where(and(inArray(s.moneyIntents.bookingId, bookingIds), eq(s.moneyIntents.kind, 'PAYOUT')));
      return payouts.length === DUE_BOOKINGS && payouts.every((p) => p.status === 'SUCCEEDED') && payouts;
    });
    // Both instances sent the start run; the queue kept one.
    const jobs = new pg.Client({ connectionString: databaseUrl });
    await jobs.connect();
    try {
      const { rows } = await jobs.query<{ state: string; output: { paidOut?: number } | null }>(`SELECT state, output FROM pgboss.job WHERE name = 'bookings-sweep' AND singleton_key = 'start'`);
      expect(rows).toHaveLength(1);
      const { rows: completed } = await jobs.query<{ output: { paidOut?: number } | null }>(`SELECT output FROM pgboss.job WHERE name = 'bookings-sweep' AND state = 'completed'`);
      // Every payout was made by one run of the sweep, not split between two.
      expect(completed.filter((r) => (r.output?.paidOut ?? 0) > 0).map((r) => r.output?.paidOut)).toEqual([DUE_BOOKINGS]);
    } finally {
      await jobs.end();
    }
    // One payout per booking, carried out once at the provider.
    await new Promise((r) => setTimeout(r, 3000));
    const after = await h.db
      .select()
      .from(s.moneyIntents)
      .where(and(inArray(s.moneyIntents.bookingId, bookingIds), eq(s.moneyIntents.kind, 'PAYOUT')));
    expect(after).toHaveLength(DUE_BOOKINGS);
    expect(new Set(after.map((p) => p.bookingId)).size).toBe(DUE_BOOKINGS);
    for (const p of done) expect(await h.db.select().from(s.sandboxTransactions).where(eq(s.sandboxTransactions.idempotencyKey, p.idempotencyKey))).toHaveLength(1);
    const paid = await h.db.select({ paidOutAt: s.bookings.paidOutAt }).from(s.bookings).where(inArray(s.bookings.id, bookingIds));
    expect(paid.every((b) => b.paidOutAt)).toBe(true);
  }, 90_000);
});
