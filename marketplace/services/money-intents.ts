import 'server-only';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { config } from '../config';
import type { Db } from '../db/client';
import { inTurns } from '../db/cursors';
import { bookingEvents, bookings, moneyIntents, payins, users, type MoneyIntentKind, type MoneyIntentPurpose, type TimelineType } from '../db/schema';
import { log } from '../log';
import { newIdempotencyKey, payments, type Payer } from '../providers/payments';
import { intentReceipts } from './booking-receipts';
import { crashPoint } from './crash-point';
import { payoutReadiness } from './payout-readiness';

export type MoneyIntent = typeof moneyIntents.$inferSelect;

/**
 * Records that money must move (inside the caller's transaction, with the decision it follows
 * from). Returns the intent, or null when one of its kind already exists for the pay-in or booking
 * (the unique indexes make a second decision a no-op).
 */
export async function recordIntent(
  tx: Db,
  input: { kind: MoneyIntentKind; purpose: MoneyIntentPurpose; bookingId: number; payinId?: number | null; userId: number | null; amount: number },
): Promise<MoneyIntent | null> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) return null;
  const [row] = await tx
    .insert(moneyIntents)
    .values({ ...input, payinId: input.payinId ?? null, idempotencyKey: newIdempotencyKey() })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function payerOf(db: Db, userId: number): Promise<Payer> {
  const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return { id: userId, mangoUserId: u?.mangoUserId ?? null, firstName: u?.firstName ?? null, lastName: u?.lastName ?? null, username: u?.username ?? '', language: u?.language ?? 'sv' };
}

// ——— Claims: one runner per intent at a time, released by a crash ———

const running = new Set<number>();
/** Advisory-lock namespace of the money job (any constant distinct from other advisory locks). */
const LOCK_NAMESPACE = 11_011;

/**
 * Runs `work` while this process holds the intent. On PostgreSQL the claim is a transaction-scoped
 * advisory lock on its own connection, so a runner that dies loses it with its connection, and a
 * second runner (another instance, another sweep) skips the intent instead of waiting. PGlite is
 * one process, so an in-process set is the same guarantee. Correctness does not rest on the claim
 * (the provider call is idempotent by key and recording is a conditional update); it spares calls.
 */
