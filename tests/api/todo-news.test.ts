import { randomInt } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness } from './harness';
import type { NewsSummary, TodoItem } from '@/lib/schemas/user-dto';

let h: Harness;
beforeAll(async () => {
  h = await startApi();
});
afterAll(async () => h?.close());

const MINUTE_MS = 60_000;
const FAR_FUTURE = () => new Date(Date.now() + 5 * 365 * 24 * 60 * MINUTE_MS);
const freshAddress = () => `10.${randomInt(20, 250)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;

/** A user with a live session token. */
async function signedIn() {
  const user = await h.createUser();
  const { token } = await h.login(user.username, user.password!, freshAddress());
  expect(token).toBeTruthy();
  return { ...user, token: token! };
}

async function insertNews(values: { title?: string; body?: string; publishedFrom?: Date } = {}) {
  const [row] = await h.db
    .insert(h.schema.news)
    .values({ title: values.title ?? `News ${randomInt(1e9)}`, body: values.body ?? '<p>Hello</p>', publishedFrom: values.publishedFrom ?? new Date(Date.now() - MINUTE_MS) })
    .returning();
  return row!;
}

async function todoRead(userId: number, type: (typeof h.schema.TO_DO_TYPES)[number], refId: number) {
  const [row] = await h.db
    .select({ read: h.schema.todos.read })
    .from(h.schema.todos)
    .where(and(eq(h.schema.todos.userId, userId), eq(h.schema.todos.type, type), eq(h.schema.todos.refId, refId)));
  return row?.read ?? null;
}

describe('GET and PATCH /api/user/todo', () => {
  it("lists only the caller's items, unread first, shaped { type, value: { read, id, conversation_id, title } }", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const item = await insertNews({ title: 'Summer tips' });
    const t0 = Date.now();
    await h.db.insert(h.schema.todos).values([
      { userId: a.id, type: 'UNREAD_MESSAGES', refId: 501, conversationId: 501, read: true, createdAt: new Date(t0 - 1 * MINUTE_MS) },
      { userId: a.id, type: 'UNREAD_NEWS', refId: item.id, read: false, createdAt: new Date(t0 - 3 * MINUTE_MS) },
      { userId: a.id, type: 'PENDING_BOOKING', refId: 502, conversationId: 77, read: false, createdAt: new Date(t0 - 2 * MINUTE_MS) },
      { userId: b.id, type: 'OUTDATED_COTTAGE', refId: 503, read: false, createdAt: new Date(t0) },
      { userId: b.id, type: 'UNREAD_NEWS', refId: item.id, read: false, createdAt: new Date(t0) },
    ]);

    const result = await h.call('GET', '/api/user/todo', { token: a.token });
    expect(result.status).toBe(200);
    expect(result.json).toEqual([
      { type: 'PENDING_BOOKING', value: { read: false, id: 502, conversation_id: 77, title: null } },
      { type: 'UNREAD_NEWS', value: { read: false, id: item.id, conversation_id: null, title: 'Summer tips' } },
      { type: 'UNREAD_MESSAGES', value: { read: true, id: 501, conversation_id: 501, title: null } },
    ]);

    const other = (await h.call('GET', '/api/user/todo', { token: b.token })).json as unknown as TodoItem[];
    expect(other.map((t) => [t.type, t.value.id])).toEqual([
      ['UNREAD_NEWS', item.id],
      ['OUTDATED_COTTAGE', 503],
    ]);
  });

  it('answers an empty list for a user without items and 401 without a session', async () => {
    const a = await signedIn();
    const result = await h.call('GET', '/api/user/todo', { token: a.token });
    expect(result.status).toBe(200);
    expect(result.json).toEqual([]);
    expect((await h.call('GET', '/api/user/todo')).status).toBe(401);
    expect((await h.call('PATCH', '/api/user/todo', { body: { type: 'UNREAD_NEWS', id: 1 } })).status).toBe(401);
  });

  it("PATCH { type: 'UNREAD_NEWS', id } marks the caller's item read and leaves another user's untouched", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const item = await insertNews();
    await h.db.insert(h.schema.todos).values([
      { userId: a.id, type: 'UNREAD_NEWS', refId: item.id },
      { userId: b.id, type: 'UNREAD_NEWS', refId: item.id },
    ]);

    const result = await h.call('PATCH', '/api/user/todo', { token: a.token, body: { type: 'UNREAD_NEWS', id: item.id } });
    expect(result.status).toBe(200);
    expect(result.json).toEqual([{ type: 'UNREAD_NEWS', value: { read: true, id: item.id, conversation_id: null, title: item.title } }]);
    expect(await todoRead(a.id, 'UNREAD_NEWS', item.id)).toBe(true);
    expect(await todoRead(b.id, 'UNREAD_NEWS', item.id)).toBe(false);
  });

  it("cannot mark another user's item read, even with its exact type and id", async () => {
    const a = await signedIn();
    const b = await signedIn();
    await h.db.insert(h.schema.todos).values({ userId: b.id, type: 'PENDING_BOOKING', refId: 9001, conversationId: 12 });

    const result = await h.call('PATCH', '/api/user/todo', { token: a.token, body: { type: 'PENDING_BOOKING', id: 9001 } });
    expect(result.status).toBe(200);
    expect(result.json).toEqual([]);
    expect(await todoRead(b.id, 'PENDING_BOOKING', 9001)).toBe(false);
    expect(await todoRead(a.id, 'PENDING_BOOKING', 9001)).toBeNull();
  });

  it('only marks the item of the given type', async () => {
    const a = await signedIn();
    await h.db.insert(h.schema.todos).values([
      { userId: a.id, type: 'UNREAD_MESSAGES', refId: 42, conversationId: 42 },
      { userId: a.id, type: 'PENDING_BOOKING', refId: 42, conversationId: 42 },
    ]);
    expect((await h.call('PATCH', '/api/user/todo', { token: a.token, body: { type: 'UNREAD_MESSAGES', id: 42 } })).status).toBe(200);
    expect(await todoRead(a.id, 'UNREAD_MESSAGES', 42)).toBe(true);
    expect(await todoRead(a.id, 'PENDING_BOOKING', 42)).toBe(false);
  });

  it.each([
    ['an unknown type', { type: 'SOMETHING_ELSE', id: 1 }],
    ['a string id', { type: 'UNREAD_NEWS', id: '1' }],
    ['a zero id', { type: 'UNREAD_NEWS', id: 0 }],
    ['a fractional id', { type: 'UNREAD_NEWS', id: 1.5 }],
    ['a missing id', { type: 'UNREAD_NEWS' }],
  ])('answers 400 for %s', async (_label, body) => {
    const a = await signedIn();
    const result = await h.call('PATCH', '/api/user/todo', { token: a.token, body });
    expect(result.status).toBe(400);
    expect(result.json.message).toBe('Error in form!');
  });

  it('answers a client error, not 500, for an id beyond the database integer range', async () => {
    const a = await signedIn();
    const result = await h.call('PATCH', '/api/user/todo', { token: a.token, body: { type: 'UNREAD_NEWS', id: 2_147_483_648 } });
    expect(result.status).toBeLessThan(500);
    expect([200, 400, 404]).toContain(result.status);
  });
});

describe('GET /api/news/:id', () => {
  it("answers the sanitized body and marks the caller's UNREAD_NEWS to-do read (and nobody else's)", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const item = await insertNews({
      title: 'Safety',
      body: '<script>alert(1)</script><p onclick="x">Hi</p><a href="javascript:alert(1)">x</a><img src="x" onerror="alert(2)">',
    });
    await h.db.insert(h.schema.todos).values([
      { userId: a.id, type: 'UNREAD_NEWS', refId: item.id },
      { userId: b.id, type: 'UNREAD_NEWS', refId: item.id },
    ]);

    const result = await h.call('GET', `/api/news/${item.id}`, { token: a.token });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ id: item.id, title: 'Safety', body: expect.any(String), published_from: item.publishedFrom.toISOString(), read: true });
    const body = result.json.body as string;
    expect(body).toContain('<p>Hi</p>');
    expect(body).not.toMatch(/<script/i);
    expect(body).not.toContain('alert(1)');
    expect(body).not.toMatch(/onclick/i);
    expect(body).not.toMatch(/onerror/i);
    expect(body).not.toMatch(/javascript:/i);

    expect(await todoRead(a.id, 'UNREAD_NEWS', item.id)).toBe(true);
    expect(await todoRead(b.id, 'UNREAD_NEWS', item.id)).toBe(false);
  });

  it("answers 404 'Not found' for an unknown id", async () => {
    const a = await signedIn();
    const item = await insertNews();
    const result = await h.call('GET', `/api/news/${item.id + 100_000}`, { token: a.token });
    expect(result.status).toBe(404);
    expect(result.json.message).toBe('Not found');
  });

  it.each(['abc', '12abc', '-1', '0', '1.5'])('answers 404 for the id %j', async (id) => {
    const a = await signedIn();
    const result = await h.call('GET', `/api/news/${id}`, { token: a.token });
    expect(result.status).toBe(404);
    expect(result.json.message).toBe('Not found');
  });

  it.each(['2147483648', '99999999999'])('answers 404, not 500, for the id %s beyond the database integer range', async (id) => {
    const a = await signedIn();
    const result = await h.call('GET', `/api/news/${id}`, { token: a.token });
    expect(result.status).toBe(404);
    expect(result.json.message).toBe('Not found');
  });

  it('answers 404 for news published in the future and leaves its to-do unread', async () => {
    const a = await signedIn();
    const item = await insertNews({ title: 'Not yet', publishedFrom: FAR_FUTURE() });
    await h.db.insert(h.schema.todos).values({ userId: a.id, type: 'UNREAD_NEWS', refId: item.id });
    const result = await h.call('GET', `/api/news/${item.id}`, { token: a.token });
    expect(result.status).toBe(404);
    expect(result.json.message).toBe('Not found');
    expect(await todoRead(a.id, 'UNREAD_NEWS', item.id)).toBe(false);
  });

  it('answers 401 without a session', async () => {
    const item = await insertNews();
    expect((await h.call('GET', `/api/news/${item.id}`)).status).toBe(401);
  });
});

describe('GET /api/news', () => {
  it('lists published news, newest first, with read false only for an unread to-do of the caller', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const older = await insertNews({ title: 'Older', publishedFrom: new Date(Date.now() - 2 * MINUTE_MS) });
    const newer = await insertNews({ title: 'Newer', publishedFrom: new Date(Date.now() - MINUTE_MS) });
    const future = await insertNews({ title: 'Future', publishedFrom: FAR_FUTURE() });
    await h.db.insert(h.schema.todos).values([
      { userId: a.id, type: 'UNREAD_NEWS', refId: newer.id },
      { userId: a.id, type: 'UNREAD_NEWS', refId: older.id, read: true },
      { userId: a.id, type: 'UNREAD_NEWS', refId: future.id },
    ]);

    const result = await h.call('GET', '/api/news', { token: a.token });
    expect(result.status).toBe(200);
    const list = result.json as unknown as NewsSummary[];
    const mine = list.filter((n) => [older.id, newer.id, future.id].includes(n.id));
    expect(mine).toEqual([
      { id: newer.id, title: 'Newer', published_from: newer.publishedFrom.toISOString(), read: false },
      { id: older.id, title: 'Older', published_from: older.publishedFrom.toISOString(), read: true },
    ]);
    expect(list.some((n) => n.id === future.id)).toBe(false);
    const dates = list.map((n) => Date.parse(n.published_from));
    expect(dates).toEqual([...dates].sort((x, y) => y - x));
    expect(dates.every((d) => d <= Date.now())).toBe(true);

    const forB = (await h.call('GET', '/api/news', { token: b.token })).json as unknown as NewsSummary[];
    expect(forB.find((n) => n.id === newer.id)?.read).toBe(true);

    expect((await h.call('GET', `/api/news/${newer.id}`, { token: a.token })).status).toBe(200);
    const after = (await h.call('GET', '/api/news', { token: a.token })).json as unknown as NewsSummary[];
    expect(after.find((n) => n.id === newer.id)?.read).toBe(true);
  });

  it('answers 401 without a session', async () => {
    expect((await h.call('GET', '/api/news')).status).toBe(401);
  });
});

describe('GET and POST /api/user/events', () => {
  it('records an event and lists it back, newest first', async () => {
    const a = await signedIn();
    const first = await h.call('POST', '/api/user/events', { token: a.token, body: { type: 'profile_dialog.shown', data: { page: '/to-do' } } });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ message: 'success', id: expect.any(Number) });
    const second = await h.call('POST', '/api/user/events', { token: a.token, body: { type: 'profile_dialog.closed' } });
    expect(second.status).toBe(200);

    const list = await h.call('GET', '/api/user/events', { token: a.token });
    expect(list.status).toBe(200);
    expect(list.json).toEqual([
      { id: second.json.id, type: 'profile_dialog.closed', data: {}, created_at: expect.any(String) },
      { id: first.json.id, type: 'profile_dialog.shown', data: { page: '/to-do' }, created_at: expect.any(String) },
    ]);

    const rows = await h.db.select().from(h.schema.userEvents).where(eq(h.schema.userEvents.userId, a.id));
    expect(rows).toHaveLength(2);
  });

  it("does not show another user's events", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const posted = await h.call('POST', '/api/user/events', { token: a.token, body: { type: 'profile_dialog.shown', data: { page: '/to-do' } } });
    expect(posted.status).toBe(200);
    const forB = await h.call('GET', '/api/user/events', { token: b.token });
    expect(forB.status).toBe(200);
    expect(forB.json).toEqual([]);
  });

  it.each(['Bad Type', 'profile dialog', '', 'x'.repeat(65), '<script>'])('answers 400 for the type %j and stores nothing', async (type) => {
    const a = await signedIn();
    const result = await h.call('POST', '/api/user/events', { token: a.token, body: { type, data: {} } });
    expect(result.status).toBe(400);
    expect(result.json.errors?.length).toBeGreaterThan(0);
    expect(result.json.errors?.every((e) => e.field === 'type')).toBe(true);
    expect(await h.db.select().from(h.schema.userEvents).where(eq(h.schema.userEvents.userId, a.id))).toHaveLength(0);
  });

  it('answers 400 for data that is not an object', async () => {
    const a = await signedIn();
    for (const data of [null, 'text', [1, 2]]) {
      const result = await h.call('POST', '/api/user/events', { token: a.token, body: { type: 'profile_dialog.shown', data } });
      expect(result.status).toBe(400);
      expect(result.json.message).toBe('Error in form!');
    }
  });

  it('answers 401 without a session', async () => {
    expect((await h.call('GET', '/api/user/events')).status).toBe(401);
    expect((await h.call('POST', '/api/user/events', { body: { type: 'x' } })).status).toBe(401);
  });
});

describe('GET /api/flags', () => {
  it('answers both feature flags off, without a session', async () => {
    const result = await h.call('GET', '/api/flags');
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ ENABLE_BILLOGRAM_INVOICES: false, ENABLE_STRIPE_CHECKOUT: false });
  });
});

describe('GET /api/dev/outbox', () => {
  it('lists the sandbox mails newest first', async () => {
    const first = await h.createUser({ language: 'en' });
    const second = await h.createUser({ language: 'en' });
    expect((await h.call('POST', '/api/auth/request-reset-password', { body: { username: first.username }, address: freshAddress() })).status).toBe(200);
    expect((await h.call('POST', '/api/user/send-auth-token', { body: { username: second.username }, address: freshAddress() })).status).toBe(200);

    const result = await h.call('GET', '/api/dev/outbox');
    expect(result.status).toBe(200);
    const mails = result.json as unknown as { id: number; to: string; subject: string; text: string; html: string; created_at: string }[];
    expect(Array.isArray(mails)).toBe(true);
    const ids = mails.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    const iFirst = mails.findIndex((m) => m.to === first.username);
    const iSecond = mails.findIndex((m) => m.to === second.username);
    expect(iFirst).toBeGreaterThanOrEqual(0);
    expect(iSecond).toBeGreaterThanOrEqual(0);
    expect(iSecond).toBeLessThan(iFirst);
    expect(mails[iFirst]).toEqual({
      id: expect.any(Number),
      to: first.username,
      subject: 'Reset your Stuga password',
      text: expect.stringContaining('/dashboard/reset-password/'),
      html: expect.any(String),
      created_at: expect.any(String),
    });
    expect(mails[iSecond]!.subject).toBe('Your login link to Stuga');

    const stored = await h.db
      .select({ id: h.schema.outbox.id })
      .from(h.schema.outbox)
      .where(inArray(h.schema.outbox.to, [first.username, second.username]));
    expect(stored.map((m) => m.id).sort((x, y) => y - x)).toEqual([mails[iSecond]!.id, mails[iFirst]!.id]);
  });
});
