// Issue 16, receipts (SPEC §3 "Order (receipt)", §7 GET /api/user/orders and /{id}, §9 VAT): the
// booking money written as receipts in the transaction that moves it — PAYIN when the guest's card
// payment comes in, REFUND on a cancel, PAYOUT and FEE on a payout — once each however often the
// return, the hook, the payout or the money job run; the list's filters, orders and pages; nobody
// else's receipts; and the DAC7 report reconciled with the PAYOUT and FEE receipts to the öre.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutDueAt, platformFee } from '@/lib/rules/booking';
import { parseDac7Xml } from '@/lib/rules/dac7';
import { addDays, todayInStockholm } from '@/lib/rules/dates';
import { vatOf } from '@/lib/rules/products';
import type { OrderDto, ReceiptDto, ReceiptPage } from '@/lib/schemas/orders';
import type { Booking } from '@/lib/schemas/booking-dto';
import { guestIn, hostWithAd, inDays, offerBody, pay } from './bookings-support';
import { COMPLETE_PROFILE, createCottage, fillAd, host, setCottage, startCottageApi, TERMS_TICKED } from './cottages-support';
import type { Harness } from './harness';

let h: Harness;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ h, stop } = await startCottageApi());
});
afterAll(async () => stop?.());

type Actor = Awaited<ReturnType<typeof host>>;
type Receipt = OrderDto;

/** GET /api/user/orders with a query string ('' or '?…'). */
const list = (token: string | null, query = '') => h.call('GET', `/api/user/orders${query}`, { token });
const page = async (token: string, query = '') => {
  const r = await list(token, query);
  expect(r.status, `${query}: ${JSON.stringify(r.json)}`).toBe(200);
  return r.json as unknown as ReceiptPage;
};
/** Every receipt of a query, following nextPage to the end; answers the pages' sizes too. */
async function everyPage(token: string, query: string) {
  const sizes: number[] = [];
  const all: Receipt[] = [];
  let next: string | null = `/api/user/orders${query}`;
  while (next) {
    const r = await h.call('GET', next, { token });
    expect(r.status, next).toBe(200);
    const p = r.json as unknown as ReceiptPage;
    sizes.push(p.results.length);
    all.push(...p.results);
    next = p.nextPage;
    expect(sizes.length, 'pages end').toBeLessThan(20);
  }
  return { all, sizes };
}
const one = (token: string | null, id: number) => h.call('GET', `/api/user/orders/${id}`, { token });
/** The stored receipts of a booking. */
const storedOf = (bookingId: number) => h.db.select().from(h.schema.orders).where(eq(h.schema.orders.bookingId, bookingId));
const intentsOf = (bookingId: number, kind: 'PAYOUT' | 'REFUND') =>
  h.db
    .select()
    .from(h.schema.moneyIntents)
    .where(and(eq(h.schema.moneyIntents.bookingId, bookingId), eq(h.schema.moneyIntents.kind, kind)));
/** A moment after the booking's payout is due. */
const dueAfter = (checkIn: string) => new Date(payoutDueAt({ check_in: checkIn }).getTime() + 60_000);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** The host offers a stay, the guest pays it by card on the sandbox page. */
async function paidStay(input: { owner: Actor; guest: Actor; conversationId: number; cottageId: number; checkIn: string; nights: number; total: number; policy?: number }) {
  const checkOut = addDays(input.checkIn, input.nights);
  const sent = await h.call('POST', '/api/bookings', {
    token: input.owner.token,
    body: offerBody({ conversationId: input.conversationId, guestId: input.guest.user.id, cottageId: input.cottageId, checkIn: input.checkIn, checkOut, total: input.total, policy: input.policy }),
  });
  expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  const id = sent.json.id as number;
  const paid = await pay(h, input.guest.token, id);
  expect(paid.result?.json.transaction, JSON.stringify(paid.result?.json)).toBe('success');
  return { id, checkIn: input.checkIn, checkOut, total: input.total, transactionId: paid.transactionId! };
}

/** Pays a booking's host out at `at` (the sweep's step for one booking). */
async function payOutAt(bookingId: number, at: Date) {
  const { payOutIfDue } = await import('@/marketplace/services/bookings/payout');
  return payOutIfDue(h.db, bookingId, at);
}

