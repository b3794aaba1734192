import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { FeedError } from '@/lib/rules/ical';
import { cottages } from './cottages';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The generation of an ad's exported iCalendar feed secret (issue 18): the secret is a MAC of the ad
 * and this number (never stored), so the host can copy the URL any time; revoking counts up.
 */
export const cottageIcalTokens = pgTable('cottage_ical_tokens', {
  cottageId: integer('cottage_id')
    .primaryKey()
    .references(() => cottages.id, { onDelete: 'cascade' }),
  generation: integer('generation').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A feed of another site (Airbnb, Booking.com, …) whose events block the ad's calendar here. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: serial('id').primaryKey(),
    cottageId: integer('cottage_id')
      .notNull()
      .references(() => cottages.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 60 }).notNull(),
    url: text('url').notNull(),
    lastFetchedAt: ts('last_fetched_at'),
    lastSuccessAt: ts('last_success_at'),
    lastError: varchar('last_error', { length: 20 }).$type<FeedError>(),
    /** Since when every fetch has failed (null while it works): a day of it gives the host a to-do. */
    failingSince: ts('failing_since'),
    eventCount: integer('event_count').notNull().default(0),
    etag: varchar('etag', { length: 255 }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_feeds_cottage_url_key').on(t.cottageId, t.url), index('calendar_feeds_fetched_idx').on(t.lastFetchedAt)],
);

/** The nights a feed's events block (end exclusive), replaced on every successful fetch. */
export const importedPeriods = pgTable(
  'imported_periods',
  {
    id: serial('id').primaryKey(),
    feedId: integer('feed_id')
      .notNull()
      .references(() => calendarFeeds.id, { onDelete: 'cascade' }),
    cottageId: integer('cottage_id')
      .notNull()
      .references(() => cottages.id, { onDelete: 'cascade' }),
    uid: varchar('uid', { length: 255 }).notNull(),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date').notNull(),
  },
  (t) => [uniqueIndex('imported_periods_feed_uid_key').on(t.feedId, t.uid, t.fromDate), index('imported_periods_cottage_idx').on(t.cottageId, t.fromDate)],
);
