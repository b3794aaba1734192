import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { startApi, type Harness } from './harness';

let h: Harness;
/** A caller address of its own, so per-address limits never leak between tests or shared runs. */
const freshAddress = () => `10.${randomInt(20, 250)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;
beforeAll(async () => {
  h = await startApi();
});
afterAll(async () => h?.close());

describe('POST /api/auth/login', () => {
  it('answers { message: "success" } and a working session token for the right password', async () => {
    const user = await h.createUser();
    const result = await h.login(user.username, user.password!);
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ message: 'success' });
    expect(result.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const me = await h.call('GET', '/api/user', { token: result.token });
    expect(me.status).toBe(200);
    expect(me.json.username).toBe(user.username);
    expect(me.json).not.toHaveProperty('passwordHash');
    expect(me.json).not.toHaveProperty('password_hash');
  });

  it("says 'Password does not match' for a wrong password, in Swedish 'Fel lösenord, försök igen'", async () => {
    const user = await h.createUser();
    const en = await h.login(user.username, 'wrong-password');
    expect(en.status).toBe(400);
    expect(en.json.message).toBe('Password does not match');
    expect(en.token).toBeNull();
    const sv = await h.call('POST', '/api/auth/login', { body: { username: user.username, password: 'nope-nope' }, lang: 'sv' });
    expect(sv.json.message).toBe('Fel lösenord, försök igen');
  });

  it("answers 'Failed login' for an unknown user and for a SOFT user without password", async () => {
    const unknown = await h.login(h.uniqueEmail('ghost'), 'whatever1');
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe('Failed login');
    const soft = await h.createUser({ password: null });
    const result = await h.login(soft.username, 'whatever1');
    expect(result.status).toBe(400);
    expect(result.json.message).toBe('Failed login');
  });

  it('validates the body with the shared schema and names the field', async () => {
    const result = await h.call('POST', '/api/auth/login', { body: { username: 'not-an-email', password: '' } });
    expect(result.status).toBe(400);
    expect(result.json.errors).toEqual(
      expect.arrayContaining([
        { field: 'username', message: 'Enter a valid e-mail address' },
        { field: 'password', message: 'Please enter your password' },
      ]),
    );
  });

  it('slows down one account from one address after 5 failures, without locking the account for other addresses', async () => {
    // Windows are fixed: the frozen clock keeps them from ending mid-test.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    onTestFinished(() => void vi.useRealTimers());
    const user = await h.createUser();
    const address = freshAddress();
    for (let i = 0; i < 5; i++) expect((await h.login(user.username, `wrong-${i}-pass`, address)).status).toBe(400);
    const limited = await h.login(user.username, user.password!, address);
    expect(limited.status).toBe(429);
    expect(limited.json.message).toBe('Too many failed attempts. Try again in 1 s, or sign in with a link sent by e-mail.');
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.token).toBeNull();
    const elsewhere = await h.login(user.username, user.password!, freshAddress());
    expect(elsewhere.status).toBe(200);
  });

  it('answers 429 after 100 failures from one address, whatever the account', async () => {
    // Windows are fixed: the frozen clock keeps them from ending mid-test.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    onTestFinished(() => void vi.useRealTimers());
    const address = freshAddress();
    const victim = await h.createUser();
    for (let batch = 0; batch < 5; batch++) {
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => h.login(`someone-${batch}-${i}-${h.uniqueEmail()}`, 'whatever1', address)));
      expect(results.map((r) => r.status)).toEqual(Array(20).fill(400));
    }
    const limited = await h.login(victim.username, victim.password!, address);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(900);
    const elsewhere = await h.login(victim.username, victim.password!, freshAddress());
    expect(elsewhere.status).toBe(200);
  });
});

describe('sessions', () => {
  it('401 without a session, and with a made-up token', async () => {
    expect((await h.call('GET', '/api/user')).status).toBe(401);
    const bogus = await h.call('GET', '/api/user', { token: 'x'.repeat(43) });
    expect(bogus.status).toBe(401);
    expect(bogus.json.message).toBeTruthy();
  });

  it('logout revokes the session: the old token no longer works', async () => {
    const user = await h.createUser();
    const { token } = await h.login(user.username, user.password!);
    expect((await h.call('GET', '/api/user', { token })).status).toBe(200);
    const out = await h.call('GET', '/api/auth/logout', { token });
    expect(out.status).toBe(200);
    expect((await h.call('GET', '/api/user', { token })).status).toBe(401);
  });

  it('a session unused for more than 7 days has ended', async () => {
    const user = await h.createUser();
    const { token } = await h.login(user.username, user.password!);
    const { schema, db } = h;
    const { eq } = await import('drizzle-orm');
    await db
      .update(schema.sessions)
      .set({ lastUsedAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) })
      .where(eq(schema.sessions.userId, user.id));
    // Told to every instance by the database's notification (migration 0021), within moments.
    await expect.poll(async () => (await h.call('GET', '/api/user', { token })).status, { timeout: 2000 }).toBe(401);
  });
});