describe('the receipts of a booking’s money', () => {
  it('a paid stay: one PAYIN of the total for the guest; the payout: PAYOUT and FEE (with VAT) for the host; each once', async () => {
    const { runIntent } = await import('@/marketplace/services/money-intents');
    const { intentReceipts, payinReceipt } = await import('@/marketplace/services/booking-receipts');
    const { owner, ad } = await hostWithAd(h);
    const { guest, conversationId } = await guestIn(h, ad.id);
    const stay = await paidStay({ owner, guest, conversationId, cottageId: ad.id, checkIn: inDays(40), nights: 3, total: 1_250_000 });

    // The return again and the provider's hook for the same pay-in: still one PAYIN.
    expect((await h.call('GET', `/api/payments/return?transactionId=${stay.transactionId}`)).json.transaction).toBe('success');
    expect((await h.call('GET', `/api/payments/hook?EventType=PAYIN_NORMAL_SUCCEEDED&RessourceId=${stay.transactionId}`)).status).toBe(200);
    const asGuest = await page(guest.token);
    expect(asGuest.nextPage).toBeNull();
    expect(asGuest.results).toHaveLength(1);
    expect(asGuest.results[0]).toMatchObject({
      type: 'PAYIN',
      amount: 1_250_000,
      booking_id: stay.id,
      cottage_id: ad.id,
      cottage_title: 'Sjöstugan',
      payment_status: 'paid',
      source: 'mangopay',
      client_secret: null,
      products: [],
      tax: null,
    });
    expect(asGuest.results[0]!.paid_at).not.toBeNull();
    // The host has been paid nothing yet.
    expect((await page(owner.token)).results).toEqual([]);

    // The payout: not before it is due, then once however often it is asked for.
    expect(await payOutAt(stay.id, new Date())).toBe(false);
    const at = dueAfter(stay.checkIn);
    expect(await payOutAt(stay.id, at)).toBe(true);
    expect(await payOutAt(stay.id, at)).toBe(false);
    expect(await payOutAt(stay.id, new Date(at.getTime() + 86_400_000))).toBe(false);
    const [intent] = await intentsOf(stay.id, 'PAYOUT');
    expect(intent).toMatchObject({ status: 'SUCCEEDED', userId: owner.user.id });
    // The money job's step for the intent again, and a second writer of the same receipts: no-ops.
    expect(await runIntent(h.db, intent!.id, at)).toBe('SUCCEEDED');
    await intentReceipts(h.db, intent!, new Date(at.getTime() + 1000));
    const [payin] = await h.db
      .select()
      .from(h.schema.payins)
      .where(and(eq(h.schema.payins.bookingId, stay.id), eq(h.schema.payins.status, 'SUCCEEDED')));
    await payinReceipt(h.db, payin!, new Date());
    expect((await storedOf(stay.id)).map((o) => o.type).sort(), 'one receipt of each kind').toEqual(['FEE', 'PAYIN', 'PAYOUT']);

    const asHost = await page(owner.token);
    expect(asHost.results.map((r) => r.type)).toEqual(['FEE', 'PAYOUT']);
    const payout = asHost.results.find((r) => r.type === 'PAYOUT')!;
    const fee = asHost.results.find((r) => r.type === 'FEE')!;
    expect(payout.amount).toBe(intent!.amount);
    expect(fee.amount).toBe(1_250_000 - intent!.amount);
    expect(fee.amount).toBe(platformFee(1_250_000, 12));
    expect(fee.tax).toEqual({ rate: 25, ...vatOf(fee.amount) });
    expect(fee.tax).toEqual({ rate: 25, tax: 30_000, net: 120_000 });
    expect(payout.tax).toBeNull();
    for (const r of [payout, fee]) expect(r).toMatchObject({ booking_id: stay.id, cottage_id: ad.id, cottage_title: 'Sjöstugan', payment_status: 'paid', paid_at: at.toISOString() });
    // The guest's list is as it was.
    expect((await page(guest.token)).results.map((r) => r.type)).toEqual(['PAYIN']);

    // One receipt, printable: the stay, the seller, the buyer.
    const printed = await one(owner.token, fee.id);
    expect(printed.status).toBe(200);
    expect(printed.json as unknown as ReceiptDto).toMatchObject({
      id: fee.id,
      type: 'FEE',
      amount: 150_000,
      tax: { rate: 25, tax: 30_000, net: 120_000 },
      cottage_id: ad.id,
      stay: { check_in: stay.checkIn, check_out: stay.checkOut },
      seller: { name: 'Stuga AB' },
      buyer: { name: `${COMPLETE_PROFILE.firstName} ${COMPLETE_PROFILE.lastName}`, org_number: null },
    });
    expect((printed.json as unknown as ReceiptDto).buyer.lines).toContain(COMPLETE_PROFILE.uAddress1);
    expect((await one(owner.token, payout.id)).json).toMatchObject({ type: 'PAYOUT', tax: null, stay: { check_in: stay.checkIn } });
    expect((await one(guest.token, asGuest.results[0]!.id)).json).toMatchObject({ type: 'PAYIN', amount: 1_250_000, tax: null, stay: { check_out: stay.checkOut } });

    // Each party's receipts are their own: 404 for the other party, for a stranger; 401 signed out.
    const stranger = await host(h);
    expect((await page(stranger.token)).results).toEqual([]);
    for (const id of [payout.id, fee.id]) {
      expect((await one(guest.token, id)).status).toBe(404);
      expect((await one(stranger.token, id)).status).toBe(404);
    }
    expect((await one(owner.token, asGuest.results[0]!.id)).status).toBe(404);
    expect((await one(stranger.token, asGuest.results[0]!.id)).status).toBe(404);
    expect((await list(null)).status).toBe(401);
    expect((await one(null, fee.id)).status).toBe(401);
    expect((await one(owner.token, 2_147_483_000)).status).toBe(404);
    expect((await one(owner.token, 'abc' as unknown as number)).status).toBe(404);
  });

  it('a cancel with a refund: a REFUND for the guest, once; the kept rent paid out as PAYOUT and FEE on it', async () => {
    const { runIntent } = await import('@/marketplace/services/money-intents');
    const { owner, ad } = await hostWithAd(h);
    const { guest, conversationId } = await guestIn(h, ad.id);
    // Moderate policy, 10 days before arrival: half the rent back.
    const stay = await paidStay({ owner, guest, conversationId, cottageId: ad.id, checkIn: inDays(10), nights: 7, total: 1_000_000, policy: 2 });
    const cancelled = await h.call('PUT', `/api/bookings/${stay.id}/cancel`, { token: guest.token, body: { cancellation_reason: 'Sjuk' } });
    expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);
    expect((cancelled.json as unknown as Booking).refund_amount).toBe(500_000);
    const [refundIntent] = await intentsOf(stay.id, 'REFUND');
    expect(refundIntent).toMatchObject({ status: 'SUCCEEDED', amount: 500_000 });
    // The money job's step again.
    expect(await runIntent(h.db, refundIntent!.id)).toBe('SUCCEEDED');

    const asGuest = await page(guest.token);
    expect(asGuest.results.map((r) => [r.type, r.amount, r.tax])).toEqual([
      ['REFUND', 500_000, null],
      ['PAYIN', 1_000_000, null],
    ]);
    expect(asGuest.results[0]).toMatchObject({ booking_id: stay.id, cottage_id: ad.id, payment_status: 'paid', source: 'mangopay' });
    expect(asGuest.results[0]!.paid_at).not.toBeNull();
    expect((await one(guest.token, asGuest.results[0]!.id)).json).toMatchObject({ type: 'REFUND', amount: 500_000, stay: { check_in: stay.checkIn } });
    expect((await page(owner.token)).results).toEqual([]);

    // The rent the guest did not get back goes to the host when the stay's payout is due, less the fee on it.
    const at = dueAfter(stay.checkIn);
    expect(await payOutAt(stay.id, at)).toBe(true);
    expect(await payOutAt(stay.id, at)).toBe(false);
    const [payoutIntent] = await intentsOf(stay.id, 'PAYOUT');
    expect(payoutIntent).toMatchObject({ purpose: 'RETAINED', status: 'SUCCEEDED' });
    expect(await runIntent(h.db, payoutIntent!.id, at)).toBe('SUCCEEDED');
    const asHost = await page(owner.token);
    expect(asHost.results.map((r) => r.type)).toEqual(['FEE', 'PAYOUT']);
    const [fee, payout] = asHost.results;
    expect(payout!.amount).toBe(payoutIntent!.amount);
    // Its own line on the host's receipt (issue 11 §3): the rent kept after the guest cancelled.
    expect([payout!.purpose, fee!.purpose]).toEqual(['RETAINED', 'RETAINED']);
    expect(fee!.amount).toBe(1_000_000 - 500_000 - payoutIntent!.amount);
    expect([payout!.amount, fee!.amount]).toEqual([440_000, 60_000]);
    expect(fee!.tax).toEqual({ rate: 25, tax: 12_000, net: 48_000 });
    expect(payout!.tax).toBeNull();
    expect((await storedOf(stay.id)).map((o) => o.type).sort()).toEqual(['FEE', 'PAYIN', 'PAYOUT', 'REFUND']);
    expect((await page(guest.token)).results).toHaveLength(2);
  });
});

