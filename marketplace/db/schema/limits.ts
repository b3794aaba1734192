import { index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Fixed-window counters of the rate limiter (services/rate-limit.ts): one row per rule, key (a user,
 * an address, an account and address) and window, bumped by one upsert, so that every instance
 * shares them and concurrent requests count exactly. Rows past `expires_at` no longer count.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    bucket: varchar('bucket', { length: 32 }).notNull(),
    key: text('key').notNull(),
    windowStart: ts('window_start').notNull(),
    count: integer('count').notNull(),
    /** The latest counted request: progressive waits run from it. */
    lastAt: ts('last_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key, t.windowStart] }), index('rate_limits_expires_idx').on(t.expiresAt)],
);

/**
 * Upload tickets handed out whose file is not registered yet (an ad image, a chat attachment).
 * Registering deletes the row; rows older than 24 h go, with their file, in services/upload-cleanup.ts.
 */
export const pendingUploads = pgTable(
  'pending_uploads',
  {
    /** The storage key the ticket writes: `images/<filename>` or `files/<path>`. */
    key: varchar('key', { length: 200 }).primaryKey(),
    userId: integer('user_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('pending_uploads_created_idx').on(t.createdAt)],
);

/**
 * Secrets the marketplace made itself where the environment gives none (SESSION_SECRET): kept in the
 * database, not on one machine's disk, so that every instance on it signs and checks the same
 * cookies and upload tickets (db/secrets.ts). One row per use, written once.
 */
export const appSecrets = pgTable('app_secrets', {
  name: varchar('name', { length: 32 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Where a background job stopped among rows it takes in turns (waiting payouts, pay-ins and ad
 * orders to ask the provider about), so that every row gets its turn whichever instance runs the job.
 */
export const jobCursors = pgTable('job_cursors', {
  name: varchar('name', { length: 64 }).primaryKey(),
  after: integer('after').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
