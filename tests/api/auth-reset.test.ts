import { createHash, randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { startApi, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startApi();
});
afterAll(async () => h?.close());

const INVALID_RESET_LINK = 'This link is invalid or has expired. Request a new one from the login page.';
const HOUR_MS = 60 * 60 * 1000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** A caller address of its own, so per-address limits never leak between tests or shared runs. */
const freshAddress = () => `10.${randomInt(20, 250)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;

/** Asks for a reset link and returns the token from the mailed `/dashboard/reset-password/<token>` link. */
async function requestResetToken(username: string): Promise<string> {
  const result = await h.call('POST', '/api/auth/request-reset-password', { body: { username }, address: freshAddress() });
  expect(result.status).toBe(200);
  const mail = await h.lastMailTo(username);
  expect(mail).not.toBeNull();
  const match = /\/dashboard\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail!.text);
  expect(match).not.toBeNull();
  return match![1]!;
}

async function tokenRow(token: string) {
  const [row] = await h.db
    .select()
    .from(h.schema.authTokens)
    .where(eq(h.schema.authTokens.tokenHash, sha256(token)));
  return row ?? null;
}

async function userRow(id: number) {
  const [row] = await h.db.select().from(h.schema.users).where(eq(h.schema.users.id, id));
  return row!;
}

async function mailsTo(to: string) {
  return h.db.select().from(h.schema.outbox).where(eq(h.schema.outbox.to, to));
}

describe('POST /api/auth/request-reset-password', () => {
  it('e-mails a known user a 1-hour reset link and stores only the hash of its token', async () => {
    const user = await h.createUser({ language: 'en' });
    const result = await h.call('POST', '/api/auth/request-reset-password', { body: { username: user.username }, address: freshAddress() });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ message: 'success' });

    const mail = await h.lastMailTo(user.username);
    expect(mail).not.toBeNull();
    expect(mail!.subject).toBe('Reset your Stuga password');
    expect(mail!.text).toMatch(/\/dashboard\/reset-password\/[A-Za-z0-9_-]{40,}/);
    expect(mail!.html).toMatch(/href="[^"]*\/dashboard\/reset-password\/[A-Za-z0-9_-]{40,}"/);

    const token = /\/dashboard\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const row = await tokenRow(token);
    expect(row).not.toBeNull();
    expect(row!.kind).toBe('reset');
    expect(row!.userId).toBe(user.id);
    expect(row!.usedAt).toBeNull();
    const ttl = row!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(HOUR_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(HOUR_MS);
    const [plain] = await h.db.select().from(h.schema.authTokens).where(eq(h.schema.authTokens.tokenHash, token));
    expect(plain).toBeUndefined();
  });

  it("writes the mail in the user's language (Swedish by default)", async () => {
    const user = await h.createUser();
    await requestResetToken(user.username);
    const mail = await h.lastMailTo(user.username);
    expect(mail!.subject).toBe('Återställ ditt lösenord på Stuga');
  });

  it('answers the same 200 for an unknown e-mail and sends no mail', async () => {
    const ghost = h.uniqueEmail('ghost');
    const result = await h.call('POST', '/api/auth/request-reset-password', { body: { username: ghost }, address: freshAddress() });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ message: 'success' });
    expect(await h.lastMailTo(ghost)).toBeNull();
  });

  it('finds the account whatever the case of the e-mail', async () => {
    const user = await h.createUser();
    const result = await h.call('POST', '/api/auth/request-reset-password', { body: { username: user.username.toUpperCase() }, address: freshAddress() });
    expect(result.status).toBe(200);
    const mail = await h.lastMailTo(user.username);
    expect(mail).not.toBeNull();
    expect(mail!.text).toContain('/dashboard/reset-password/');
  });

  it('rejects an invalid e-mail with a field error', async () => {
    const result = await h.call('POST', '/api/auth/request-reset-password', { body: { username: 'not-an-email' }, address: freshAddress() });
    expect(result.status).toBe(400);
    expect(result.json.errors).toEqual([{ field: 'username', message: 'Enter a valid e-mail address' }]);
  });

  it('answers 429 to the 11th request for one account within 15 minutes, even from other addresses', async () => {
    // Windows are fixed: the frozen clock keeps this one from ending mid-test.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    onTestFinished(() => void vi.useRealTimers());
    const user = await h.createUser();
    for (let i = 0; i < 10; i++) {
      const r = await h.call('POST', '/api/auth/request-reset-password', { body: { username: user.username }, address: freshAddress() });
      expect(r.status).toBe(200);
    }
    expect(await mailsTo(user.username)).toHaveLength(10);

    const limited = await h.call('POST', '/api/auth/request-reset-password', { body: { username: user.username.toUpperCase() }, address: freshAddress() });
    expect(limited.status).toBe(429);
    expect(limited.json.message).toMatch(/^Too many requests\. Please try again in \d+ (s|min)\.$/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(900);
    expect(await mailsTo(user.username)).toHaveLength(10);

    const other = await h.createUser();
    const unaffected = await h.call('POST', '/api/auth/request-reset-password', { body: { username: other.username }, address: freshAddress() });
    expect(unaffected.status).toBe(200);
  });
});

describe('GET /api/user/resetPassword/:token and POST /api/auth/reset-password', () => {
  it('resets the password once: the new password logs in, the old one and the used link do not', async () => {
    const user = await h.createUser({ password: 'old-secret-1' });
    const token = await requestResetToken(user.username);

    const check = await h.call('GET', `/api/user/resetPassword/${token}`);
    expect(check.status).toBe(200);
    expect(check.json).toEqual({ valid: true });

    const reset = await h.call('POST', '/api/auth/reset-password', { body: { password: 'new-secret-2', hash: token } });
    expect(reset.status).toBe(200);
    expect(reset.json).toEqual({ message: 'success' });
    expect((await tokenRow(token))!.usedAt).not.toBeNull();

    const fresh = await h.login(user.username, 'new-secret-2', freshAddress());
    expect(fresh.status).toBe(200);
    expect(fresh.token).toBeTruthy();
    const stale = await h.login(user.username, 'old-secret-1', freshAddress());
    expect(stale.status).toBe(400);
    expect(stale.json.message).toBe('Password does not match');

    const again = await h.call('POST', '/api/auth/reset-password', { body: { password: 'third-secret-3', hash: token } });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe(INVALID_RESET_LINK);
    expect((await h.login(user.username, 'new-secret-2', freshAddress())).status).toBe(200);
    expect((await h.login(user.username, 'third-secret-3', freshAddress())).status).toBe(400);

    const checkAgain = await h.call('GET', `/api/user/resetPassword/${token}`);
    expect(checkAgain.status).toBe(404);
    expect(checkAgain.json.message).toBe(INVALID_RESET_LINK);
  });

  it('refuses a reset link older than 1 hour and leaves the password unchanged', async () => {
    const user = await h.createUser({ password: 'old-secret-1' });
    const token = await requestResetToken(user.username);
    await h.db
      .update(h.schema.authTokens)
      .set({ expiresAt: new Date(Date.now() - 60_000), createdAt: new Date(Date.now() - HOUR_MS - 60_000) })
      .where(eq(h.schema.authTokens.tokenHash, sha256(token)));

    const check = await h.call('GET', `/api/user/resetPassword/${token}`);
    expect(check.status).toBe(404);
    expect(check.json.message).toBe(INVALID_RESET_LINK);

    const reset = await h.call('POST', '/api/auth/reset-password', { body: { password: 'new-secret-2', hash: token } });
    expect(reset.status).toBe(400);
    expect(reset.json.message).toBe(INVALID_RESET_LINK);
    expect((await tokenRow(token))!.usedAt).toBeNull();
    expect((await h.login(user.username, 'old-secret-1', freshAddress())).status).toBe(200);
    expect((await h.login(user.username, 'new-secret-2', freshAddress())).status).toBe(400);
  });

  it('answers 404 to the check and 400 to the reset for a made-up token', async () => {
    const bogus = 'A'.repeat(43);
    const check = await h.call('GET', `/api/user/resetPassword/${bogus}`);
    expect(check.status).toBe(404);
    expect(check.json.message).toBe(INVALID_RESET_LINK);
    const reset = await h.call('POST', '/api/auth/reset-password', { body: { password: 'new-secret-2', hash: bogus } });
    expect(reset.status).toBe(400);
    expect(reset.json.message).toBe(INVALID_RESET_LINK);
  });

  it("refuses a password shorter than 6 characters with 'Password should have at least 6 characters' and keeps the link usable", async () => {
    const user = await h.createUser({ password: 'old-secret-1' });
    const before = (await userRow(user.id)).passwordHash;
    const token = await requestResetToken(user.username);

    const short = await h.call('POST', '/api/auth/reset-password', { body: { password: '12345', hash: token } });
    expect(short.status).toBe(400);
    expect(short.json.message).toBe('Password should have at least 6 characters');
    expect(short.json.errors).toEqual([{ field: 'password', message: 'Password should have at least 6 characters' }]);
    expect((await userRow(user.id)).passwordHash).toBe(before);
    expect((await tokenRow(token))!.usedAt).toBeNull();

    const empty = await h.call('POST', '/api/auth/reset-password', { body: { password: '', hash: token } });
    expect(empty.status).toBe(400);
    expect(empty.json.errors).toEqual(expect.arrayContaining([{ field: 'password', message: 'Required' }]));

    expect((await h.call('GET', `/api/user/resetPassword/${token}`)).status).toBe(200);
    const ok = await h.call('POST', '/api/auth/reset-password', { body: { password: '123456', hash: token } });
    expect(ok.status).toBe(200);
    expect((await h.login(user.username, '123456', freshAddress())).status).toBe(200);
  });

  it('signs every device out: a session from before the reset answers 401 afterwards', async () => {
    const user = await h.createUser({ password: 'old-secret-1' });
    const first = await h.login(user.username, 'old-secret-1', freshAddress());
    const second = await h.login(user.username, 'old-secret-1', freshAddress());
    expect((await h.call('GET', '/api/user', { token: first.token })).status).toBe(200);
    expect((await h.call('GET', '/api/user', { token: second.token })).status).toBe(200);

    const token = await requestResetToken(user.username);
    expect((await h.call('POST', '/api/auth/reset-password', { body: { password: 'new-secret-2', hash: token } })).status).toBe(200);

    const after = await h.call('GET', '/api/user', { token: first.token });
    expect(after.status).toBe(401);
    expect(after.json.message).toBe('Your session has ended. Please log in again.');
    expect((await h.call('GET', '/api/user', { token: second.token })).status).toBe(401);
    const live = await h.db.select().from(h.schema.sessions).where(eq(h.schema.sessions.userId, user.id));
    expect(live).toHaveLength(2);
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
  });

  it('makes a SOFT user STRICT with a password', async () => {
    const user = await h.createUser({ password: null });
    expect((await userRow(user.id)).type).toBe('SOFT');
    const token = await requestResetToken(user.username);

    expect((await h.call('POST', '/api/auth/reset-password', { body: { password: 'first-secret-1', hash: token } })).status).toBe(200);

    const row = await userRow(user.id);
    expect(row.type).toBe('STRICT');
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const check = await h.call('POST', '/api/user/checkUsername', { body: { username: user.username } });
    expect(check.json).toEqual({ exists: true, type: 'STRICT' });
    const login = await h.login(user.username, 'first-secret-1', freshAddress());
    expect(login.status).toBe(200);
    expect((await h.call('GET', '/api/user', { token: login.token })).json.type).toBe('STRICT');
  });

  it('does not accept a login-link token as a reset hash', async () => {
    const user = await h.createUser({ password: 'old-secret-1' });
    expect((await h.call('POST', '/api/user/send-auth-token', { body: { username: user.username }, address: freshAddress() })).status).toBe(200);
    const link = /[?&]token=([A-Za-z0-9_-]+)/.exec((await h.lastMailTo(user.username))!.text)![1]!;

    expect((await h.call('GET', `/api/user/resetPassword/${link}`)).status).toBe(404);
    const reset = await h.call('POST', '/api/auth/reset-password', { body: { password: 'new-secret-2', hash: link } });
    expect(reset.status).toBe(400);
    expect(reset.json.message).toBe(INVALID_RESET_LINK);
    expect((await h.login(user.username, 'old-secret-1', freshAddress())).status).toBe(200);
    const [loginToken] = await h.db
      .select()
      .from(h.schema.authTokens)
      .where(and(eq(h.schema.authTokens.tokenHash, sha256(link)), eq(h.schema.authTokens.kind, 'login')));
    expect(loginToken!.usedAt).toBeNull();
  });
});
