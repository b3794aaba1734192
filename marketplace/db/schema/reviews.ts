import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { cottages } from './cottages';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const score = (name: string) => smallint(name).notNull();

/**
 * SPEC §3 Review: a guest's review of a stay (one per booking), waiting for the marketplace's
 * approval until `reviewed_at` (a new or edited review waits again); only approved ones are public.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    cottageId: integer('cottage_id')
      .notNull()
      .references(() => cottages.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** The host reviewed (the ad's owner when the review was written). */
    reviewedUserId: integer('reviewed_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    body: text('body').notNull().default(''),
    score: score('score'),
    accuracy: score('accuracy'),
    cleanliness: score('cleanliness'),
    location: score('location'),
    year: smallint('year').notNull(),
    /** The text looks like contact details or payment outside the platform (SPEC §5): the moderator sees why. */
    flagged: boolean('flagged').notNull().default(false),
    reviewedAt: ts('reviewed_at'),
    rejectedAt: ts('rejected_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_booking_key').on(t.bookingId),
    index('reviews_user_idx').on(t.userId, t.id),
    index('reviews_reviewed_user_idx').on(t.reviewedUserId, t.id),
    index('reviews_cottage_idx').on(t.cottageId, t.id),
    index('reviews_waiting_idx')
      .on(t.id)
      .where(sql`${t.reviewedAt} is null and ${t.rejectedAt} is null`),
    ...(['score', 'accuracy', 'cleanliness', 'location'] as const).map((c) => check(`reviews_${c}_check`, sql`${t[c]} between 1 and 5`)),
  ],
);

/** The reviewed host's one reply to a review, approved like the review. */
export const reviewReplies = pgTable(
  'review_replies',
  {
    id: serial('id').primaryKey(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    body: text('body').notNull(),
    flagged: boolean('flagged').notNull().default(false),
    reviewedAt: ts('reviewed_at'),
    rejectedAt: ts('rejected_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('review_replies_review_key').on(t.reviewId),
    index('review_replies_waiting_idx')
      .on(t.id)
      .where(sql`${t.reviewedAt} is null and ${t.rejectedAt} is null`),
  ],
);
