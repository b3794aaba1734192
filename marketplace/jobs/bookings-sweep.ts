import 'server-only';
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { TIMEZONE } from '@/lib/constants';
import { payoutDueAt, STAY_TIME } from '@/lib/rules/booking';
import { addDays, todayInStockholm } from '@/lib/rules/dates';
import type { Db } from '../db/client';
import { inTurns } from '../db/cursors';
import { bookings, moneyIntents, payins } from '../db/schema';
import { log } from '../log';
import { payments } from '../providers/payments';
import { closePendingTodo, day } from '../services/bookings/access';
import { afterPaid } from '../services/bookings/after-paid';
import { settlePayin } from '../services/bookings/payment';
import { payOut } from '../services/bookings/payout';
import { runOpenIntents } from '../services/money-intents';

/** A pay-in the browser never came back from is asked about again for a day (then the provider has expired it). */
const WAITING_PAYIN_MIN_AGE_MS = 60_000;
const WAITING_PAYIN_MAX_AGE_MS = 24 * 60 * 60_000;
/** Rows the sweep handles per statement, so no run holds a large set in memory or locks many rows at once. */
const SWEEP_BATCH = 500;
/** Payouts (each a call to the provider) and waiting pay-ins (each a question to it) a run at the most; the next minute's run goes on. */
const PAYOUTS_PER_RUN = 200;
const WAITING_PAYINS_PER_RUN = 200;

/**
 * What time does, without anyone opening a page: expires offers, finishes stays, pays hosts out,
 * and finishes what a crash or a provider failure left open (pay-ins never returned from, refunds
 * the provider refused, paid bookings without their calendar marking or insurance). Safe to run
 * anywhere, any number of times.
 */
export async function sweepBookings(db: Db, now = new Date(), { payoutsPerRun = PAYOUTS_PER_RUN } = {}) {
  // Each step reads only rows whose state can still change, through an index, a batch at a time.
  let expired = 0;
  for (;;) {
    const open = db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.status, 'PENDING'), lte(bookings.bookingExpirationDate, now)))
      .limit(SWEEP_BATCH);
    const batch = await db
      .update(bookings)
      .set({ status: 'EXPIRED' })
      .where(and(inArray(bookings.id, open), eq(bookings.status, 'PENDING')))
      .returning();
    for (const b of batch) await closePendingTodo(db, b);
    expired += batch.length;
    if (batch.length < SWEEP_BATCH) break;
  }
  const today = todayInStockholm(now);
  let finished = 0;
  for (;;) {
    // A stay ends at noon of its check-out day in Stockholm (statusAt): the date narrows, the instant decides.
    const ended = db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.status, 'PAID'), lte(bookings.checkOut, today), sql`(${bookings.checkOut} + ${STAY_TIME}::time) at time zone ${TIMEZONE} <= ${now}`))
      .limit(SWEEP_BATCH);
    const batch = await db
      .update(bookings)
      .set({ status: 'FINISHED', finishedAt: now })
      .where(and(inArray(bookings.id, ended), eq(bookings.status, 'PAID')))
      .returning({ id: bookings.id });
    finished += batch.length;
    if (batch.length < SWEEP_BATCH) break;
  }
  // Paid stays, and cancelled paid bookings whose guest did not get everything back (issue 11 §3),
  // not yet paid out: the partial index bookings_payout_open_idx holds only these.
  let paidOut = 0;
  let tried = 0;
  let after = 0;
  while (tried < payoutsPerRun) {
    const due = await db
      .select()
      .from(bookings)
      .where(
        and(
          isNotNull(bookings.paidAt),
          isNull(bookings.paidOutAt),
          lte(bookings.checkIn, addDays(today, -1)),
          sql`${bookings.id} > ${after}`,
          or(inArray(bookings.status, ['PAID', 'FINISHED']), and(eq(bookings.status, 'CANCELLED'), sql`coalesce(${bookings.refundAmount}, 0) < ${bookings.totalPrice}`)),
          sql`not exists (select 1 from ${moneyIntents} where ${moneyIntents.bookingId} = ${bookings.id} and ${moneyIntents.kind} = 'PAYOUT')`,
        ),
      )
      .orderBy(asc(bookings.id))
      .limit(SWEEP_BATCH);
    for (const b of due) {
      if (tried >= payoutsPerRun) break;
      if (payoutDueAt({ check_in: day(b.checkIn) }) > now) continue;
      tried++;
      if (await payOut(db, b, now)) paidOut++;
    }
    if (due.length < SWEEP_BATCH) break;
    after = due[due.length - 1]!.id;
  }

  // Pay-ins asked about in turns, a bounded number a run, so a backlog never makes one long run.
  const waiting = await inTurns(db, 'payins-waiting', WAITING_PAYINS_PER_RUN, (after, limit) =>
    db
      .select({ id: payins.id, providerId: payins.providerId })
      .from(payins)
      .where(
        and(
          eq(payins.status, 'CREATED'),
          eq(payins.provider, payments.name),
          lte(payins.createdAt, new Date(now.getTime() - WAITING_PAYIN_MIN_AGE_MS)),
          gte(payins.createdAt, new Date(now.getTime() - WAITING_PAYIN_MAX_AGE_MS)),
          gt(payins.id, after),
        ),
      )
      .orderBy(asc(payins.id))
      .limit(limit),
  );
  for (const w of waiting) await settlePayin(db, w.providerId, now).catch((error: unknown) => log.warn({ err: error, providerId: w.providerId }, 'waiting pay-in not settled'));

  // Refunds and payouts decided and not yet carried out (or not yet recorded): the money job.
  const money = await runOpenIntents(db, now);

  // Served by the partial index bookings_paid_unfinished_idx (same predicate); an insurer still failing stays for the next run.
  const unfinished = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.status, 'PAID'), sql`(${bookings.calendarBefore} is null or (${bookings.insurance} and ${bookings.omocomId} is null))`))
    .orderBy(asc(bookings.id))
    .limit(SWEEP_BATCH);
  for (const b of unfinished) await afterPaid(db, b.id);
  return { expired, finished, paidOut, waiting: waiting.length, money };
}
