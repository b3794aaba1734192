// Issue 11 §1: the process dies at every named point of a payment, a refund and a payout (and a few
// random instants), is started again without the crash, and one job cycle runs; then the money
// invariants hold: every succeeded pay-in has a PAID booking or exactly one recorded refund made
// once at the provider; no PAID booking without a succeeded pay-in; no night paid twice; guest +
// host + platform shares add up to what the guest paid. The API runs as a real child process
// (tests/support/money-server.ts), the job as another (tests/support/money-job.ts). PostgreSQL only
// (TEST_DATABASE_URL, as in CI): the child processes and this one share the database.
import { type ChildProcess, spawn } from 'node:child_process';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformFee, shares } from '@/lib/rules/booking';
import { addDays } from '@/lib/rules/dates';
import { SANDBOX_CARDS } from '@/lib/rules/sandbox-cards';
import { inDays, offered, pay } from './bookings-support';
import { startCottageApi } from './cottages-support';
import type { Harness } from './harness';

// Runs in the api-pg project only (vitest.config.ts): several processes share one PostgreSQL server.
if (!process.env.TEST_DATABASE_URL) throw new Error('This test needs PostgreSQL: set TEST_DATABASE_URL (npm run test:api:pg)');
let h: Harness;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ h, stop } = await startCottageApi());
});
afterAll(async () => stop?.());

const NODE_ARGS = ['--conditions=react-server', '--import', 'tsx'];
const childEnv = (crashAt?: string) => ({ ...process.env, DATABASE_URL: process.env.TEST_DATABASE_URL, PORT: '0', ...(crashAt ? { STUGA_CRASH_AT: crashAt } : { STUGA_CRASH_AT: '' }) });

/** Starts the API process; resolves with its base URL and the process. */
async function startServer(crashAt?: string): Promise<{ url: string; child: ChildProcess; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, [...NODE_ARGS, 'tests/support/money-server.ts'], { env: childEnv(crashAt), stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 137 : null))));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(`http://127.0.0.1:${m[1]}`);
    });
    child.once('exit', () => reject(new Error(`server exited before listening: ${out}`)));
  });
  return { url, child, exited };
}

/** One job cycle as its own process; resolves with its exit code (137 when a crash point killed it). */
function runJob(crashAt?: string, aheadMs = 0): Promise<number | null> {
  const child = spawn(process.execPath, [...NODE_ARGS, 'tests/support/money-job.ts'], { env: { ...childEnv(crashAt), AHEAD_MS: String(aheadMs) }, stdio: 'ignore' });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 137 : null))));
}

