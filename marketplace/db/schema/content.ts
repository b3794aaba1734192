import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { ToDoType } from '../../../lib/schemas/user';
import { users } from './users';

export { TO_DO_TYPES, type ToDoType } from '../../../lib/schemas/user';

export const news = pgTable('news', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 255 }).notNull(),
  body: text('body').notNull(),
  publishedFrom: timestamp('published_from', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's to-do items; ref_id points at the news item, cottage or booking the item is about. */
export const todos = pgTable(
  'todos',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 24 }).$type<ToDoType>().notNull(),
    refId: integer('ref_id').notNull(),
    conversationId: integer('conversation_id'),
    read: boolean('read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('todos_user_type_ref_key').on(t.userId, t.type, t.refId), index('todos_user_read_idx').on(t.userId, t.read)],
);

/** Mail kept locally when no SMTP server is configured (the sandbox outbox). */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    to: varchar('to', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_created_idx').on(t.id)],
);
