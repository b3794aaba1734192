import 'server-only';
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { ARCHIVE_TAG_ID, FIXED_TAG_IDS, HOST_BOOKINGS_WINDOW_MONTHS, messagePreview, PREVIEW_LENGTH, showsContactWarning } from '@/lib/rules/conversation';
import { PAGE_SIZE_CONVERSATIONS } from '@/lib/constants';
import type * as z from 'zod/mini';
import type { hostReviewBody } from '@/lib/schemas/conversation';
import type { Db } from '../db/client';
import { bookings, conversationReads, conversations, conversationTagNames, conversationTags, cottageImages, cottages, hostReviews, messages, todos, users, type MessageType } from '../db/schema';
import type { SessionUser } from '../http/context';
import { ApiError } from '../http/errors';
import { dashboardUrl, sendLinkMail } from './auth-mail';
import { personDto } from './users';
import type { ChatMessage } from '@/lib/schemas/conversation-dto';

export type ConversationRow = typeof conversations.$inferSelect;
type Role = 'host' | 'guest';

const invalid = () => new ApiError(404, 'chat.invalidConversation');

/** The conversation if the actor takes part in it; anyone else gets 'Invalid conversation.' */
export async function participantOf(db: Db, actor: SessionUser, id: number): Promise<{ conversation: ConversationRow; role: Role }> {
  const [conversation] = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
  if (!conversation) throw invalid();
  if (conversation.hostId === actor.id) return { conversation, role: 'host' };
  if (conversation.guestId === actor.id) return { conversation, role: 'guest' };
  throw invalid();
}

/** Messages the actor may see: everyone's, plus the ones meant for their side only. */
const visibleFor = (role: Role) => or(eq(messages.visibleTo, 'all'), eq(messages.visibleTo, role));

function messageDto(m: typeof messages.$inferSelect, otherLastSeen: number, otherId: number): ChatMessage {
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

async function lastSeen(db: Db, conversationId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ id: conversationReads.lastSeenMessageId })
    .from(conversationReads)
    .where(and(eq(conversationReads.conversationId, conversationId), eq(conversationReads.userId, userId)))
    .limit(1);
  return row?.id ?? 0;
}

/** The actor's tags on these conversations. */
async function tagsOf(db: Db, actorId: number, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ conversationId: conversationTags.conversationId, id: conversationTagNames.id, tag: conversationTagNames.tag })
    .from(conversationTags)
    .innerJoin(conversationTagNames, eq(conversationTagNames.id, conversationTags.tagId))
    .where(and(eq(conversationTags.userId, actorId), inArray(conversationTags.conversationId, ids)));
}

type InboxRow = {
  id: number;
  role: Role;
  last_message_at: Date | string;
  other_id: number | null;
  first_name: string | null;
  last_name: string | null;
  hide_last_name: boolean | null;
  cottage_id: number | null;
  cottage_title: string | null;
  preview_text: string | null;
  preview_type: MessageType | null;
  unread: number;
  tags: { id: number; tag: string }[] | string;
};

/**
 * The inbox page as one statement, in O(page): each side (host, guest) walks its own
 * (side_id, last_message_at, id) index backwards and stops after offset + limit rows, the two are
 * merged, and only the page's rows get their preview (the latest visible message, one step down the
 * (conversation_id, id) index), unread count (the messages after the reader's mark), other person,
 * ad title and tags. Exported for the query-plan test.
 */
