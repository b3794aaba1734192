import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversationReads, conversations, messages, todos, users, type MessageType } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { ApiError } from '../../http/errors';
import { dashboardUrl, sendLinkMail } from '../auth-mail';
import { isoTime, preparedRows } from '../../db/prepared';
import { invalidConversation, type ConversationRow, type Role } from './access';

// A conversation's messages: reading a page, writing, the read mark, and telling the other side.

type MessageFields = Pick<typeof messages.$inferSelect, 'id' | 'type' | 'text' | 'userId' | 'resourceId' | 'conversationId'> & {
  /** jsonb: text from some drivers. */
  meta: Record<string, unknown> | string;
  /** A Date from drizzle, or the ISO text a page's statement already made (`isoTime`). */
  createdAt: Date | string;
  deletedAt: Date | string | null;
};

const iso = (time: Date | string) => (typeof time === 'string' ? time : time.toISOString());

function messageDto(m: MessageFields, otherLastSeen: number, otherId: number) {
  return {
    id: m.id,
    type: m.type,
    text: m.deletedAt ? '' : m.text,
    user_id: m.userId,
    created_at: iso(m.createdAt),
    deleted_at: m.deletedAt ? iso(m.deletedAt) : null,
    seen_by_users: m.id <= otherLastSeen ? [otherId] : [],
    resource_id: m.resourceId,
    conversation_id: m.conversationId,
    meta: typeof m.meta === 'string' ? (JSON.parse(m.meta) as Record<string, unknown>) : m.meta,
  };
}
export type MessageDto = ReturnType<typeof messageDto>;

const PAGE_MESSAGES = 100;

type PageRow = {
  host_id: number;
  guest_id: number;
  /** bigint: a string from node-postgres. */
  seen: number | string;
  id: number | string | null;
  type: MessageType;
  text: string;
  user_id: number | null;
  /** ISO 8601 text (isoTime). */
  created_at: string;
  deleted_at: string | null;
  resource_id: number | null;
  meta: Record<string, unknown> | string;
};

/**
 * One page of a conversation's messages for a participant, as one statement: the conversation (no row
 * for anyone else), how far the other side has read, and the page on the (conversation_id, id) index,
 * the messages meant for the reader's side included. The chat polls this every few seconds.
 */
export function messagesStatement(actorId: number, conversationId: number, query: { after?: string; before?: string }) {
  const side = sql`case when c.host_id = ${actorId} then 'host' else 'guest' end`;
  return sql`
    select c.host_id, c.guest_id, coalesce(r.last_seen_message_id, 0) as seen,
      m.id, m.type, m.text, m.user_id, ${isoTime(sql.raw('m.created_at'))} as created_at, ${isoTime(sql.raw('m.deleted_at'))} as deleted_at, m.resource_id, m.meta
    from conversations c
    left join conversation_reads r on r.conversation_id = c.id and r.user_id = case when c.host_id = ${actorId} then c.guest_id else c.host_id end
    left join lateral (
      select m.id, m.type, m.text, m.user_id, m.created_at, m.deleted_at, m.resource_id, m.meta
      from messages m
      where m.conversation_id = c.id and m.visible_to in ('all', ${side})
        ${query.after ? sql`and m.id > ${Number(query.after)}` : sql``}
        ${query.before ? sql`and m.id < ${Number(query.before)}` : sql``}
      order by m.id ${query.after ? sql`asc` : sql`desc`}
      limit ${PAGE_MESSAGES}
    ) m on true
    where c.id = ${conversationId} and ${actorId} in (c.host_id, c.guest_id)`;
}

/** Messages of a conversation for the actor: the latest 100, those before an id, or those after one (polling). Anyone else: 'Invalid conversation.' */
export async function readMessages(db: Db, actor: SessionUser, conversationId: number, query: { after?: string; before?: string }) {
  const rows = await preparedRows<PageRow>(db, messagesStatement(actor.id, conversationId, query));
  if (!rows.length) throw invalidConversation();
  const { host_id: hostId, guest_id: guestId } = rows[0]!;
  const otherId = hostId === actor.id ? guestId : hostId;
  const seen = Number(rows[0]!.seen);
  const page = rows.filter((m) => m.id !== null);
  const ordered = query.after ? page : page.reverse();
  return ordered.map((m) =>
    messageDto(
      { id: Number(m.id), type: m.type, text: m.text, userId: m.user_id, createdAt: m.created_at, deletedAt: m.deleted_at, resourceId: m.resource_id, conversationId, meta: m.meta },
      seen,
      otherId,
    ),
  );
}

