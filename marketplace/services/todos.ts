import 'server-only';
import { and, asc, desc, eq, lte } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { Db } from '../db/client';
import { cottages, news, todos, type ToDoType } from '../db/schema';
import type { SessionUser } from '../http/context';
import { notFound } from '../http/errors';
import { outdatedCalendarTodos } from './cottage-calendar';

const TO_DO_LIMIT = 200;

/** GET /api/user/todo: the actor's items, unread first, as `{ type, value: { read, id, conversation_id } }`. Reads only. */
export async function listTodos(db: Db, actor: SessionUser) {
  const [stored, outdated] = await Promise.all([
    db
      .select({ type: todos.type, read: todos.read, id: todos.refId, conversationId: todos.conversationId, title: news.title, createdAt: todos.createdAt })
      .from(todos)
      .leftJoin(news, and(eq(todos.type, 'UNREAD_NEWS'), eq(news.id, todos.refId)))
      .where(eq(todos.userId, actor.id))
      .orderBy(asc(todos.read), desc(todos.createdAt), desc(todos.id))
      .limit(TO_DO_LIMIT),
    outdatedCalendarTodos(db, actor.id),
  ]);
  // Ads with an old calendar and no stored reminder are unread reminders since their calendar got old.
  const reminders = outdated.map((c) => ({ type: 'OUTDATED_COTTAGE' as const, read: false, id: c.id, conversationId: null, title: null, createdAt: c.since }));
  const rows = reminders.length ? [...stored, ...reminders].sort((a, b) => Number(a.read) - Number(b.read) || b.createdAt.getTime() - a.createdAt.getTime()).slice(0, TO_DO_LIMIT) : stored;
  // Unread messages are one item (it leads to the inbox), however many conversations have them.
  const messageRows = rows.filter((r) => r.type === 'UNREAD_MESSAGES');
  const others = rows.filter((r) => r.type !== 'UNREAD_MESSAGES');
  const merged = messageRows.length ? [{ ...messageRows[0]!, read: messageRows.every((r) => r.read) }, ...others] : others;
  merged.sort((a, b) => Number(a.read) - Number(b.read));
  return merged.map((r) => ({ type: r.type, value: { read: r.read, id: r.id, conversation_id: r.conversationId, title: r.title } }));
}

/** The actor reads an item; an old-calendar reminder that was only computed is stored as read. */
export async function markTodoRead(db: Db, actor: SessionUser, type: ToDoType, refId: number) {
  if (type === 'OUTDATED_COTTAGE') {
    const [own] = await db
      .select({ id: cottages.id })
      .from(cottages)
      .where(and(eq(cottages.id, refId), eq(cottages.userId, actor.id)))
      .limit(1);
    if (own) {
      await db
        .insert(todos)
        .values({ userId: actor.id, type, refId, read: true })
        .onConflictDoUpdate({ target: [todos.userId, todos.type, todos.refId], set: { read: true } });
      return;
    }
  }
  await db
    .update(todos)
    .set({ read: true })
    .where(and(eq(todos.userId, actor.id), eq(todos.type, type), eq(todos.refId, refId)));
}

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'b', 'i', 'u', 'ul', 'ol', 'li', 'a', 'h2', 'h3', 'h4', 'blockquote', 'img'],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
};

/** GET /api/news/:id: a published news item with a sanitized body; opening it marks its to-do read. */
export async function openNews(db: Db, actor: SessionUser, id: number) {
  const [item] = await db.select().from(news).where(eq(news.id, id)).limit(1);
  if (!item || item.publishedFrom.getTime() > Date.now()) throw notFound();
  await markTodoRead(db, actor, 'UNREAD_NEWS', id);
  return {
    id: item.id,
    title: item.title,
    body: sanitizeHtml(item.body, SANITIZE),
    published_from: item.publishedFrom.toISOString(),
    read: true,
  };
}

/** GET /api/news: published news, newest first; `read` unless the actor has it as an unread to-do. */
export async function listNews(db: Db, actor: SessionUser) {
  const rows = await db
    .select({ id: news.id, title: news.title, publishedFrom: news.publishedFrom, todoRead: todos.read })
    .from(news)
    .leftJoin(todos, and(eq(todos.userId, actor.id), eq(todos.type, 'UNREAD_NEWS'), eq(todos.refId, news.id)))
    .where(lte(news.publishedFrom, new Date()))
    .orderBy(desc(news.publishedFrom))
    .limit(50);
  return rows.map((r) => ({ id: r.id, title: r.title, published_from: r.publishedFrom.toISOString(), read: r.todoRead !== false }));
}