export function inboxQuery(actorId: number, query: { limit?: string; offset?: string; tags?: string }) {
  const limit = Math.min(Number(query.limit ?? PAGE_SIZE_CONVERSATIONS) || PAGE_SIZE_CONVERSATIONS, 50);
  const offset = Number(query.offset ?? 0);
  const tagIds = query.tags ? query.tags.split(',').map(Number) : [];
  const hasTag = (tagId: number) => sql`exists (select 1 from ${conversationTags} ct where ct.conversation_id = c.id and ct.user_id = ${actorId} and ct.tag_id = ${tagId})`;
  const filters = tagIds.map(hasTag);
  if (!tagIds.includes(ARCHIVE_TAG_ID)) filters.push(sql`not ${hasTag(ARCHIVE_TAG_ID)}`);
  const extra = filters.length ? sql` and ${sql.join(filters, sql` and `)}` : sql``;
  const reach = offset + limit + 1;
  const side = (role: Role) => sql`(select c.id, c.cottage_id, c.last_message_at, ${role === 'host' ? sql`c.guest_id` : sql`c.host_id`} as other_id, ${role}::text as role
      from ${conversations} c where ${role === 'host' ? sql`c.host_id` : sql`c.guest_id`} = ${actorId}${extra}
      order by c.last_message_at desc, c.id desc limit ${reach})`;
  const statement = sql`
    with page as (
      select * from (${side('host')} union all ${side('guest')}) sides
      order by last_message_at desc, id desc limit ${limit + 1} offset ${offset}
    )
    select p.id, p.role, p.last_message_at, u.id as other_id, u.first_name, u.last_name, u.hide_last_name,
      co.id as cottage_id, co.title_sv as cottage_title, last.text as preview_text, last.type as preview_type, unread.n as unread,
      coalesce((select json_agg(json_build_object('id', t.id, 'tag', t.tag) order by t.id)
        from ${conversationTags} ct join ${conversationTagNames} t on t.id = ct.tag_id
        where ct.conversation_id = p.id and ct.user_id = ${actorId}), '[]'::json) as tags
    from page p
    -- Lookups by primary key for the page's rows only (limit 1 keeps the planner from hashing the whole table).
    left join lateral (select u.id, u.first_name, u.last_name, u.hide_last_name from ${users} u where u.id = p.other_id limit 1) u on true
    left join lateral (select co.id, co.title_sv from ${cottages} co where co.id = p.cottage_id limit 1) co on true
    left join lateral (
      select m.text, m.type from ${messages} m
      where m.conversation_id = p.id and m.deleted_at is null and m.visible_to in ('all', p.role)
      order by m.id desc limit 1) last on true
    left join lateral (
      select count(*)::int as n from ${messages} m
      where m.conversation_id = p.id
        and m.id > coalesce((select r.last_seen_message_id from ${conversationReads} r where r.conversation_id = p.id and r.user_id = ${actorId}), 0)
        and m.deleted_at is null and m.user_id is not null and m.user_id <> ${actorId} and m.visible_to in ('all', p.role)) unread on true
    order by p.last_message_at desc, p.id desc`;
  return { statement, limit, offset };
}

/**
 * GET /api/conversations: newest activity first (unread counts people's messages, not system notes), 20 a page; archived ones (tag 3) only when the
 * filter asks for them. One query, whatever the page size (see inboxQuery).
 */
