// Issue 14: deleting an account (SPEC §5) and "Download my data" (GDPR art. 15/20).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCottage, host, startCottageApi } from './cottages-support';
import type { Harness } from './harness';

let h: Harness;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ h, stop } = await startCottageApi());
});
afterAll(async () => stop?.());

const rowOf = async (id: number) => (await h.db.select().from(h.schema.users).where(eq(h.schema.users.id, id)))[0]!;

describe('DELETE /api/user', () => {
  it('needs the box ticked and the phrase in either language', async () => {
    const { user, token } = await host(h);
    const before = await rowOf(user.id);
    const unticked = await h.call('DELETE', '/api/user', { token, body: { confirm: false, phrase: 'delete account' } });
    expect(unticked.status).toBe(400);
    expect(unticked.json.errors).toContainEqual({ field: 'confirm', message: 'Tick the box to confirm' });
    const wrong = await h.call('DELETE', '/api/user', { token, body: { confirm: true, phrase: 'delete my account' } });
    expect(wrong.json.errors).toContainEqual({ field: 'phrase', message: 'Write "delete account" to confirm deletion' });
    const svWrong = await h.call('DELETE', '/api/user', { token, lang: 'sv', body: { confirm: true, phrase: 'ta bort' } });
    expect(svWrong.json.errors).toContainEqual({ field: 'phrase', message: 'Skriv "ta bort mitt konto permanent" för att bekräfta borttagningen' });
    expect(await rowOf(user.id)).toEqual(before);
  });

  it('is refused while the user owns an ad, and says why', async () => {
    const { user, token } = await host(h);
    await createCottage(h, token);
    const result = await h.call('DELETE', '/api/user', { token, body: { confirm: true, phrase: 'delete account' } });
    expect(result.status).toBe(400);
    expect(result.json.message).toBe('Your account contains ads. You must delete those before you can proceed with account deletion.');
    expect((await rowOf(user.id)).deletedAt).toBeNull();
  });

  it('erases the personal data, ends every session and keeps the bookkeeping rows pseudonymised', async () => {
    const { user, token } = await host(h);
    const second = await h.login(user.username, user.password!);
    const result = await h.call('DELETE', '/api/user', { token, body: { confirm: true, phrase: 'Ta bort mitt konto permanent' } });
    expect(result.status, JSON.stringify(result.json)).toBe(200);
    const row = await rowOf(user.id);
    expect(row).toMatchObject({ firstName: null, lastName: null, birthday: null, phone1: null, uAddress1: null, uCity: null, passwordHash: null, personalNumber: null });
    expect(row.username).toBe(`deleted-${user.id}@deleted.invalid`);
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect((await h.call('GET', '/api/user', { token })).status).toBe(401);
    expect((await h.call('GET', '/api/user', { token: second.token })).status).toBe(401);
    expect((await h.login(user.username, user.password!)).status).toBe(400);
  });
});

describe('GET /api/user/export', () => {
  it('is a JSON download of the profile and the conversations the user is in, for the user only', async () => {
    const a = await host(h);
    const result = await fetch(`${h.url}/api/user/export`, { headers: { authorization: `Bearer ${a.token}`, 'x-forwarded-for': '10.9.9.9' } });
    expect(result.status).toBe(200);
    expect(result.headers.get('content-disposition')).toMatch(/^attachment; filename="stuga-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = (await result.json()) as { profile: { id: number; username: string }; conversations: unknown[]; bookings: unknown[] };
    expect(data.profile).toMatchObject({ id: a.user.id, username: a.user.username });
    expect(JSON.stringify(data)).not.toMatch(/argon2|password_hash|passwordHash/);
    expect(data.conversations).toEqual([]);
    expect(data.bookings).toEqual([]);
    expect((await h.call('GET', '/api/user/export')).status).toBe(401);
  });

  it('is rate-limited: the fourth download within an hour answers 429', async () => {
    const { token } = await host(h);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await h.call('GET', '/api/user/export', { token })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
