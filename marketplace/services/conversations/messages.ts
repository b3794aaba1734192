import 'server-only';
import { and, asc, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversationReads, conversations, messages, todos, users } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { ApiError } from '../../http/errors';
import { dashboardUrl, sendLinkMail } from '../auth-mail';
import type { ConversationRow, Role } from './access';

// A conversation's messages: reading a page, writing, the read mark, and telling the other side.

/** Messages the actor may see: everyone's, plus the ones meant for their side only. */
const visibleFor = (role: Role) => or(eq(messages.visibleTo, 'all'), eq(messages.visibleTo, role));

function messageDto(m: typeof messages.$inferSelect, otherLastSeen: number, otherId: number) {
  return {
    id: m.id,
    type: m.type,
    text: m.deletedAt ? '' : m.text,
    user_id: m.userId,
    created_at: m.createdAt.toISOString(),
    deleted_at: m.deletedAt?.toISOString() ?? null,
    seen_by_users: m.id <= otherLastSeen ? [otherId] : [],
    resource_id: m.resourceId,
    conversation_id: m.conversationId,
    meta: m.meta,
  };
}
export type MessageDto = ReturnType<typeof messageDto>;

async function lastSeen(db: Db, conversationId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ id: conversationReads.lastSeenMessageId })
    .from(conversationReads)
    .where(and(eq(conversationReads.conversationId, conversationId), eq(conversationReads.userId, userId)))
    .limit(1);
  return row?.id ?? 0;
}

const PAGE_MESSAGES = 100;

/** One page of a conversation's messages for a side, on the (conversation_id, id) index. Exported for the query-plan test. */
export function messagesPage(db: Db, conversationId: number, role: Role, query: { after?: string; before?: string }) {
  const where = [eq(messages.conversationId, conversationId), visibleFor(role)];
  if (query.after) where.push(gt(messages.id, Number(query.after)));
  if (query.before) where.push(lt(messages.id, Number(query.before)));
  return db
    .select()
    .from(messages)
    .where(and(...where))
    .orderBy(query.after ? asc(messages.id) : desc(messages.id))
    .limit(PAGE_MESSAGES);
}

/** Messages of a conversation for the actor: the latest 100, those before an id, or those after one (polling). */
export async function readMessages(db: Db, actor: SessionUser, conversation: ConversationRow, role: Role, query: { after?: string; before?: string }) {
  const otherId = role === 'host' ? conversation.guestId : conversation.hostId;
  const [rows, seen] = await Promise.all([messagesPage(db, conversation.id, role, query), lastSeen(db, conversation.id, otherId)]);
  const ordered = query.after ? rows : rows.reverse();
  return ordered.map((m) => messageDto(m, seen, otherId));
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