/** A booking event in the chat (created, paid, cancelled), written by the side that caused it; the other side is told. */
export async function addBookingMessage(db: Db, conversation: ConversationRow, authorId: number, type: 'booking_created' | 'booking_paid' | 'booking_cancelled', bookingId: number) {
  await db.insert(messages).values({ conversationId: conversation.id, userId: authorId, type, resourceId: bookingId, meta: { booking_id: bookingId } });
  await touchConversation(db, conversation.id);
  await notifyUnread(db, authorId === conversation.hostId ? conversation.guestId : conversation.hostId, conversation.id);
}

async function touchConversation(db: Db, conversationId: number) {
  await db.update(conversations).set({ lastMessageAt: new Date() }).where(eq(conversations.id, conversationId));
}

/**
 * The other side has something new to read: their UNREAD_MESSAGES to-do is (re)opened, and when
 * it was not open already they also get an e-mail (one per unread streak, not one per message).
 */
async function notifyUnread(db: Db, userId: number, conversationId: number) {
  // One statement opens the to-do: only the message that found it missing or read gets a row back, so
  // several messages at the same moment still send one e-mail.
  const opened = await db
    .insert(todos)
    .values({ userId, type: 'UNREAD_MESSAGES', refId: conversationId, conversationId })
    .onConflictDoUpdate({ target: [todos.userId, todos.type, todos.refId], set: { read: false, createdAt: new Date() }, setWhere: eq(todos.read, true) })
    .returning({ id: todos.id });
  if (!opened.length) return;
  const [recipient] = await db.select({ username: users.username, language: users.language }).from(users).where(eq(users.id, userId)).limit(1);
  if (recipient) await sendLinkMail(db, recipient.username, recipient.language, 'newMessage', dashboardUrl(`/conversations/${conversationId}`));
}

export async function markSeen(db: Db, actor: SessionUser, conversationId: number, messageId: number) {
  // Only a message of this conversation marks it read: an id beyond it would hide every later message.
  const [known] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)))
    .limit(1);
  if (!known) throw new ApiError(404, 'errors.notFound');
  await db
    .insert(conversationReads)
    .values({ conversationId, userId: actor.id, lastSeenMessageId: messageId })
    .onConflictDoUpdate({
      target: [conversationReads.conversationId, conversationReads.userId],
      set: { lastSeenMessageId: sql`greatest(${conversationReads.lastSeenMessageId}, ${messageId})` },
    });
  // Nothing left unread here: the to-do about it is done.
  const left = (await db.execute(
    sql`select count(*)::int as n from ${messages} where conversation_id = ${conversationId} and id > ${messageId} and user_id is not null and user_id <> ${actor.id} and deleted_at is null`,
  )) as unknown as { rows: { n: number }[] };
  if ((left.rows[0]?.n ?? 0) === 0)
    await db
      .update(todos)
      .set({ read: true })
      .where(and(eq(todos.userId, actor.id), eq(todos.type, 'UNREAD_MESSAGES'), eq(todos.refId, conversationId)));
}

export async function postMessage(db: Db, actor: SessionUser, conversation: ConversationRow, role: Role, text: string, meta: Record<string, unknown> = {}) {
  const [message] = await db.insert(messages).values({ conversationId: conversation.id, userId: actor.id, type: 'text', text, meta }).returning();
  return afterOwnMessage(db, actor, conversation, role, message!);
}

/** After the actor added a message: the conversation moves up, the actor has read it, the other side is told. */
export async function afterOwnMessage(db: Db, actor: SessionUser, conversation: ConversationRow, role: Role, message: typeof messages.$inferSelect) {
  await touchConversation(db, conversation.id);
  await markSeen(db, actor, conversation.id, message.id);
  await notifyUnread(db, role === 'host' ? conversation.guestId : conversation.hostId, conversation.id);
  return messageDto(message, 0, 0);
}

export async function deleteOwnMessage(db: Db, actor: SessionUser, conversationId: number, messageId: number) {
  const [message] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)))
    .limit(1);
  if (!message || message.deletedAt) throw new ApiError(404, 'errors.notFound');
  if (message.userId !== actor.id || (message.type !== 'text' && message.type !== 'file')) throw new ApiError(403, 'chat.notYourMessage');
  await db.update(messages).set({ deletedAt: new Date() }).where(eq(messages.id, messageId));
}
