import { createHash, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { startApi, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startApi();
});
afterAll(async () => h?.close());

const INVALID_TOKEN = 'The login link is invalid or has expired.';
const DAY_MS = 24 * 60 * 60 * 1000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const freshAddress = () => `10.${randomInt(20, 250)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;

/** Asks for a login link and returns the mailed `/dashboard/redirect?…` URL. */
async function requestLink(username: string, next?: string): Promise<URL> {
  const result = await h.call('POST', '/api/user/send-auth-token', { body: { username, ...(next === undefined ? {} : { next }) }, address: freshAddress() });
  expect(result.status).toBe(200);
  expect(result.json).toEqual({ message: 'success' });
  const mail = await h.lastMailTo(username);
  expect(mail).not.toBeNull();
  const match = /https?:\/\/\S+\/dashboard\/redirect\?\S+/.exec(mail!.text);
  expect(match).not.toBeNull();
  return new URL(match![0]);
}

const exchange = (token: unknown) => h.call('POST', '/api/auth/token', { body: { token } });

describe('POST /api/user/send-auth-token', () => {
  it('e-mails a SOFT user a 24-hour login link to /dashboard/redirect?token=…', async () => {
    const user = await h.createUser({ password: null, language: 'en' });
    const link = await requestLink(user.username);
    expect(link.pathname).toBe('/dashboard/redirect');
    const token = link.searchParams.get('token');
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(link.searchParams.has('pathname')).toBe(false);

    const mail = await h.lastMailTo(user.username);
    expect(mail!.subject).toBe('Your login link to Stuga');

    const [row] = await h.db
      .select()
      .from(h.schema.authTokens)
      .where(eq(h.schema.authTokens.tokenHash, sha256(token!)));
    expect(row).toBeDefined();
    expect(row!.kind).toBe('login');
    expect(row!.userId).toBe(user.id);
    const ttl = row!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(DAY_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(DAY_MS);
  });

  it('answers 200 for an unknown e-mail and sends no mail', async () => {
    const ghost = h.uniqueEmail('ghost');
    const result = await h.call('POST', '/api/user/send-auth-token', { body: { username: ghost }, address: freshAddress() });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ message: 'success' });
    expect(await h.lastMailTo(ghost)).toBeNull();
  });

  it("carries a safe next as pathname: '/bookings' becomes pathname=bookings", async () => {
    const user = await h.createUser({ password: null });
    const link = await requestLink(user.username, '/bookings');
    expect(link.searchParams.get('pathname')).toBe('bookings');
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const nested = await requestLink(user.username, '/conversations/12');
    expect(nested.searchParams.get('pathname')).toBe('conversations/12');
  });

  it.each(['//evil.com', 'Http://x', 'https://evil.com/x', '/profile?next=x', '/../admin'])('drops the unsafe next %j', async (next) => {
    const user = await h.createUser({ password: null });
    const link = await requestLink(user.username, next);
    expect(link.searchParams.has('pathname')).toBe(false);
    expect(link.host).not.toContain('evil');
    expect([...link.searchParams.keys()]).toEqual(['token']);
    const result = await exchange(link.searchParams.get('token'));
    expect(result.status).toBe(200);
  });

  it('answers 429 to the 11th link request for one account within 15 minutes', async () => {
    // Windows are fixed: the frozen clock keeps this one from ending mid-test.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    onTestFinished(() => void vi.useRealTimers());
    const user = await h.createUser({ password: null });
    for (let i = 0; i < 10; i++) {
      const r = await h.call('POST', '/api/user/send-auth-token', { body: { username: user.username }, address: freshAddress() });
      expect(r.status).toBe(200);
    }
    const limited = await h.call('POST', '/api/user/send-auth-token', { body: { username: user.username }, address: freshAddress() });
    expect(limited.status).toBe(429);
    expect(limited.json.message).toMatch(/^Too many requests\. Please try again in \d+ (s|min)\.$/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(900);
    const mails = await h.db.select().from(h.schema.outbox).where(eq(h.schema.outbox.to, user.username));
    expect(mails).toHaveLength(10);
  });
});

describe('POST /api/auth/token', () => {
  it("signs a SOFT user in: { message: 'success', type: 'SOFT' } and a working x-session-token", async () => {
    const user = await h.createUser({ password: null });
    const token = (await requestLink(user.username)).searchParams.get('token');

    const result = await exchange(token);
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ message: 'success', type: 'SOFT' });
    const session = result.headers.get('x-session-token');
    expect(session).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(session).not.toBe(token);

    const me = await h.call('GET', '/api/user', { token: session });
    expect(me.status).toBe(200);
    expect(me.json.id).toBe(user.id);
    expect(me.json.username).toBe(user.username);
    expect(me.json.type).toBe('SOFT');

    const [row] = await h.db
      .select()
      .from(h.schema.authTokens)
      .where(eq(h.schema.authTokens.tokenHash, sha256(token!)));
    expect(row!.usedAt).not.toBeNull();
  });

  it("answers type 'STRICT' for a user with a password", async () => {
    const user = await h.createUser();
    const token = (await requestLink(user.username)).searchParams.get('token');
    const result = await exchange(token);
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ message: 'success', type: 'STRICT' });
  });

  it("works once: the same token again answers 400 'The login link is invalid or has expired.'", async () => {
    const user = await h.createUser({ password: null });
    const token = (await requestLink(user.username)).searchParams.get('token');
    expect((await exchange(token)).status).toBe(200);

    const again = await exchange(token);
    expect(again.status).toBe(400);
    expect(again.json.message).toBe(INVALID_TOKEN);
    expect(again.headers.get('x-session-token')).toBeNull();
    const sessions = await h.db.select().from(h.schema.sessions).where(eq(h.schema.sessions.userId, user.id));
    expect(sessions).toHaveLength(1);
  });

  it('refuses an expired token and creates no session', async () => {
    const user = await h.createUser({ password: null });
    const token = (await requestLink(user.username)).searchParams.get('token')!;
    await h.db
      .update(h.schema.authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(h.schema.authTokens.tokenHash, sha256(token)));

    const result = await exchange(token);
    expect(result.status).toBe(400);
    expect(result.json.message).toBe(INVALID_TOKEN);
    expect(result.headers.get('x-session-token')).toBeNull();
    expect(await h.db.select().from(h.schema.sessions).where(eq(h.schema.sessions.userId, user.id))).toHaveLength(0);
  });

  it.each([
    ['a short garbage string', 'garbage'],
    ['a well-formed unknown token', 'Z'.repeat(43)],
    ['an overlong string', 'x'.repeat(500)],
    ['an empty string', ''],
  ])('answers 400 for %s', async (_label, token) => {
    const result = await exchange(token);
    expect(result.status).toBe(400);
    expect(result.json.message).toBe(INVALID_TOKEN);
    expect(result.headers.get('x-session-token')).toBeNull();
  });

  it('answers 400 for a missing or non-string token', async () => {
    const missing = await h.call('POST', '/api/auth/token', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual([expect.objectContaining({ field: 'token' })]);
    const numeric = await exchange(12345678901234567890);
    expect(numeric.status).toBe(400);
    expect(numeric.headers.get('x-session-token')).toBeNull();
  });

  it('does not accept a password-reset token as a login token', async () => {
    const user = await h.createUser();
    const r = await h.call('POST', '/api/auth/request-reset-password', { body: { username: user.username }, address: freshAddress() });
    expect(r.status).toBe(200);
    const reset = /\/dashboard\/reset-password\/([A-Za-z0-9_-]+)/.exec((await h.lastMailTo(user.username))!.text)![1]!;
    const result = await exchange(reset);
    expect(result.status).toBe(400);
    expect(result.json.message).toBe(INVALID_TOKEN);
    expect((await h.call('GET', `/api/user/resetPassword/${reset}`)).status).toBe(200);
  });
});
