import { sql } from 'drizzle-orm';
import { bigserial, bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { cottages } from './cottages';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A guest and a host talking about one ad. Writing again about the same ad continues it. */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    cottageId: integer('cottage_id').references(() => cottages.id, { onDelete: 'set null' }),
    hostId: integer('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    guestId: integer('guest_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The ad's payment model when the conversation started: commission conversations get contact warnings. */
    commission: boolean('commission').notNull().default(false),
    filesEnabled: boolean('files_enabled').notNull().default(true),
    lastMessageAt: ts('last_message_at').notNull().defaultNow(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_cottage_guest_key').on(t.cottageId, t.guestId),
    index('conversations_host_activity_idx').on(t.hostId, t.lastMessageAt, t.id),
    index('conversations_guest_activity_idx').on(t.guestId, t.lastMessageAt, t.id),
  ],
);

export const MESSAGE_TYPES = [
  'text',
  'file',
  'communication_warning',
  'host_communication_warning',
  'booking_created',
  'booking_cancelled',
  'booking_paid',
  'ask_for_review',
  'review_request_notification',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Messages; system messages have no author, and some are shown to one side only. */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: varchar('type', { length: 32 }).$type<MessageType>().notNull(),
    text: text('text').notNull().default(''),
    resourceId: integer('resource_id'),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    visibleTo: varchar('visible_to', { length: 8 }).$type<'all' | 'host' | 'guest'>().notNull().default('all'),
    createdAt: ts('created_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id),
    // One review request per ended stay, however many times the host presses the button at once.
    uniqueIndex('messages_ask_for_review_key')
      .on(t.conversationId, sql`(${t.meta} ->> 'booking_id')`)
      .where(sql`${t.type} = 'ask_for_review'`),
  ],
);

/** How far each participant has read: unread = later messages by the other side. */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeenMessageId: bigint('last_seen_message_id', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);

/** Labels users put on conversations: ids 1–3 are everyone's (3 archives), the rest a user's own. */
export const conversationTagNames = pgTable(
  'conversation_tag_names',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    tag: varchar('tag', { length: 40 }).notNull(),
  },
  (t) => [uniqueIndex('conversation_tag_names_user_tag_key').on(sql`coalesce(${t.userId}, 0)`, t.tag)],
);

export const conversationTags = pgTable(
  'conversation_tags',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => conversationTagNames.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId, t.tagId] }), index('conversation_tags_user_tag_idx').on(t.userId, t.tagId)],
);

/** A guest's anonymous verdict on the host of a conversation. */
export const hostReviews = pgTable(
  'host_reviews',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    guestId: integer('guest_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recommended: boolean('recommended').notNull(),
    details: jsonb('details').$type<{ fast?: boolean; friendly?: boolean; slow?: boolean; calendar_outdated?: boolean; price_outdated?: boolean; other?: string | null }>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('host_reviews_conversation_guest_key').on(t.conversationId, t.guestId)],
);

/** Files attached in a conversation (bytes in storage under conversation-files/). */
export const conversationFiles = pgTable(
  'conversation_files',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    path: varchar('path', { length: 200 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    size: integer('size').notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('conversation_files_conversation_idx').on(t.conversationId), uniqueIndex('conversation_files_path_key').on(t.path)],
);