export async function listConversations(db: Db, actor: SessionUser, query: { limit?: string; offset?: string; tags?: string }) {
  const { statement, limit, offset } = inboxQuery(actor.id, query);
  const rows = ((await db.execute(statement)) as unknown as { rows: InboxRow[] }).rows;
  const page = rows.slice(0, limit);
  return {
    results: page.map((c) => {
      return {
        id: c.id,
        role: c.role,
        cottage: c.cottage_id === null ? null : { id: c.cottage_id, title_sv: c.cottage_title },
        Users: [
          personDto(c.other_id === null ? undefined : { id: c.other_id, firstName: c.first_name, lastName: c.last_name, hideLastName: c.hide_last_name }, false),
        ],
        preview: c.preview_text !== null ? messagePreview(c.preview_text, PREVIEW_LENGTH) : '',
        preview_type: c.preview_type ?? null,
        last_message_at: new Date(c.last_message_at).toISOString(),
        unread_messages: Number(c.unread ?? 0),
        tags: typeof c.tags === 'string' ? (JSON.parse(c.tags) as { id: number; tag: string }[]) : c.tags,
      };
    }),
    nextPage: rows.length > limit ? offset + limit : null,
  };
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

/** GET /api/conversations/:id */
export async function conversationDto(db: Db, actor: SessionUser, id: number) {
  const { conversation, role } = await participantOf(db, actor, id);
  const otherId = role === 'host' ? conversation.guestId : conversation.hostId;
  const [[other], [cottage], tagRows, list, review, hostBookings, conversationBookings] = await Promise.all([
    db.select().from(users).where(eq(users.id, otherId)).limit(1),
    conversation.cottageId
      ? db
          .select({ id: cottages.id, title_sv: cottages.titleSv, image: cottageImages.filename })
          .from(cottages)
          .leftJoin(cottageImages, and(eq(cottageImages.cottageId, cottages.id), eq(cottageImages.weight, 0)))
          .where(eq(cottages.id, conversation.cottageId))
          .limit(1)
      : Promise.resolve([]),
    tagsOf(db, actor.id, [id]),
    readMessages(db, actor, conversation, role, {}),
    role === 'guest' ? db.select().from(hostReviews).where(and(eq(hostReviews.conversationId, id), eq(hostReviews.guestId, actor.id))).limit(1) : Promise.resolve([]),
    hostBookingsIn18Months(db, conversation.hostId),
    paidBookingsIn(db, id),
  ]);
  return {
    id: conversation.id,
    role,
    cottage: cottage ?? null,
    // SPEC §6: phone numbers stay hidden until a booking in the conversation is paid.
    Users: [personDto(other, conversationBookings > 0)],
    Messages: list,
    tags: tagRows.map((t) => ({ id: t.id, tag: t.tag })),
    filters: { commission: conversation.commission, conversation_bookings: conversationBookings, total_host_bookings_18m: hostBookings, files: conversation.filesEnabled },
    HostReview: review[0] ? { recommended: review[0].recommended, details: review[0].details } : null,
    can_review_host: role === 'guest' && !review[0] && list.filter((m) => m.type === 'text').length > 1,
  };
}

type HostReviewInput = z.output<typeof hostReviewBody>;

/** Two verdicts say the same (jsonb keeps no key order, and leaves out what is undefined). */
function sameVerdict(a: { recommended: boolean; details: object }, b: { recommended: boolean; details: object }) {
  const canonical = (details: object) => JSON.stringify(Object.entries(details).filter(([, v]) => v !== undefined).sort(([x], [y]) => (x < y ? -1 : 1)));
  return a.recommended === b.recommended && canonical(a.details) === canonical(b.details);
}

/**
 * POST /api/conversations/:id/review: the guest rates the host, anonymously and once (SPEC §6). The
 * unique (conversation, guest) index decides between requests at the same moment; the same verdict
 * sent again answers like the first, a different one is refused.
 */
export async function reviewHost(db: Db, actor: SessionUser, id: number, input: HostReviewInput) {
  const before = await conversationDto(db, actor, id);
  if (before.HostReview) {
    if (sameVerdict(before.HostReview, input)) return before;
    throw new ApiError(400, 'chat.cannotReview');
  }
  if (!before.can_review_host) throw new ApiError(400, 'chat.cannotReview');
  const [inserted] = await db
    .insert(hostReviews)
    .values({ conversationId: id, guestId: actor.id, recommended: input.recommended, details: input.details })
    .onConflictDoNothing()
    .returning({ id: hostReviews.id });
  if (!inserted) {
    const [stored] = await db.select().from(hostReviews).where(and(eq(hostReviews.conversationId, id), eq(hostReviews.guestId, actor.id))).limit(1);
    if (!stored || !sameVerdict(stored, input)) throw new ApiError(400, 'chat.cannotReview');
  }
  return conversationDto(db, actor, id);
}

/** SPEC §6: a host's paid bookings in the last 18 months (served by the host's bookings index). */
async function hostBookingsIn18Months(db: Db, hostId: number): Promise<number> {
  const since = new Date();
  since.setMonth(since.getMonth() - HOST_BOOKINGS_WINDOW_MONTHS);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.hostId, hostId), isNotNull(bookings.paidAt), gte(bookings.paidAt, since)));
  return row?.n ?? 0;
}

/** Bookings of the conversation that were paid (cancelled later or not): they open the phone numbers. */
export async function paidBookingsIn(db: Db, conversationId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.conversationId, conversationId), isNotNull(bookings.paidAt)));
  return row?.n ?? 0;
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
  if ((left.rows[0]?.n ?? 0) === 0) await db.update(todos).set({ read: true }).where(and(eq(todos.userId, actor.id), eq(todos.type, 'UNREAD_MESSAGES'), eq(todos.refId, conversationId)));
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

