import 'server-only';
import { desc, eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { idParam } from '@/lib/schemas/common';
import { clientErrorBody, todoReadBody, userEventBody } from '@/lib/schemas/user';
import { config } from '../config';
import { outbox, userEvents } from '../db/schema';
import type { Api } from '../http/api';
import { notFound } from '../http/errors';
import { reportError } from '../providers/error-reporting';
import { outboxEnabled } from '../providers/mail';
import { addressKey, hit, limits, perKey, userKey } from '../services/rate-limit';
import { listNews, listTodos, markTodoRead, openNews } from '../services/todos';

export function userMiscRoutes(api: Api) {
  // GET /api/flags — feature flags (default off)
  api.route({ method: 'get', path: '/api/flags', auth: 'none', tag: 'meta', summary: 'Feature flags' }, async () => config.flags);

  // GET /api/user/todo — the signed-in user's to-do list
  api.route({ method: 'get', path: '/api/user/todo', auth: 'user', tag: 'user', summary: 'To-do list' }, async ({ db, user }) => listTodos(db, user));

  // PATCH /api/user/todo — mark one to-do read
  api.route(
    { method: 'patch', path: '/api/user/todo', auth: 'user', tag: 'user', summary: 'Mark a to-do read', body: todoReadBody },
    async ({ db, user, body }) => {
      await markTodoRead(db, user, body.type, body.id);
      return listTodos(db, user);
    },
  );

  // GET /api/user/events — the user's recent events, newest first
  api.route({ method: 'get', path: '/api/user/events', auth: 'user', tag: 'user', summary: 'User events' }, async ({ db, user }) => {
    const rows = await db
      .select({ id: userEvents.id, type: userEvents.type, data: userEvents.data, created_at: userEvents.createdAt })
      .from(userEvents)
      .where(eq(userEvents.userId, user.id))
      .orderBy(desc(userEvents.id))
      .limit(50);
    return rows;
  });

  // POST /api/user/events — record an event of the user's (e.g. a dialog shown); rate-limited per user
  api.route(
    {
      method: 'post',
      path: '/api/user/events',
      auth: 'user',
      tag: 'user',
      summary: 'Record a user event',
      body: userEventBody,
    },
    async ({ db, user, body }) => {
      await hit(db, perKey(limits.userEvent, userKey(user.id)));
      const size = JSON.stringify(body.data).length;
      if (size > 4000) return { message: 'success', stored: false };
      const [row] = await db.insert(userEvents).values({ userId: user.id, type: body.type, data: body.data }).returning({ id: userEvents.id });
      return { message: 'success', id: row!.id };
    },
  );

  // GET /api/news — published news for the signed-in user
  api.route({ method: 'get', path: '/api/news', auth: 'user', tag: 'news', summary: 'News list' }, async ({ db, user }) => listNews(db, user));

  // GET /api/news/:id — a news item; marks its to-do read
  api.route({ method: 'get', path: '/api/news/:id', auth: 'user', tag: 'news', summary: 'News item' }, async ({ db, user, params }) => {
    const id = z.safeParse(idParam, params.id);
    if (!id.success) throw notFound();
    return openNews(db, user, id.data);
  });

  // POST /api/errors — the full-page error screen reports what crashed; rate-limited
  api.route(
    {
      method: 'post',
      path: '/api/errors',
      auth: 'optional',
      tag: 'meta',
      summary: 'Report a client error',
      body: clientErrorBody,
    },
    async ({ db, body, user, address }) => {
      // Per user, or per address when signed out: a script must not flood the error reporter.
      await hit(db, perKey(limits.errorReport, user ? userKey(user.id) : addressKey(address)));
      await reportError({ ...body, source: 'client', userId: user?.id ?? null });
      return { message: 'success' };
    },
  );

  // GET /api/dev/outbox — the sandbox mail outbox (only without SMTP)
  api.route({ method: 'get', path: '/api/dev/outbox', auth: 'none', tag: 'sandbox', summary: 'Local mail outbox' }, async ({ db }) => {
    if (!outboxEnabled) throw notFound();
    return db
      .select({ id: outbox.id, to: outbox.to, subject: outbox.subject, text: outbox.text, html: outbox.html, created_at: outbox.createdAt })
      .from(outbox)
      .orderBy(desc(outbox.id))
      .limit(100);
  });
}
