import 'server-only';
import * as z from 'zod/mini';
import { idParam, messageAnswer } from '@/lib/schemas/common';
import { clientErrorBody, todoReadBody, userEventBody } from '@/lib/schemas/user';
import { flagsDto, newsItemDto, newsList, todoList, userEventList, userEventStoredDto } from '@/lib/schemas/user-dto';
import { config } from '../config';
import type { Api } from '../http/api';
import { notFound } from '../http/errors';
import { reportError } from '../providers/error-reporting';
import { addressKey, hit, limits, perKey, userKey } from '../services/rate-limit';
import { listNews, listTodos, markTodoRead, openNews } from '../services/todos';
import { listUserEvents, recordUserEvent } from '../services/users';

export function userMiscRoutes(api: Api) {
  // GET /api/flags — feature flags (default off)
  api.route({ method: 'get', path: '/api/flags', auth: 'none', tag: 'meta', summary: 'Feature flags', response: flagsDto }, async () => config.flags);

  // GET /api/user/todo — the signed-in user's to-do list
  api.route({ method: 'get', path: '/api/user/todo', auth: 'user', tag: 'user', summary: 'To-do list', response: todoList }, async ({ db, user }) => listTodos(db, user));

  // PATCH /api/user/todo — mark one to-do read
  api.route({ method: 'patch', path: '/api/user/todo', auth: 'user', tag: 'user', summary: 'Mark a to-do read', body: todoReadBody, response: todoList }, async ({ db, user, body }) => {
    await markTodoRead(db, user, body.type, body.id);
    return listTodos(db, user);
  });

  // GET /api/user/events — the user's recent events, newest first
  api.route({ method: 'get', path: '/api/user/events', auth: 'user', tag: 'user', summary: 'User events', response: userEventList }, async ({ db, user }) => listUserEvents(db, user.id));

  // POST /api/user/events — record an event of the user's (e.g. a dialog shown); rate-limited per user
  api.route({ method: 'post', path: '/api/user/events', auth: 'user', tag: 'user', summary: 'Record a user event', body: userEventBody, response: userEventStoredDto }, async ({ db, user, body }) => {
    await hit(db, perKey(limits.userEvent, userKey(user.id)));
    return recordUserEvent(db, user.id, body.type, body.data);
  });

  // GET /api/news — published news for the signed-in user
  api.route({ method: 'get', path: '/api/news', auth: 'user', tag: 'news', summary: 'News list', response: newsList }, async ({ db, user }) => listNews(db, user));

  // GET /api/news/:id — a news item; marks its to-do read
  api.route({ method: 'get', path: '/api/news/:id', auth: 'user', tag: 'news', summary: 'News item', response: newsItemDto }, async ({ db, user, params }) => {
    const id = z.safeParse(idParam, params.id);
    if (!id.success) throw notFound();
    return openNews(db, user, id.data);
  });

  // POST /api/errors — the full-page error screen reports what crashed; rate-limited
  api.route(
    { method: 'post', path: '/api/errors', auth: 'optional', tag: 'meta', summary: 'Report a client error', body: clientErrorBody, response: messageAnswer },
    async ({ db, body, user, address }) => {
      // Per user, or per address when signed out: a script must not flood the error reporter.
      await hit(db, perKey(limits.errorReport, user ? userKey(user.id) : addressKey(address)));
      await reportError({ ...body, source: 'client', userId: user?.id ?? null });
      return { message: 'success' };
    },
  );
}