/**
 * One user (`me`) with every kind of receipt: the host of two ads paid out four times (one year's
 * three payouts, two of them of the same amount, and one just past new year in Stockholm), the
 * guest of another host with a cancelled stay (PAYIN and REFUND), and an ad of their own paid
 * with the free package (PAYMENT; an order never sent to payment shows nowhere).
 */
describe('GET /api/user/orders: filters, orders and pages', () => {
  const Y = new Date().getUTCFullYear() + 1;
  let me: Actor;
  let adA: number;
  let adB: number;
  let guests: Actor[];
  let all: Receipt[];
  let hidden: number;
  const payouts: Record<string, { id: number; at: Date }> = {};

  beforeAll(async () => {
    const made = await hostWithAd(h);
    me = made.owner;
    adA = made.ad.id;
    const [second] = await h.db
      .insert(h.schema.cottages)
      .values({
        userId: me.user.id,
        titleSv: 'Fjällstugan',
        commission: true,
        commissionPercentage: 12,
        reviewedAt: new Date(),
        propertyDesignation: 'Sälen Tandådalen 2:5',
        addressStreet: 'Fjällvägen 9',
        addressPostalCode: '78067',
        addressCity: 'Sälen',
      })
      .returning();
    adB = second!.id;
    const a = await guestIn(h, adA);
    const b = await guestIn(h, adB);
    guests = [a.guest, b.guest];
    // Paid out in one year: in Q1 just after midnight on 16 February in Stockholm (still the 15th in UTC),
    // in Q2, and in Q3 at the last second of 15 August in Stockholm; then at 00:30 on 1 January of the next year.
    const plan = [
      { key: 'q1', guest: a, cottageId: adA, checkIn: inDays(40), nights: 3, total: 1_250_000, at: `${Y}-02-15T23:30:00Z` },
      { key: 'q2', guest: b, cottageId: adB, checkIn: inDays(45), nights: 4, total: 987_650, at: `${Y}-05-10T10:00:00Z` },
      { key: 'q3', guest: a, cottageId: adA, checkIn: inDays(50), nights: 4, total: 987_650, at: `${Y}-08-15T21:59:59Z` },
      { key: 'next', guest: a, cottageId: adA, checkIn: inDays(70), nights: 3, total: 600_000, at: `${Y}-12-31T23:30:00Z` },
    ];
    for (const p of plan) {
      const stay = await paidStay({ owner: me, guest: p.guest.guest, conversationId: p.guest.conversationId, cottageId: p.cottageId, checkIn: p.checkIn, nights: p.nights, total: p.total });
      expect(await payOutAt(stay.id, new Date(p.at)), p.key).toBe(true);
      payouts[p.key] = { id: stay.id, at: new Date(p.at) };
    }

    // As a guest elsewhere: paid, then cancelled with half back.
    const other = await hostWithAd(h);
    const contact = await h.call('POST', '/api/conversations', { token: me.token, body: { cottage_id: other.ad.id, text: 'Hej! Ledigt i december?' } });
    expect(contact.status).toBe(200);
    const trip = await paidStay({ owner: other.owner, guest: me, conversationId: contact.json.id as number, cottageId: other.ad.id, checkIn: inDays(10), nights: 7, total: 1_000_000, policy: 2 });
    expect((await h.call('PUT', `/api/bookings/${trip.id}/cancel`, { token: me.token, body: { cancellation_reason: 'Ändrade planer' } })).status).toBe(200);

    // An ad of their own with a fixed price: package 10, paid at once; then an order never paid.
    const own = await createCottage(h, me.token, { commission: false });
    await fillAd(h, me.token, own.id);
    await setCottage(h, own.id, { verifiedAt: new Date(), verifiedBy: 'BANKID' });
    const free = await h.call('POST', `/api/cottages/${own.id}/orders`, { token: me.token, body: { productIds: [10], ...TERMS_TICKED } });
    expect(free.status, JSON.stringify(free.json)).toBe(200);
    expect((await h.call('POST', `/api/cottages/${own.id}/orders/${free.json.id}/pay`, { token: me.token, body: { amount: 0, source: 'zero' } })).json.payment_status).toBe('paid');
    const unpaid = await h.call('POST', `/api/cottages/${own.id}/orders`, { token: me.token, body: { productIds: [1] } });
    expect(unpaid.status, JSON.stringify(unpaid.json)).toBe(200);
    hidden = unpaid.json.id as number;

    all = (await page(me.token, '?limit=50')).results;
  }, 180_000);

  const types = (rs: Receipt[]) => rs.map((r) => r.type);
  const idsOf = (rs: Receipt[]) => rs.map((r) => r.id);

  it('lists every receipt, newest first, ten a page; an order never sent to payment is not a receipt', async () => {
    expect(all).toHaveLength(11);
    expect([...types(all)].sort()).toEqual(['FEE', 'FEE', 'FEE', 'FEE', 'PAYIN', 'PAYMENT', 'PAYOUT', 'PAYOUT', 'PAYOUT', 'PAYOUT', 'REFUND']);
    expect(idsOf(all)).toEqual([...idsOf(all)].sort((a, b) => b - a));
    expect(idsOf(all)).not.toContain(hidden);
    expect((await one(me.token, hidden)).status).toBe(404);
    const payment = all.find((r) => r.type === 'PAYMENT')!;
    expect(payment).toMatchObject({
      amount: 0,
      source: 'zero',
      payment_status: 'paid',
      products: [{ id: 10, name: 'S-certified advertisement', price: 0, type: null }],
      tax: { rate: 25, tax: 0, net: 0 },
    });
    // The default page: 10, and the next page has the rest.
    const first = await page(me.token);
    expect(idsOf(first.results)).toEqual(idsOf(all).slice(0, 10));
    expect(first.nextPage).not.toBeNull();
    const second = await h.call('GET', first.nextPage!, { token: me.token });
    expect(idsOf((second.json as unknown as ReceiptPage).results)).toEqual(idsOf(all).slice(10));
    expect((second.json as unknown as ReceiptPage).nextPage).toBeNull();
    // Only FEE receipts carry VAT here (and the ad payment).
    for (const r of all) expect(r.tax === null, `${r.type} ${r.id}`).toBe(!['FEE', 'PAYMENT'].includes(r.type));
  });

  it('filters by type flags', async () => {
    const typesOf = async (query: string) => [...types((await page(me.token, `${query}&limit=50`)).results)].sort();
    expect(await typesOf('?payin=1')).toEqual(['PAYIN']);
    expect(await typesOf('?payin=true')).toEqual(['PAYIN']);
    expect(await typesOf('?refund=1')).toEqual(['REFUND']);
    expect(await typesOf('?payment=1')).toEqual(['PAYMENT']);
    expect(await typesOf('?payout=1')).toEqual(['PAYOUT', 'PAYOUT', 'PAYOUT', 'PAYOUT']);
    expect(await typesOf('?fee=1')).toEqual(['FEE', 'FEE', 'FEE', 'FEE']);
    expect(await typesOf('?payout=1&fee=1')).toEqual(['FEE', 'FEE', 'FEE', 'FEE', 'PAYOUT', 'PAYOUT', 'PAYOUT', 'PAYOUT']);
    expect(await typesOf('?payin=1&refund=1')).toEqual(['PAYIN', 'REFUND']);
    expect(await typesOf('?payin=1&payout=1&refund=1&payment=1&fee=1')).toHaveLength(11);
    // Empty values filter nothing.
    expect(await typesOf('?paid_at_from=&paid_at_to=')).toHaveLength(11);
  });

  it('filters by the Stockholm days paid, both ends included', async () => {
    const paid = async (query: string) => (await page(me.token, `${query}&limit=50`)).results.map((r) => `${r.type} ${r.booking_id ?? '-'}`).sort();
    const pair = (key: string) => [`FEE ${payouts[key]!.id}`, `PAYOUT ${payouts[key]!.id}`];
    // 23:30 UTC on 15 February is the 16th in Stockholm.
    expect(await paid(`?paid_at_from=${Y}-02-15&paid_at_to=${Y}-02-15`)).toEqual([]);
    expect(await paid(`?paid_at_from=${Y}-02-16&paid_at_to=${Y}-02-16`)).toEqual(pair('q1'));
    // The last second of 15 August is still the 15th.
    expect(await paid(`?paid_at_from=${Y}-08-15&paid_at_to=${Y}-08-15`)).toEqual(pair('q3'));
    expect(await paid(`?paid_at_from=${Y}-08-16&paid_at_to=${Y}-12-31`)).toEqual([]);
    expect(await paid(`?paid_at_from=${Y}-01-01&paid_at_to=${Y}-12-31`)).toEqual([...pair('q1'), ...pair('q2'), ...pair('q3')].sort());
    expect(await paid(`?paid_at_from=${Y + 1}-01-01`)).toEqual(pair('next'));
    expect(await paid(`?paid_at_from=${Y}-05-10&paid_at_to=${Y}-05-10&fee=1`)).toEqual([`FEE ${payouts.q2!.id}`]);
    // Paid today: the trip's PAYIN and REFUND and the ad payment.
    const today = todayInStockholm();
    expect((await page(me.token, `?paid_at_from=${today}&paid_at_to=${today}`)).results.map((r) => r.type).sort()).toEqual(['PAYIN', 'PAYMENT', 'REFUND']);
    expect((await page(me.token, `?paid_at_to=${addDays(today, -1)}`)).results).toEqual([]);
  });

  it('orders by amount (ties by id) and by id', async () => {
    const ordered = async (order: string) => (await page(me.token, `?order=${order}&limit=50`)).results;
    const byAmountAsc = [...all].sort((a, b) => a.amount - b.amount || a.id - b.id);
    const byAmountDesc = [...all].sort((a, b) => b.amount - a.amount || b.id - a.id);
    expect(idsOf(await ordered('amount_asc'))).toEqual(idsOf(byAmountAsc));
    expect(idsOf(await ordered('amount_desc'))).toEqual(idsOf(byAmountDesc));
    expect(idsOf(await ordered('id_asc'))).toEqual([...idsOf(all)].sort((a, b) => a - b));
    expect(idsOf(await ordered('id_desc'))).toEqual(idsOf(all));
    // Two payouts of the same amount, two fees of the same amount: the ties are there to break.
    expect((await ordered('amount_asc')).map((r) => r.amount)).toEqual([0, 72_000, 118_500, 118_500, 150_000, 500_000, 528_000, 869_150, 869_150, 1_000_000, 1_100_000]);
  });

  it('pages with limit and offset; nextPage keeps the filters and the order', async () => {
    const plain = await everyPage(me.token, '?limit=4');
    expect(plain.sizes).toEqual([4, 4, 3]);
    expect(idsOf(plain.all)).toEqual(idsOf(all));
    const filtered = await everyPage(me.token, '?payout=1&fee=1&order=amount_asc&limit=3');
    expect(filtered.sizes).toEqual([3, 3, 2]);
    expect(filtered.all.map((r) => r.amount)).toEqual([72_000, 118_500, 118_500, 150_000, 528_000, 869_150, 869_150, 1_100_000]);
    const first = await page(me.token, '?payout=1&fee=1&order=amount_asc&limit=3');
    const next = new URL(first.nextPage!, 'http://x');
    expect(next.pathname).toBe('/api/user/orders');
    expect(Object.fromEntries(next.searchParams)).toEqual({ payout: '1', fee: '1', order: 'amount_asc', limit: '3', offset: '3' });
    expect(idsOf((await page(me.token, '?limit=2&offset=9')).results)).toEqual(idsOf(all).slice(9, 11));
    const beyond = await page(me.token, '?offset=11');
    expect([beyond.results, beyond.nextPage]).toEqual([[], null]);
    const exact = await page(me.token, '?limit=11');
    expect([exact.results.length, exact.nextPage]).toEqual([11, null]);
  });

  it('refuses query values it does not know with 400', async () => {
    for (const query of [
      '?order=x',
      '?order=amount',
      '?order=ID_DESC',
      '?paid_at_from=2020-13-01',
      '?paid_at_to=2021-02-30',
      '?paid_at_from=yesterday',
      '?paid_at_to=2027-1-1',
      '?payin=2',
      '?payout=yes',
      '?fee=0',
      '?limit=abc',
      '?limit=100',
      '?limit=-1',
      '?offset=-1',
      '?offset=1.5',
    ]) {
      const r = await list(me.token, query);
      expect(r.status, `${query}: ${JSON.stringify(r.json)}`).toBe(400);
      expect(typeof r.json.message, query).toBe('string');
    }
  });

  it('nobody else sees them: the guests see their own PAYINs only; a stranger sees nothing; signed out is 401', async () => {
    const stranger = await host(h);
    expect((await page(stranger.token, '?limit=50')).results).toEqual([]);
    for (const r of all) expect((await one(stranger.token, r.id)).status, `${r.type} ${r.id}`).toBe(404);
    for (const g of guests) {
      const theirs = (await page(g.token, '?limit=50')).results;
      expect(theirs.length).toBeGreaterThan(0);
      expect(new Set(types(theirs))).toEqual(new Set(['PAYIN']));
      expect(idsOf(theirs).filter((id) => idsOf(all).includes(id))).toEqual([]);
      expect((await one(g.token, all[0]!.id)).status).toBe(404);
    }
    expect((await list(null, '?payin=1')).status).toBe(401);
    expect((await one(null, all[0]!.id)).status).toBe(401);
  });

  it('DAC7: per listing, the year’s consideration is the sum of the PAYOUT receipts and the fees the sum of the FEE receipts, to the öre', async () => {
    const xml = await fetch(`${h.url}/api/dac-seven/info/${Y}`, { headers: { authorization: `Bearer ${me.token}` } });
    expect(xml.status).toBe(200);
    const listings = parseDac7Xml(await xml.text());
    expect(listings.map((l) => l.cottage_id)).toEqual([adA, adB].sort((a, b) => a - b));
    const year = (await page(me.token, `?payout=1&fee=1&paid_at_from=${Y}-01-01&paid_at_to=${Y}-12-31&limit=50`)).results;
    expect(year).toHaveLength(6);
    for (const listing of listings) {
      const of = (type: string) => sum(year.filter((r) => r.type === type && r.cottage_id === listing.cottage_id).map((r) => r.amount));
      expect(sum(listing.consideration), `consideration of ad ${listing.cottage_id}`).toBe(of('PAYOUT'));
      expect(sum(listing.fees), `fees of ad ${listing.cottage_id}`).toBe(of('FEE'));
    }
    // And quarter by quarter.
    const quarter = (at: Date) => Math.floor((Number(todayInStockholm(at).slice(5, 7)) - 1) / 3);
    for (const listing of listings) {
      const expected = { consideration: [0, 0, 0, 0], fees: [0, 0, 0, 0] };
      for (const r of year.filter((x) => x.cottage_id === listing.cottage_id)) (r.type === 'PAYOUT' ? expected.consideration : expected.fees)[quarter(new Date(r.paid_at!))]! += r.amount;
      expect({ consideration: listing.consideration, fees: listing.fees }).toEqual(expected);
    }
    expect(listings.find((l) => l.cottage_id === adA)!.consideration).toEqual([1_100_000, 0, 869_150, 0]);
    expect(listings.find((l) => l.cottage_id === adB)!.consideration).toEqual([0, 869_150, 0, 0]);
    // The payout at 00:30 on New Year's Day in Stockholm belongs to the next year, in both.
    const nextYear = parseDac7Xml(await (await fetch(`${h.url}/api/dac-seven/info/${Y + 1}`, { headers: { authorization: `Bearer ${me.token}` } })).text());
    const nextReceipts = (await page(me.token, `?payout=1&fee=1&paid_at_from=${Y + 1}-01-01&paid_at_to=${Y + 1}-12-31`)).results;
    expect(nextYear.map((l) => [l.cottage_id, sum(l.consideration), sum(l.fees)])).toEqual([
      [adA, sum(nextReceipts.filter((r) => r.type === 'PAYOUT').map((r) => r.amount)), sum(nextReceipts.filter((r) => r.type === 'FEE').map((r) => r.amount))],
    ]);
    expect(nextYear[0]!.consideration).toEqual([528_000, 0, 0, 0]);
  });
});
