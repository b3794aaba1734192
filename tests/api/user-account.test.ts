import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startApi();
});
afterAll(async () => h?.close());

const freshAddress = () => `10.${randomInt(20, 250)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;

const createAccount = (username: unknown, query = '?autenticate=yes', language: unknown = 'en') => h.call('POST', `/api/user${query}`, { body: { username, language }, address: freshAddress() });

async function usersNamed(username: string) {
  return h.db
    .select()
    .from(h.schema.users)
    .where(sql`lower(${h.schema.users.username}) = ${username.toLowerCase()}`);
}

async function passwordHashOf(id: number) {
  const [row] = await h.db.select({ passwordHash: h.schema.users.passwordHash }).from(h.schema.users).where(eq(h.schema.users.id, id));
  return row!.passwordHash;
}

describe('POST /api/user?autenticate=yes', () => {
  it('creates a SOFT account without password in the chosen language and mails a login link that works', async () => {
    const email = h.uniqueEmail('new');
    const result = await createAccount(email);
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ message: 'success', id: expect.any(Number), type: 'SOFT' });

    const rows = await usersNamed(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(result.json.id);
    expect(rows[0]!.username).toBe(email);
    expect(rows[0]!.type).toBe('SOFT');
    expect(rows[0]!.passwordHash).toBeNull();
    expect(rows[0]!.language).toBe('en');
    expect(rows[0]!.admin).toBe(false);

    const mail = await h.lastMailTo(email);
    expect(mail).not.toBeNull();
    expect(mail!.subject).toBe('Your login link to Stuga');
    const token = /\/dashboard\/redirect\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
    expect(token).toBeTruthy();
    const signIn = await h.call('POST', '/api/auth/token', { body: { token } });
    expect(signIn.status).toBe(200);
    expect(signIn.json).toEqual({ message: 'success', type: 'SOFT' });
    const me = await h.call('GET', '/api/user', { token: signIn.headers.get('x-session-token') });
    expect(me.json.username).toBe(email);
    expect(me.json.has_password).toBe(false);
  });

  it('stores the e-mail in lower case', async () => {
    const email = h.uniqueEmail('MiXeD').replace('@example.com', '@Example.COM');
    const result = await createAccount(email);
    expect(result.status).toBe(200);
    const rows = await usersNamed(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.username).toBe(email.toLowerCase());
    expect(await h.lastMailTo(email.toLowerCase())).not.toBeNull();
  });

  it("answers 400 'A user with this email already exists' the second time, whatever the case, and creates nothing", async () => {
    const email = h.uniqueEmail('twice');
    expect((await createAccount(email)).status).toBe(200);

    const again = await createAccount(email);
    expect(again.status).toBe(400);
    expect(again.json.message).toBe('A user with this email already exists');
    expect(again.json.errors).toEqual([{ field: 'username', message: 'A user with this email already exists' }]);

    const upper = await createAccount(email.toUpperCase());
    expect(upper.status).toBe(400);
    expect(upper.json.message).toBe('A user with this email already exists');
    expect(await usersNamed(email)).toHaveLength(1);
  });

  it('refuses to create an account over an existing STRICT user', async () => {
    const user = await h.createUser();
    const result = await createAccount(user.username);
    expect(result.status).toBe(400);
    expect(result.json.message).toBe('A user with this email already exists');
    const rows = await usersNamed(user.username);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.type).toBe('STRICT');
    expect(await h.lastMailTo(user.username)).toBeNull();
  });

  it.each(['', '?autenticate=no', '?authenticate=yes'])('answers 400 without autenticate=yes (query %j) and creates nothing', async (query) => {
    const email = h.uniqueEmail('noquery');
    const result = await createAccount(email, query);
    expect(result.status).toBe(400);
    expect(result.json.message).toBe('Error in form!');
    expect(result.json.errors).toEqual([expect.objectContaining({ field: 'autenticate' })]);
    expect(await usersNamed(email)).toHaveLength(0);
    expect(await h.lastMailTo(email)).toBeNull();
  });

  it.each(['not-an-email', 'a@b', '@example.com', 'x'.repeat(250) + '@example.com'])('answers 400 with a username field error for %j', async (username) => {
    const result = await createAccount(username);
    expect(result.status).toBe(400);
    expect(result.json.errors).toEqual([{ field: 'username', message: 'Enter a valid e-mail address' }]);
    expect(result.json.message).toBe('Enter a valid e-mail address');
  });

  it('answers 400 for a missing e-mail and for an unsupported language', async () => {
    const missing = await h.call('POST', '/api/user?autenticate=yes', { body: { language: 'en' }, address: freshAddress() });
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual([{ field: 'username', message: 'Required' }]);

    const email = h.uniqueEmail('lang');
    const language = await createAccount(email, '?autenticate=yes', 'xx');
    expect(language.status).toBe(400);
    expect(language.json.errors).toEqual([expect.objectContaining({ field: 'language' })]);
    expect(await usersNamed(email)).toHaveLength(0);
  });
});

describe('POST /api/user/checkUsername', () => {
  it('answers { exists: false, type: null } for an unknown e-mail', async () => {
    const result = await h.call('POST', '/api/user/checkUsername', { body: { username: h.uniqueEmail('nobody') } });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ exists: false, type: null });
  });

  it("answers { exists: true, type: 'STRICT' } for a STRICT user, whatever the case of the e-mail", async () => {
    const user = await h.createUser();
    const exact = await h.call('POST', '/api/user/checkUsername', { body: { username: user.username } });
    expect(exact.json).toEqual({ exists: true, type: 'STRICT' });
    const upper = await h.call('POST', '/api/user/checkUsername', { body: { username: `  ${user.username.toUpperCase()} ` } });
    expect(upper.status).toBe(200);
    expect(upper.json).toEqual({ exists: true, type: 'STRICT' });
  });

  it("answers type 'SOFT' for a user without password, also when stored with capitals", async () => {
    const email = h.uniqueEmail('Capital');
    expect(email).not.toBe(email.toLowerCase());
    await h.createUser({ password: null, username: email });
    const result = await h.call('POST', '/api/user/checkUsername', { body: { username: email.toLowerCase() } });
    expect(result.json).toEqual({ exists: true, type: 'SOFT' });
  });

  it('answers 400 with a field error for an invalid e-mail', async () => {
    const result = await h.call('POST', '/api/user/checkUsername', { body: { username: 'nope' } });
    expect(result.status).toBe(400);
    expect(result.json.errors).toEqual([{ field: 'username', message: 'Enter a valid e-mail address' }]);
  });
});

describe('PUT /api/user/change-password', () => {
  it("answers 400 'Your current password is incorrect' for a wrong old password and keeps the password", async () => {
    const user = await h.createUser({ password: 'old-secret-1' });
    const { token } = await h.login(user.username, 'old-secret-1', freshAddress());
    const before = await passwordHashOf(user.id);

    const result = await h.call('PUT', '/api/user/change-password', { token, body: { old_password: 'not-my-password', password: 'new-secret-2' } });
    expect(result.status).toBe(400);
    expect(result.json.message).toBe('Your current password is incorrect');
    expect(result.json.errors).toEqual([{ field: 'old_password', message: 'Your current password is incorrect' }]);
    expect(await passwordHashOf(user.id)).toBe(before);
    expect((await h.login(user.username, 'old-secret-1', freshAddress())).status).toBe(200);
    expect((await h.login(user.username, 'new-secret-2', freshAddress())).status).toBe(400);
  });

  it('changes the password with the right old password: the new one logs in, the old one does not', async () => {
    const user = await h.createUser({ password: 'old-secret-1' });
    const { token } = await h.login(user.username, 'old-secret-1', freshAddress());
    const before = await passwordHashOf(user.id);

    const result = await h.call('PUT', '/api/user/change-password', { token, body: { old_password: 'old-secret-1', password: 'new-secret-2' } });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ message: 'success' });
    const after = await passwordHashOf(user.id);
    expect(after).not.toBe(before);
    expect(after).not.toContain('new-secret-2');

    expect((await h.login(user.username, 'new-secret-2', freshAddress())).status).toBe(200);
    const old = await h.login(user.username, 'old-secret-1', freshAddress());
    expect(old.status).toBe(400);
    expect(old.json.message).toBe('Password does not match');
  });

  it("refuses a new password shorter than 6 characters with 'Password should have at least 6 characters'", async () => {
    const user = await h.createUser({ password: 'old-secret-1' });
    const { token } = await h.login(user.username, 'old-secret-1', freshAddress());
    const before = await passwordHashOf(user.id);
    const result = await h.call('PUT', '/api/user/change-password', { token, body: { old_password: 'old-secret-1', password: 'abc' } });
    expect(result.status).toBe(400);
    expect(result.json.errors).toEqual([{ field: 'password', message: 'Password should have at least 6 characters' }]);
    expect(await passwordHashOf(user.id)).toBe(before);
  });

  it('answers 401 without a session and changes nothing', async () => {
    const user = await h.createUser({ password: 'old-secret-1' });
    const before = await passwordHashOf(user.id);
    const result = await h.call('PUT', '/api/user/change-password', { body: { old_password: 'old-secret-1', password: 'new-secret-2' } });
    expect(result.status).toBe(401);
    expect(result.json.message).toBe('Your session has ended. Please log in again.');
    expect(await passwordHashOf(user.id)).toBe(before);
  });
});

describe('after a password change', () => {
  it('other sessions are signed out, this one stays, and earlier mailed links stop working', async () => {
    const user = await h.createUser();
    const here = await h.login(user.username, user.password!, freshAddress());
    const elsewhere = await h.login(user.username, user.password!, freshAddress());
    const link = await h.call('POST', '/api/user/send-auth-token', { body: { username: user.username }, address: freshAddress() });
    expect(link.status).toBe(200);
    const mail = await h.lastMailTo(user.username);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1];

    const changed = await h.call('PUT', '/api/user/change-password', { token: here.token, body: { old_password: user.password, password: 'brand-new-pass' } });
    expect(changed.status).toBe(200);
    expect((await h.call('GET', '/api/user', { token: here.token })).status).toBe(200);
    expect((await h.call('GET', '/api/user', { token: elsewhere.token })).status).toBe(401);
    const used = await h.call('POST', '/api/auth/token', { body: { token } });
    expect(used.status).toBe(400);
  });
});

describe('GET /api/user', () => {
  it('never contains the password hash', async () => {
    const user = await h.createUser({ password: 'old-secret-1' });
    const { token } = await h.login(user.username, 'old-secret-1', freshAddress());
    const me = await h.call('GET', '/api/user', { token });
    expect(me.status).toBe(200);
    expect(me.json.id).toBe(user.id);
    expect(me.json.has_password).toBe(true);
    for (const key of Object.keys(me.json)) {
      expect(key).not.toMatch(/^password|password_?hash|^hash$/i);
    }
    const text = JSON.stringify(me.json);
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain((await passwordHashOf(user.id))!);
  });

  it('answers 401 without a session', async () => {
    const result = await h.call('GET', '/api/user');
    expect(result.status).toBe(401);
    expect(result.json.message).toBe('Your session has ended. Please log in again.');
  });
});

describe('in-process calls of one server render', () => {
  it('read the session once (a memo per render), and a new render sees a revoked session', async () => {
    const user = await h.createUser();
    const { token } = await h.login(user.username, user.password!);
    const get = (path: string, sessions: Map<string, Promise<unknown>>) =>
      h.api.hono.fetch(new Request(`http://marketplace.internal${path}`, { headers: { authorization: `Bearer ${token}` } }), { clientAddress: freshAddress(), sessions });
    const render = new Map<string, Promise<unknown>>();
    const answers = await Promise.all([get('/api/user', render), get('/api/user/todo', render), get('/api/user/bookings', render)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect([...render.keys()]).toEqual([token]);
    expect(await render.get(token!)).toMatchObject({ id: user.id });

    // Revoked behind the API's back: every instance is told by the database's notification (migration 0021), within moments.
    await h.db.update(h.schema.sessions).set({ revokedAt: new Date() }).where(eq(h.schema.sessions.userId, user.id));
    await expect.poll(async () => (await get('/api/user', new Map())).status, { timeout: 2000 }).toBe(401);
  });
});
