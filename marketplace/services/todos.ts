import 'server-only';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { Db } from '../db/client';
import { cottages, news, todos, type ToDoType } from '../db/schema';
import type { SessionUser } from '../http/context';
import { notFound } from '../http/errors';
import { preparedSql } from '../db/prepared';
import { CALENDAR_OUTDATED_MONTHS } from './cottage-calendar';

const TO_DO_LIMIT = 200;

/**
 * The to-do list in one statement, built once (issue 12: every dashboard page renders it): the stored
 * items, and the ads whose calendar is older than 3 months and that have no OUTDATED_COTTAGE row yet.
 * Those are unread reminders since their calendar got old, computed without writing anything (no writes
 * on reads); a row appears only when the host marks the reminder read, and saving the calendar deletes it.
 * Unread first, newest first; a computed reminder after a stored item of the same moment.
 */
export const todoListStatement = (userId: number | ReturnType<typeof sql.placeholder>) => sql`
  select type, read, ref_id as id, conversation_id, title from (
    select t.type, t.read, t.ref_id, t.conversation_id, n.title, t.created_at, t.id as row_id
    from ${todos} t left join ${news} n on t.type = 'UNREAD_NEWS' and n.id = t.ref_id
    where t.user_id = ${userId}
    union all
    select 'OUTDATED_COTTAGE', false, c.id, null, null,
      coalesce(c.calendar_updated_at, c.created_at) + make_interval(months => ${CALENDAR_OUTDATED_MONTHS}), 0
    from ${cottages} c
    where c.user_id = ${userId}
      and coalesce(c.calendar_updated_at, c.created_at) < now() - make_interval(months => ${CALENDAR_OUTDATED_MONTHS})
      and not exists (select 1 from ${todos} o where o.user_id = c.user_id and o.type = 'OUTDATED_COTTAGE' and o.ref_id = c.id)
  ) items
  order by read, created_at desc, row_id desc
  limit ${TO_DO_LIMIT}`;

const todoList = todoListStatement(sql.placeholder('userId'));
type TodoRow = { type: ToDoType; read: boolean; id: number; conversation_id: number | null; title: string | null };

/** GET /api/user/todo: the actor's items, unread first, as `{ type, value: { read, id, conversation_id } }`. Reads only. */
export async function listTodos(db: Db, actor: SessionUser) {
  const rows = await preparedSql<TodoRow>(db, 'todo_list', todoList, { userId: actor.id });
  // Unread messages are one item (it leads to the inbox), however many conversations have them.
  const messageRows = rows.filter((r) => r.type === 'UNREAD_MESSAGES');
  const others = rows.filter((r) => r.type !== 'UNREAD_MESSAGES');
  const merged = messageRows.length ? [{ ...messageRows[0]!, read: messageRows.every((r) => r.read) }, ...others] : others;
  merged.sort((a, b) => Number(a.read) - Number(b.read));
  return merged.map((r) => ({ type: r.type, value: { read: r.read, id: r.id, conversation_id: r.conversation_id, title: r.title } }));
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