async function withClaim(db: Db, id: number, work: () => Promise<void>): Promise<boolean> {
  if (running.has(id)) return false;
  running.add(id);
  try {
    if (!config.databaseUrl) {
      await work();
      return true;
    }
    let claimed = false;
    // A claim holds a pooled connection while its work needs another: at most a few at once, so that
    // claims can never take every connection of the pool and wait on each other.
    await claimSlots.acquire();
    await db.transaction(async (tx) => {
      const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${LOCK_NAMESPACE}, ${id}) as ok`);
      const rows = (result as unknown as { rows?: { ok: boolean }[] }).rows ?? (result as unknown as { ok: boolean }[]);
      if (!rows[0]?.ok) return;
      claimed = true;
      await work();
    });
    return claimed;
  } finally {
    if (config.databaseUrl) claimSlots.release();
    running.delete(id);
  }
}

/** How many intents one process carries out at once on PostgreSQL (each claim holds one connection). */
const CLAIM_SLOTS = 3;
const claimSlots = semaphore(CLAIM_SLOTS);

function semaphore(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return {
    acquire: () => (free > 0 ? (free--, Promise.resolve()) : new Promise<void>((resolve) => waiting.push(resolve))),
    release: () => {
      const next = waiting.shift();
      if (next) next();
      else free++;
    },
  };
}

/** Longest a provider may take to answer one money call before the attempt counts as failed (retried next cycle). */
const PROVIDER_TIMEOUT_MS = 60_000;

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the payment provider did not answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

// ——— Carrying an intent out ———

const TIMELINE: Record<MoneyIntentPurpose, TimelineType> = { CANCEL: 'REFUNDED', UNBOOKABLE: 'REFUNDED', STAY: 'PAY_OUT', RETAINED: 'PAY_OUT_RETAINED' };

async function eventOnce(db: Db, bookingId: number, type: TimelineType, state: 'NEUTRAL' | 'ERROR' | 'SUCCESS', userId: number | null, amount: number, now: Date) {
  const [noted] = await db
    .select({ id: bookingEvents.id })
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.type, type), eq(bookingEvents.state, state)))
    .limit(1);
  if (!noted) await db.insert(bookingEvents).values({ bookingId, type, state, userId, amount, date: now });
}

/**
 * Carries out one intent: first asks the provider whether it already made it under the intent's key
 * (a crash after the call), else makes it with that key, then records the answer once. A provider
 * that fails or cannot be reached leaves the intent open for the next job cycle. Returns the status after.
 */
export async function runIntent(db: Db, id: number, now = new Date()): Promise<MoneyIntent['status'] | 'busy'> {
  let status: MoneyIntent['status'] | 'busy' = 'busy';
  await withClaim(db, id, async () => {
    const [intent] = await db.select().from(moneyIntents).where(eq(moneyIntents.id, id)).limit(1);
    if (!intent || intent.status === 'SUCCEEDED' || intent.status === 'FAILED') {
      status = intent?.status ?? 'FAILED';
      return;
    }
    const point = intent.kind.toLowerCase();
    await db
      .update(moneyIntents)
      .set({ attempts: sql`${moneyIntents.attempts} + 1` })
      .where(eq(moneyIntents.id, id));
    crashPoint(`${point}:before-provider`);
    let result: { id: string; status: 'SUCCEEDED' | 'CREATED' | 'FAILED' | 'WAITING' };
    try {
      // Bounded: a provider call that never settles (the SDK can hang on a reset connection) must not hold the claim forever.
      result = await withinTime((async () => (await payments.findByKey(db, intent.kind, intent.idempotencyKey)) ?? (await callProvider(db, intent)))(), PROVIDER_TIMEOUT_MS);
    } catch (error) {
      log.error({ err: error, intentId: id }, `${point} failed; the money job tries again`);
      await db
        .update(moneyIntents)
        .set({ lastError: String((error as Error)?.message ?? error).slice(0, 500) })
        .where(eq(moneyIntents.id, id));
      await eventOnce(db, intent.bookingId, intent.kind === 'REFUND' ? 'REFUNDED' : 'PAY_OUT_PENDING', intent.kind === 'REFUND' ? 'ERROR' : 'NEUTRAL', intent.userId, intent.amount, now);
      status = intent.status;
      return;
    }
    crashPoint(`${point}:after-provider`);
    status = await record(db, intent, result, now);
    crashPoint(`${point}:after-record`);
  });
  return status;
}

async function callProvider(db: Db, intent: MoneyIntent) {
  if (intent.kind === 'REFUND') {
    const [payin] = await db.select().from(payins).where(eq(payins.id, intent.payinId!)).limit(1);
    return payments.refund(db, { payInId: payin!.providerId, amount: intent.amount, payer: await payerOf(db, intent.userId ?? payin!.userId!), idempotencyKey: intent.idempotencyKey });
  }
  // Nothing leaves for a host without an active bank account and verified ID documents (issue 15): the payout waits, the host is told.
  if ((await payoutReadiness(db, intent.userId!)).length) return { id: '', status: 'WAITING' as const };
  return payments.payout(db, { host: await payerOf(db, intent.userId!), amount: intent.amount, bookingId: intent.bookingId, idempotencyKey: intent.idempotencyKey });
}

/** The provider's answer, recorded once (a conditional update decides who records it) with its timeline entries. */
async function record(db: Db, intent: MoneyIntent, result: { id: string; status: 'SUCCEEDED' | 'CREATED' | 'FAILED' | 'WAITING' }, now: Date): Promise<MoneyIntent['status']> {
  if (result.status === 'WAITING') {
    // Nothing was done at the provider (the host has no account or bank details yet): asked again next cycle.
    await db
      .update(moneyIntents)
      .set({ status: 'WAITING' })
      .where(and(eq(moneyIntents.id, intent.id), inArray(moneyIntents.status, ['PENDING', 'WAITING'])));
    await eventOnce(db, intent.bookingId, 'PAY_OUT_PENDING', 'NEUTRAL', intent.userId, intent.amount, now);
    return 'WAITING';
  }
  // CREATED: the provider has it and finishes it on its side (a bank wire); for us it is done.
  const final = result.status === 'FAILED' ? 'FAILED' : 'SUCCEEDED';
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [won] = await tx
      .update(moneyIntents)
      .set({ status: final, providerId: result.id, doneAt: now, lastError: final === 'FAILED' ? 'refused by the provider' : null })
      .where(and(eq(moneyIntents.id, intent.id), inArray(moneyIntents.status, ['PENDING', 'WAITING'])))
      .returning({ id: moneyIntents.id });
    if (!won) return final;
    const type = TIMELINE[intent.purpose];
    if (intent.kind === 'REFUND' && final === 'SUCCEEDED') {
      await tx.update(payins).set({ refundProviderId: result.id, refundedAmount: intent.amount }).where(eq(payins.id, intent.payinId!));
    }
    if (intent.kind === 'PAYOUT' && final === 'SUCCEEDED') {
      await tx.update(bookings).set({ paidOutAt: now }).where(eq(bookings.id, intent.bookingId));
      if (intent.purpose === 'STAY')
        await tx.insert(bookingEvents).values({ bookingId: intent.bookingId, type: 'TRANSFER', state: 'SUCCESS', userId: intent.userId, amount: intent.amount, date: now });
    }
    await tx.insert(bookingEvents).values({ bookingId: intent.bookingId, type, state: final === 'SUCCEEDED' ? 'SUCCESS' : 'ERROR', userId: intent.userId, amount: intent.amount, date: now });
    if (final === 'SUCCEEDED') await intentReceipts(tx, intent, now);
    return final;
  });
}

/**
 * One cycle of the money job: every open intent (pending, or waiting for the host's bank details)
 * is carried out or reconciled. Safe with any number of runners at once.
 */
/** At most this many intents a cycle: new decisions first, then those waiting, in turns. */
const INTENT_BATCH = 200;

export async function runOpenIntents(db: Db, now = new Date()) {
  const ids = (status: 'PENDING' | 'WAITING', after: number, limit: number) =>
    db
      .select({ id: moneyIntents.id })
      .from(moneyIntents)
      .where(and(eq(moneyIntents.status, status), gt(moneyIntents.id, after)))
      .orderBy(asc(moneyIntents.id))
      .limit(limit);
  const pending = await ids('PENDING', 0, INTENT_BATCH);
  const waiting = await inTurns(db, 'money-intents-waiting', INTENT_BATCH - pending.length, (after, limit) => ids('WAITING', after, limit));
  const open = [...pending, ...waiting];
  const counts = { succeeded: 0, failed: 0, open: 0 };
  for (const { id } of open) {
    // One intent that fails here (the database, not the provider: runIntent keeps those open) must not keep the others of its turn waiting.
    const status = await runIntent(db, id, now).catch((error: unknown) => {
      log.error({ err: error, intentId: id }, 'money intent not carried out; tried again in its next turn');
      return 'busy' as const;
    });
    if (status === 'SUCCEEDED') counts.succeeded++;
    else if (status === 'FAILED') counts.failed++;
    else counts.open++;
  }
  return counts;
}
