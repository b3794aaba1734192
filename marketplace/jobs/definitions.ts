import 'server-only';
import type { Db } from '../db/client';
import { pollOpenOrders } from '../services/ad-orders';
import { cleanupUploads } from '../services/pending-uploads';
import { pruneRateLimits } from '../services/rate-limit';
import { syncDueFeeds } from '../services/calendar-feeds';
import { sweepBookings } from './bookings-sweep';

/**
 * One background job: what it is called in the queue, when it runs, how often a failure is tried
 * again, and what it does. The runner (runner.ts) schedules these on pg-boss when the database is
 * PostgreSQL (once across every instance) and on an in-process timer on the embedded PGlite.
 */
export type JobDefinition = {
  name: string;
  /** pg-boss cron (minute granularity). */
  cron: string;
  /** The same period for the in-process timer. */
  everyMs: number;
  /** Tries after the first failure, `retryDelaySeconds` apart, doubling. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A run still active after this long counts as failed (its process died) and is retried. */
  expireInSeconds: number;
  run: (db: Db, now: Date) => Promise<unknown>;
};

const MINUTE = 60_000;

export const jobs: JobDefinition[] = [
  {
    // Expired offers, finished stays, due payouts, pay-ins never returned from (payment polling),
    // refunds and payouts decided but not yet carried out.
    name: 'bookings-sweep',
    cron: '* * * * *',
    everyMs: MINUTE,
    retryLimit: 3,
    retryDelaySeconds: 15,
    expireInSeconds: 15 * 60,
    run: (db, now) => sweepBookings(db, now),
  },
  {
    // Ad orders paid (or given up) at Stripe whose buyer never came back and whose webhook is late or lost.
    name: 'ad-orders',
    cron: '* * * * *',
    everyMs: MINUTE,
    retryLimit: 3,
    retryDelaySeconds: 15,
    expireInSeconds: 10 * 60,
    run: (db, now) => pollOpenOrders(db, now),
  },
  {
    // Uploads never attached to an ad or a conversation within 24 h.
    name: 'uploads-cleanup',
    cron: '* * * * *',
    everyMs: MINUTE,
    retryLimit: 3,
    retryDelaySeconds: 30,
    expireInSeconds: 10 * 60,
    run: async (db, now) => ({ deleted: await cleanupUploads(db, now) }),
  },
  {
    // Ended rate-limit windows.
    name: 'rate-limits-prune',
    cron: '* * * * *',
    everyMs: MINUTE,
    retryLimit: 2,
    retryDelaySeconds: 30,
    expireInSeconds: 5 * 60,
    run: async (db, now) => ({ deleted: await pruneRateLimits(db, now) }),
  },
  {
    // Other sites' calendars the hosts import (issue 18): each feed every 30 minutes.
    name: 'calendar-feeds',
    cron: '*/5 * * * *',
    everyMs: 5 * MINUTE,
    retryLimit: 2,
    retryDelaySeconds: 60,
    expireInSeconds: 20 * 60,
    run: (db, now) => syncDueFeeds(db, now),
  },
];