async function callChild(url: string, method: string, path: string, token?: string, body?: unknown) {
  try {
    const r = await fetch(url + path, {
      method,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.0.0.9', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return r.status;
  } catch {
    return null; // The process died under the request.
  }
}

/** The invariants of issue 11 on the given bookings, after the restart and one job cycle. */
async function checkInvariants(bookingIds: number[], { calendarMoved = false } = {}) {
  const s = h.schema;
  const rows = await h.db.select().from(s.bookings).where(inArray(s.bookings.id, bookingIds));
  const pins = await h.db.select().from(s.payins).where(inArray(s.payins.bookingId, bookingIds));
  const intents = await h.db.select().from(s.moneyIntents).where(inArray(s.moneyIntents.bookingId, bookingIds));
  for (const b of rows) {
    const mine = pins.filter((p) => p.bookingId === b.id);
    const refunds = intents.filter((i) => i.bookingId === b.id && i.kind === 'REFUND');
    const payouts = intents.filter((i) => i.bookingId === b.id && i.kind === 'PAYOUT');
    // Every intent is carried out and recorded, exactly once at the provider.
    for (const i of [...refunds, ...payouts]) {
      expect(i.status, `intent ${i.id} of booking ${b.id}`).toBe('SUCCEEDED');
      expect(await h.db.select().from(s.sandboxTransactions).where(eq(s.sandboxTransactions.idempotencyKey, i.idempotencyKey))).toHaveLength(1);
    }
    for (const p of mine.filter((p) => p.status === 'SUCCEEDED' || p.status === 'REFUNDED')) {
      const refundsOfPayin = refunds.filter((i) => i.payinId === p.id);
      if (b.status === 'PAID' || b.status === 'FINISHED') expect(refundsOfPayin).toHaveLength(0);
      else {
        expect(refundsOfPayin.length, `booking ${b.id} (${b.status}) pay-in ${p.id}`).toBe(b.status === 'CANCELLED' && (b.refundAmount ?? 0) === 0 ? 0 : 1);
        if (refundsOfPayin[0]) expect(p.refundedAmount).toBe(refundsOfPayin[0].amount);
      }
    }
    if (b.status === 'PAID' || b.status === 'FINISHED')
      expect(
        mine.filter((p) => p.status === 'SUCCEEDED'),
        `booking ${b.id}`,
      ).toHaveLength(1);
    const nights = await h.db
      .select()
      .from(s.bookedNights)
      .where(and(eq(s.bookedNights.bookingId, b.id)));
    if (b.status === 'PAID') expect(nights.every((n) => n.holdUntil === null)).toBe(true);
    if (b.status === 'CANCELLED') expect(nights).toHaveLength(0);
    // The rest of a payment or a cancel committed with it: one chat message, the calendar and the to-do.
    const said = await h.db
      .select()
      .from(s.messages)
      .where(and(eq(s.messages.resourceId, b.id), inArray(s.messages.type, ['booking_paid', 'booking_cancelled'])));
    const booked = await h.db
      .select()
      .from(s.cottageCalendar)
      .where(and(eq(s.cottageCalendar.cottageId, b.cottageId), eq(s.cottageCalendar.state, 1)));
    const stayBooked = booked.some((r) => String(r.fromDate) < String(b.checkOut) && String(r.toDate) > String(b.checkIn));
    if (b.status === 'PAID' || b.status === 'FINISHED') {
      expect(
        said.filter((m) => m.type === 'booking_paid'),
        `paid message of booking ${b.id}`,
      ).toHaveLength(1);
      expect(b.calendarBefore, `calendar of booking ${b.id}`).not.toBeNull();
      if (b.markAsBookedIfAccepted && !calendarMoved) expect(stayBooked, `booked nights of booking ${b.id}`).toBe(true);
    }
    if (b.status === 'CANCELLED') {
      expect(
        said.filter((m) => m.type === 'booking_cancelled'),
        `cancel message of booking ${b.id}`,
      ).toHaveLength(1);
      expect(stayBooked, `nights given back by booking ${b.id}`).toBe(false);
    }
    // The shares add up, to the öre.
    const paid = mine.filter((p) => p.status === 'SUCCEEDED').reduce((sum, p) => sum + p.amount, 0);
    if (paid && payouts.length) {
      const refunded = refunds.reduce((sum, i) => sum + i.amount, 0);
      const platform = b.status === 'CANCELLED' ? shares({ totalPrice: b.totalPrice, feePercentage: b.feePercentage, refund: refunded }).platform : platformFee(b.totalPrice, b.feePercentage);
      expect(refunded + payouts[0]!.amount + platform).toBe(paid);
    }
  }
}

describe('crash safety (PostgreSQL)', () => {
  it('a refund killed at every point, and at random instants, ends with one refund recorded and made once', { timeout: 120_000 }, async () => {
    const points = ['refund:before-intent', 'refund:after-intent', 'refund:before-provider', 'refund:after-provider', 'refund:after-record', 'random', 'random', 'random'];
    const ids: number[] = [];
    for (const point of points) {
      const { guest, booking } = await offered(h, { checkIn: inDays(40) });
      await pay(h, guest.token, booking.id);
      ids.push(booking.id);
      const server = await startServer(point === 'random' ? undefined : point);
      const request = callChild(server.url, 'PUT', `/api/bookings/${booking.id}/cancel`, guest.token, { cancellation_reason: 'Krasch' });
      if (point === 'random') {
        await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 40)));
        server.child.kill('SIGKILL');
      }
      await request;
      if (point !== 'random') expect(await server.exited).toBe(137);
      else await server.exited;
      // Restarted (without the crash), one job cycle.
      const restarted = await startServer();
      expect(await runJob()).toBe(0);
      restarted.child.kill('SIGTERM');
      await restarted.exited;
    }
    await checkInvariants(ids);
  });

  it('a payment killed before and after it is recorded ends PAID (or refunded), never charged and lost', { timeout: 120_000 }, async () => {
    const ids: number[] = [];
    for (const point of ['payment:before-record', 'payment:after-record', 'paid:after-steps', 'random']) {
      const { guest, booking } = await offered(h, { checkIn: inDays(40) });
      ids.push(booking.id);
      const started = await h.call('POST', `/api/bookings/${booking.id}/payment`, { token: guest.token, body: { card_type: 'CB_VISA_MASTERCARD', accept_terms: true } });
      const payinId = String(started.json.RedirectURL).split('/').pop()!;
      await h.call('POST', `/api/sandbox/mangopay/payins/${payinId}/card`, { body: { card_number: SANDBOX_CARDS.success, expiry: '12/39', cvc: '123' } });
      const server = await startServer(point === 'random' ? undefined : point);
      const request = callChild(server.url, 'GET', `/api/payments/return?transactionId=${payinId}`);
      if (point === 'random') {
        await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 40)));
        server.child.kill('SIGKILL');
      }
      await request;
      await server.exited;
      // The job asks the provider about a pay-in once it is a minute old: its clock runs two minutes ahead.
      expect(await runJob(undefined, 2 * 60_000)).toBe(0);
      const [row] = await h.db.select().from(h.schema.bookings).where(eq(h.schema.bookings.id, booking.id));
      expect(row!.status).toBe('PAID');
      expect(row!.calendarBefore).not.toBeNull();
    }
    await checkInvariants(ids);
  });

  it('a payout killed at every point ends with one payout recorded and made once', { timeout: 120_000 }, async () => {
    const ids: number[] = [];
    for (const point of ['payout:before-intent', 'payout:after-intent', 'payout:before-provider', 'payout:after-provider', 'payout:after-record']) {
      const { guest, booking } = await offered(h, { checkIn: inDays(300 + ids.length * 10) });
      await pay(h, guest.token, booking.id);
      ids.push(booking.id);
      // The stay began two days ago: its payout is due.
      await h.db
        .update(h.schema.bookings)
        .set({ checkIn: inDays(-2), checkOut: addDays(inDays(-2), 10) })
        .where(eq(h.schema.bookings.id, booking.id));
      // Other bookings in the shared database may be due too: the job crashes at whichever comes first,
      // so it runs with the crash until this booking's payout is decided.
      for (let tries = 0; tries < 5; tries++) {
        expect(await runJob(point)).toBe(137);
        const [intent] = await h.db
          .select()
          .from(h.schema.moneyIntents)
          .where(and(eq(h.schema.moneyIntents.bookingId, booking.id), eq(h.schema.moneyIntents.kind, 'PAYOUT')));
        if (point === 'payout:before-intent' ? true : intent) break;
      }
      expect(await runJob()).toBe(0);
      const [row] = await h.db.select().from(h.schema.bookings).where(eq(h.schema.bookings.id, booking.id));
      expect(row!.paidOutAt).not.toBeNull();
    }
    // The stays were moved after paying: their calendars hold the old dates.
    await checkInvariants(ids, { calendarMoved: true });
  });
});
