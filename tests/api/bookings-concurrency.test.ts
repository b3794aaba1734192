// SPEC: no double booking. 50 guests with offers for overlapping nights of one cottage start paying
// at the same moment: one holds the nights and pays, the others are told before any card is charged.
// Runs on PGlite and (in CI) on PostgreSQL, where the returns really run in parallel connections.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SANDBOX_CARDS } from '@/lib/rules/sandbox-cards';
import { guestIn, hostWithAd, inDays, offerBody } from './bookings-support';
import { startCottageApi } from './cottages-support';
import type { Harness } from './harness';

let h: Harness;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ h, stop } = await startCottageApi());
});
afterAll(async () => stop?.());

it('50 guests start paying for the same night at once: 1 card page and 1 charge, 49 × 409, 0 refunds', { timeout: 120_000 }, async () => {
  const { owner, ad } = await hostWithAd(h);
  const offers: { bookingId: number; token: string }[] = [];
  for (let i = 0; i < 50; i++) {
    const { guest, conversationId } = await guestIn(h, ad.id);
    // Every stay shares at least the night inDays(50) with every other.
    const sent = await h.call('POST', '/api/bookings', {
      token: owner.token,
      body: offerBody({ conversationId, guestId: guest.user.id, cottageId: ad.id, checkIn: inDays(45 + (i % 5)), checkOut: inDays(51 + (i % 3)) }),
    });
    expect(sent.status).toBe(200);
    offers.push({ bookingId: sent.json.id as number, token: guest.token });
  }
  const started = performance.now();
  const starts = await Promise.all(offers.map((o) => h.call('POST', `/api/bookings/${o.bookingId}/payment`, { token: o.token, body: { card_type: 'CB_VISA_MASTERCARD', accept_terms: true } })));
  const elapsed = Math.round(performance.now() - started);
  expect(starts.filter((s) => s.status >= 500)).toHaveLength(0);
  const winners = starts.filter((s) => s.status === 200);
  expect(winners).toHaveLength(1);
  expect(starts.filter((s) => s.status === 409 && s.json.code === 'booking.nightsTaken')).toHaveLength(49);
  // The one card page is paid, and its booking is PAID.
  const id = String(winners[0]!.json.RedirectURL).split('/').pop()!;
  await h.call('POST', `/api/sandbox/mangopay/payins/${id}/card`, { body: { card_number: SANDBOX_CARDS.success, expiry: '12/39', cvc: '123' } });
  expect((await h.call('GET', `/api/payments/return?transactionId=${id}`)).json.transaction).toBe('success');

  const ids = offers.map((o) => o.bookingId);
  const rows = await h.db.select().from(h.schema.bookings).where(inArray(h.schema.bookings.id, ids));
  expect(rows.filter((b) => b.status === 'PAID')).toHaveLength(1);
  const payins = await h.db.select().from(h.schema.payins).where(inArray(h.schema.payins.bookingId, ids));
  expect(payins).toHaveLength(1);
  expect(payins[0]!.status).toBe('SUCCEEDED');
  expect(await h.db.select().from(h.schema.moneyIntents).where(inArray(h.schema.moneyIntents.bookingId, ids))).toHaveLength(0);
  const winner = rows.find((b) => b.status === 'PAID')!;
  const nights = await h.db.select().from(h.schema.bookedNights).where(eq(h.schema.bookedNights.cottageId, ad.id));
  expect(nights.every((n) => n.bookingId === winner.id && n.holdUntil === null)).toBe(true);
  console.log(`concurrency: 50 parallel starts answered in ${elapsed} ms on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: 1 card page, 49 × 409, 1 charge, 0 refunds`);
});

it('a host cancelling while the guest’s payment returns: either paid or cancelled-and-refunded, never both', { timeout: 120_000 }, async () => {
  const { owner, ad } = await hostWithAd(h);
  for (let trial = 0; trial < 8; trial++) {
    const { guest, conversationId } = await guestIn(h, ad.id);
    const sent = await h.call('POST', '/api/bookings', {
      token: owner.token,
      body: offerBody({ conversationId, guestId: guest.user.id, cottageId: ad.id, checkIn: inDays(120 + trial * 3), checkOut: inDays(121 + trial * 3) }),
    });
    const bookingId = sent.json.id as number;
    const started = await h.call('POST', `/api/bookings/${bookingId}/payment`, { token: guest.token, body: { card_type: 'CB_VISA_MASTERCARD', accept_terms: true } });
    const payinId = String(started.json.RedirectURL).split('/').pop()!;
    await h.call('POST', `/api/sandbox/mangopay/payins/${payinId}/card`, { body: { card_number: SANDBOX_CARDS.success, expiry: '12/39', cvc: '123' } });
    const [back, cancel] = await Promise.all([
      h.call('GET', `/api/payments/return?transactionId=${payinId}`),
      h.call('PUT', `/api/bookings/${bookingId}/cancel`, { token: owner.token, body: { cancellation_reason: 'Dubbelbokad' } }),
    ]);
    const [row] = await h.db.select().from(h.schema.bookings).where(eq(h.schema.bookings.id, bookingId));
    const [payin] = await h.db.select().from(h.schema.payins).where(eq(h.schema.payins.bookingId, bookingId));
    if (row!.status === 'PAID') {
      expect(cancel.status).not.toBe(200);
      expect(back.json.transaction).toBe('success');
      expect(row!.cancelledAt).toBeNull();
    } else {
      expect(row!.status).toBe('CANCELLED');
      expect(cancel.status).toBe(200);
      expect(payin).toMatchObject({ status: 'REFUNDED', refundedAmount: payin!.amount });
    }
  }
});

it('paid bookings of one cottage settled at once all mark the calendar', { timeout: 120_000 }, async () => {
  const { owner, ad } = await hostWithAd(h);
  const payinIds: string[] = [];
  const stays: [string, string][] = [];
  for (let i = 0; i < 4; i++) {
    const { guest, conversationId } = await guestIn(h, ad.id);
    const stay: [string, string] = [inDays(200 + i * 10), inDays(203 + i * 10)];
    stays.push(stay);
    const sent = await h.call('POST', '/api/bookings', { token: owner.token, body: offerBody({ conversationId, guestId: guest.user.id, cottageId: ad.id, checkIn: stay[0], checkOut: stay[1] }) });
    const started = await h.call('POST', `/api/bookings/${sent.json.id}/payment`, { token: guest.token, body: { card_type: 'CB_VISA_MASTERCARD', accept_terms: true } });
    const id = String(started.json.RedirectURL).split('/').pop()!;
    await h.call('POST', `/api/sandbox/mangopay/payins/${id}/card`, { body: { card_number: SANDBOX_CARDS.success, expiry: '12/39', cvc: '123' } });
    payinIds.push(id);
  }
  await Promise.all(payinIds.map((id) => h.call('GET', `/api/payments/return?transactionId=${id}`)));
  const calendar = (await h.call('GET', `/api/cottages/${ad.id}/calendar`, { token: owner.token })).json as unknown as { from: string; to: string; state: number }[];
  for (const [from, to] of stays) expect(calendar).toContainEqual({ from, to, state: 1 });
});