/** POST /api/conversations: a guest writes to the host of a public ad; the same ad continues the same conversation. */
export async function contactHost(db: Db, actor: SessionUser, input: { cottage_id: number; text: string; check_in?: string | null; check_out?: string | null; guests?: number | null }) {
  const [cottage] = await db.select().from(cottages).where(eq(cottages.id, input.cottage_id)).limit(1);
  if (!cottage || !cottage.reviewedAt || cottage.hiddenAt) throw new ApiError(404, 'errors.notFound');
  if (cottage.userId === actor.id) throw new ApiError(400, 'chat.ownAd');
  const meta = { check_in: input.check_in ?? null, check_out: input.check_out ?? null, guests: input.guests ?? null };
  const conversation = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const mine = and(eq(conversations.cottageId, cottage.id), eq(conversations.guestId, actor.id));
    const [existing] = await t.select().from(conversations).where(mine).limit(1);
    if (existing) return existing;
    // Several first messages at once: the unique (cottage, guest) index lets one insert; the others
    // wait for it to commit, insert nothing and continue the conversation it made.
    const [created] = await t
      .insert(conversations)
      .values({ cottageId: cottage.id, hostId: cottage.userId, guestId: actor.id, commission: cottage.commission === true })
      .onConflictDoNothing()
      .returning();
    if (!created) {
      const [winner] = await t.select().from(conversations).where(mine).limit(1);
      if (!winner) throw new ApiError(409, 'errors.generic');
      return winner;
    }
    const hostBookings = await hostBookingsIn18Months(t, created!.hostId);
    // SPEC §6: warnings about contact and payment outside the platform, as system messages per side.
    if (showsContactWarning({ role: 'guest', commission: created!.commission, conversationBookings: 0, hostBookings18m: hostBookings })) {
      await t.insert(messages).values({ conversationId: created!.id, type: 'communication_warning', visibleTo: 'guest' });
    }
    if (showsContactWarning({ role: 'host', commission: created!.commission, conversationBookings: 0, hostBookings18m: hostBookings })) {
      await t.insert(messages).values({ conversationId: created!.id, type: 'host_communication_warning', visibleTo: 'host' });
    }
    return created!;
  });
  await postMessage(db, actor, conversation, 'guest', input.text, meta);
  return { id: conversation.id };
}

export async function deleteOwnMessage(db: Db, actor: SessionUser, conversationId: number, messageId: number) {
  const [message] = await db.select().from(messages).where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId))).limit(1);
  if (!message || message.deletedAt) throw new ApiError(404, 'errors.notFound');
  if (message.userId !== actor.id || (message.type !== 'text' && message.type !== 'file')) throw new ApiError(403, 'chat.notYourMessage');
  await db.update(messages).set({ deletedAt: new Date() }).where(eq(messages.id, messageId));
}

/** POST /{id}/tag: the actor's tags on the conversation (fixed 1–3 or their own). */
export async function setTags(db: Db, actor: SessionUser, conversationId: number, tagIds: number[]) {
  const unique = [...new Set(tagIds)];
  if (unique.length) {
    const allowed = await db
      .select({ id: conversationTagNames.id })
      .from(conversationTagNames)
      .where(and(inArray(conversationTagNames.id, unique), or(isNull(conversationTagNames.userId), eq(conversationTagNames.userId, actor.id))));
    if (allowed.length !== unique.length) throw new ApiError(400, 'errors.form', [{ field: 'tags', message: 'errors.form' }]);
  }
  await db.transaction(async (tx) => {
    // Saves of the same conversation's tags take turns (the conversation row is locked until commit): the last one wins whole.
    await tx.select({ id: conversations.id }).from(conversations).where(eq(conversations.id, conversationId)).for('update');
    await tx.delete(conversationTags).where(and(eq(conversationTags.conversationId, conversationId), eq(conversationTags.userId, actor.id)));
    if (unique.length) await tx.insert(conversationTags).values(unique.map((tagId) => ({ conversationId, userId: actor.id, tagId }))).onConflictDoNothing();
  });
  return (await tagsOf(db, actor.id, [conversationId])).map((t) => ({ id: t.id, tag: t.tag }));
}

/** GET /api/tags: the fixed tags and the user's own, with how often the user uses each. */
export async function listTags(db: Db, actor: SessionUser) {
  const rows = await db.execute(sql`
    select t.id, t.tag, (select count(*)::int from ${conversationTags} ct where ct.tag_id = t.id and ct.user_id = ${actor.id}) as used
    from ${conversationTagNames} t where t.user_id is null or t.user_id = ${actor.id} order by t.id`);
  return (rows as unknown as { rows: { id: number; tag: string; used: number }[] }).rows.map((r) => ({ ...r, fixed: (FIXED_TAG_IDS as readonly number[]).includes(r.id) }));
}

export async function createTag(db: Db, actor: SessionUser, tag: string) {
  await db.insert(conversationTagNames).values({ userId: actor.id, tag }).onConflictDoNothing();
  const [row] = await db
    .select({ id: conversationTagNames.id, tag: conversationTagNames.tag })
    .from(conversationTagNames)
    .where(and(eq(conversationTagNames.userId, actor.id), eq(conversationTagNames.tag, tag)))
    .limit(1);
  return row!;
}
