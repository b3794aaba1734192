// Issue 16: ad products, orders and their payment through Stripe (the SDK against the local
// emulation), the webhook's signature and idempotence, and what a paid order does to its ad.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, stockholmTime, todayInStockholm } from '@/lib/rules/dates';
import { host, NOT_OWNER, startCottageApi } from './cottages-support';
import type { Harness } from './harness';
import { CARDS, card, checkout, hostWithCompleteAd, order, payCard } from './orders-support';

let h: Harness;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ h, stop } = await startCottageApi());
});
afterAll(async () => stop?.());

const yearFromToday = () => stockholmTime(addMonths(todayInStockholm(), 12), '23:59:59').toISOString();
const adRow = async (id: number) => (await h.db.select().from(h.schema.cottages).where(eq(h.schema.cottages.id, id)))[0]!;
const orderRow = async (id: number) => (await h.db.select().from(h.schema.orders).where(eq(h.schema.orders.id, id)))[0]!;

async function signedEvent(type: string, object: Record<string, unknown>, { timestamp, secret }: { timestamp?: number; secret?: string } = {}) {
  const { stripeSignature, STRIPE_SANDBOX_WEBHOOK_SECRET } = await import('@/marketplace/providers/stripe-emulation');
  const payload = JSON.stringify({ id: `evt_test_${Math.random().toString(16).slice(2)}`, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
  return { payload, signature: stripeSignature(payload, secret ?? STRIPE_SANDBOX_WEBHOOK_SECRET, timestamp) };
}
const postWebhook = (payload: string, signature: string | null) =>
  fetch(`${h.url}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) }, body: payload });

describe('products and orders', () => {
  it('lists the packages and add-ons with prices, to the owner only', async () => {
    const { owner, adId } = await hostWithCompleteAd(h);
    const products = await h.call('GET', `/api/cottages/${adId}/products`, { token: owner.token });
    expect(products.status).toBe(200);
    const list = products.json.results as { id: number; price: number; type: string | null; name: string }[];
    expect(list.map((p) => p.id).sort((a, b) => a - b)).toEqual([1, 5, 6, 7, 8, 9, 10]);
    expect(list.find((p) => p.id === 1)).toMatchObject({ name: 'Advertisement only', price: 150_000, type: null });
    expect(list.find((p) => p.id === 10)).toMatchObject({ name: 'S-certified advertisement', price: 0, type: null });
    expect(products.json.checkout).toBe(true);
    const stranger = await host(h);
    const refused = await h.call('GET', `/api/cottages/${adId}/products`, { token: stranger.token });
    expect([refused.status, refused.json.message]).toEqual([400, NOT_OWNER]);
    expect((await h.call('GET', `/api/cottages/${adId}/products`)).status).toBe(401);
  });

  it('refuses selections the rules do not allow, and stores nothing', async () => {
    const { owner, adId } = await hostWithCompleteAd(h);
    const cases: [number[], string][] = [
      [[], 'Choose at least one product.'],
      [[1, 10], 'Choose one package.'],
      [[10, 5, 8], 'Choose one ranking boost at a time.'],
      [[1, 6], "Add-ons cannot be bought with 'Advertisement only'."],
      [[6], 'Choose a package: the ad is not paid yet.'],
      [[99], 'That product does not exist.'],
      [[10, 10], 'A product was chosen twice.'],
    ];
    for (const [ids, message] of cases) {
      const r = await order(h, owner.token, adId, ids);
      expect([r.status, r.json.message], JSON.stringify(ids)).toEqual([400, message]);
    }
    const noTerms = await order(h, owner.token, adId, [1], false);
    expect(noTerms.status).toBe(400);
    const bad = await h.call('POST', `/api/cottages/${adId}/orders`, { token: owner.token, body: { productIds: ['1'] } });
    expect(bad.status).toBe(400);
    expect(await h.db.select().from(h.schema.orders).where(eq(h.schema.orders.cottageId, adId))).toEqual([]);
    // A commission ad has nothing to pay; an incomplete ad cannot be ordered for.
    const commission = await hostWithCompleteAd(h);
    await h.db.update(h.schema.cottages).set({ commission: true }).where(eq(h.schema.cottages.id, commission.adId));
    expect((await order(h, commission.owner.token, commission.adId, [1])).status).toBe(400);
    const draft = await h.call('POST', '/api/cottages', { token: owner.token, body: { commission: false } });
    expect((await order(h, owner.token, draft.json.id as number, [1])).json.message).toBe('Complete every step of the ad first');
  });

  it('package 10 + a boost + English: paid in Checkout, the ad paid for a year, boosted and sent for review; the receipt carries VAT', async () => {
    const { owner, adId } = await hostWithCompleteAd(h);
    const made = await order(h, owner.token, adId, [10, 5, 6]);
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    expect(made.json).toMatchObject({ type: 'PAYMENT', amount: 29_500 + 49_500, payment_status: 'created', paid_at: null });
    const orderId = made.json.id as number;
    // Changing the products before payment; then Checkout.
    const changed = await h.call('PUT', `/api/cottages/${adId}/orders/${orderId}`, { token: owner.token, body: { productIds: [10, 5, 6] } });
    expect(changed.status).toBe(200);
    const { sessionId, url } = await checkout(h, owner.token, adId, orderId);
    expect(url).toBe(`/sandbox/stripe/checkout/${sessionId}`);
    // The same click twice reuses the open session; the products are locked now.
    expect((await checkout(h, owner.token, adId, orderId)).sessionId).toBe(sessionId);
    expect((await h.call('PUT', `/api/cottages/${adId}/orders/${orderId}`, { token: owner.token, body: { productIds: [10] } })).status).toBe(400);
    const page = await h.call('GET', `/api/sandbox/stripe/checkout/${sessionId}`);
    expect(page.json).toMatchObject({
      amount: 79_000,
      status: 'open',
      lines: [
        { name: 'Ranking boost, 3 months', amount: 29_500 },
        { name: 'English translation', amount: 49_500 },
      ],
    });

    // Declined, then insufficient funds: the session stays open; then 3-D Secure refused, then approved.
    expect((await payCard(h, sessionId, CARDS.declined)).json).toMatchObject({ outcome: 'declined', code: 'card_declined' });
    expect((await payCard(h, sessionId, CARDS.insufficient)).json).toMatchObject({ outcome: 'declined', code: 'insufficient_funds' });
    expect((await h.call('GET', `/api/cottages/${adId}/orders/${orderId}/status`, { token: owner.token })).json).toEqual({ paid_at: null, payment_status: 'pending' });
    expect((await payCard(h, sessionId, CARDS.secure)).json).toEqual({ outcome: 'three_d_secure' });
    expect((await h.call('POST', `/api/sandbox/stripe/checkout/${sessionId}/secure`, { body: { approve: false } })).json).toMatchObject({ outcome: 'declined' });
    expect((await payCard(h, sessionId, CARDS.secure)).json).toEqual({ outcome: 'three_d_secure' });
    const approved = await h.call('POST', `/api/sandbox/stripe/checkout/${sessionId}/secure`, { body: { approve: true } });
    expect(approved.json.outcome).toBe('redirect');
    expect(String(approved.json.url)).toContain(`/dashboard/cottages/${adId}/payment?orderId=${orderId}&source=stripe_checkout&session_id=${sessionId}`);

    // The return's poll reads Stripe back: paid once.
    const status = await h.call('GET', `/api/cottages/${adId}/orders/${orderId}/status`, { token: owner.token });
    expect(status.json.payment_status).toBe('paid');
    const ad = await adRow(adId);
    expect(ad.paidUntil?.toISOString()).toBe(yearFromToday());
    expect(ad.galleryUntil?.toISOString()).toBe(stockholmTime(addMonths(todayInStockholm(), 3), '23:59:59').toISOString());
    expect(ad.askedForReviewAt).not.toBeNull();
    expect(ad.commission).toBe(false);
    const receipt = await h.call('GET', `/api/user/orders/${orderId}`, { token: owner.token });
    expect(receipt.status).toBe(200);
    expect(receipt.json).toMatchObject({
      type: 'PAYMENT',
      amount: 79_000,
      payment_status: 'paid',
      source: 'stripe_checkout',
      tax: { rate: 25, tax: 15_800, net: 63_200 },
      seller: { name: 'Stuga AB' },
    });
    // Nobody else reads it.
    const stranger = await host(h);
    expect((await h.call('GET', `/api/user/orders/${orderId}`, { token: stranger.token })).status).toBe(404);
    expect((await h.call('GET', `/api/cottages/${adId}/orders/${orderId}/status`, { token: stranger.token })).status).toBe(400);

    // A renewal a year later extends from the old end, not from today.
    const renewal = await order(h, owner.token, adId, [1]);
    const renewalId = renewal.json.id as number;
    const s2 = await checkout(h, owner.token, adId, renewalId);
    expect((await payCard(h, s2.sessionId, CARDS.success)).json.outcome).toBe('redirect');
    await h.call('GET', `/api/cottages/${adId}/orders/${renewalId}/status`, { token: owner.token });
    expect((await adRow(adId)).paidUntil?.toISOString()).toBe(stockholmTime(addMonths(todayInStockholm(), 24), '23:59:59').toISOString());
  });

  it('a free order (package 10 alone) is paid at once with source zero', async () => {
    const { owner, adId } = await hostWithCompleteAd(h);
    const made = await order(h, owner.token, adId, [10]);
    expect(made.json.amount).toBe(0);
    const orderId = made.json.id as number;
    expect((await h.call('POST', `/api/cottages/${adId}/orders/${orderId}/checkout`, { token: owner.token })).status).toBe(400);
    expect((await h.call('POST', `/api/cottages/${adId}/orders/${orderId}/pay`, { token: owner.token, body: { amount: 100, source: 'zero' } })).json.message).toBe(
      'The price has changed. Reload the page and try again.',
    );
    const paid = await h.call('POST', `/api/cottages/${adId}/orders/${orderId}/pay`, { token: owner.token, body: { amount: 0, source: 'zero' } });
    expect(paid.json).toMatchObject({ payment_status: 'paid', source: 'zero' });
    expect((await adRow(adId)).paidUntil?.toISOString()).toBe(yearFromToday());
    expect((await h.call('POST', `/api/cottages/${adId}/orders/${orderId}/invoice`, { token: owner.token })).json.message).toBe('Invoicing is not available');
  });

  it('the card path: a PaymentIntent with its client secret; a refused card fails the order, the next card pays it', async () => {
    const { owner, adId } = await hostWithCompleteAd(h);
    const orderId = (await order(h, owner.token, adId, [1])).json.id as number;
    const started = await h.call('POST', `/api/cottages/${adId}/orders/${orderId}/pay`, { token: owner.token, body: { amount: 150_000, source: 'card' } });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const secret = String(started.json.client_secret);
    expect(secret).toMatch(/^pi_[a-f0-9]{24}_secret_/);
    const pi = secret.split('_secret_')[0]!;
    const refused = await h.call('POST', `/api/sandbox/stripe/payment_intents/${pi}/confirm`, { body: card(CARDS.declined) });
    expect(refused.json).toMatchObject({ status: 'requires_payment_method', error: 'card_declined' });
    expect((await h.call('GET', `/api/cottages/${adId}/orders/${orderId}/status`, { token: owner.token })).json.payment_status).toBe('failed');
    const again = await h.call('POST', `/api/cottages/${adId}/orders/${orderId}/pay`, { token: owner.token, body: { amount: 150_000, source: 'card' } });
    expect(again.json.client_secret).toBe(secret);
    expect((await h.call('POST', `/api/sandbox/stripe/payment_intents/${pi}/confirm`, { body: card(CARDS.success) })).json.status).toBe('succeeded');
    const status = await h.call('GET', `/api/cottages/${adId}/orders/${orderId}/status`, { token: owner.token });
    expect(status.json.payment_status).toBe('paid');
    expect((await orderRow(orderId)).clientSecret).toBe(secret);
    expect((await h.call('GET', `/api/cottages/${adId}/orders/${orderId}/pay`, { token: owner.token })).json.client_secret).toBeNull();
  });
});

describe('the ad-orders job', () => {
  it('settles an order paid at Stripe that nobody came back for, and leaves an open one waiting', async () => {
    const { pollOpenOrders } = await import('@/marketplace/services/ad-orders');
    // No endpoint gets Stripe's events here: only the job can learn of the payment.
    await h.db.delete(h.schema.sandboxStripeObjects).where(eq(h.schema.sandboxStripeObjects.kind, 'webhook_endpoint'));
    const { owner, adId } = await hostWithCompleteAd(h);
    const paidId = (await order(h, owner.token, adId, [1])).json.id as number;
    const { sessionId } = await checkout(h, owner.token, adId, paidId);
    expect((await payCard(h, sessionId, CARDS.success)).json.outcome).toBe('redirect');
    const second = await hostWithCompleteAd(h);
    const openId = (await order(h, second.owner.token, second.adId, [1])).json.id as number;
    await checkout(h, second.owner.token, second.adId, openId);

    // Younger than a minute: the browser's return is left to answer first.
    await pollOpenOrders(h.db);
    expect((await orderRow(paidId)).status).toBe('pending');

    // A minute on, the job reads it back from Stripe. It takes open orders in turns; a shared test database may
    // hold other files' open orders, so this turn starts at these two.
    const turn = { name: 'ad-orders-open', after: paidId - 1 };
    await h.db
      .insert(h.schema.jobCursors)
      .values(turn)
      .onConflictDoUpdate({ target: h.schema.jobCursors.name, set: { after: turn.after } });
    const later = new Date(Date.now() + 2 * 60_000);
    expect((await pollOpenOrders(h.db, later)).paid).toBe(1);
    expect(await orderRow(paidId)).toMatchObject({ status: 'paid', source: 'stripe_checkout' });
    expect((await adRow(adId)).paidUntil).not.toBeNull();
    // Nothing was paid at Stripe for the other: it stays open, for the host to pay or for Checkout to expire.
    expect((await orderRow(openId)).status).toBe('pending');
  });
});

describe('the Stripe webhook', () => {
  it('refuses a bad, missing or old signature and changes nothing; acts once on a valid event however often it comes', async () => {
    const { owner, adId } = await hostWithCompleteAd(h);
    const orderId = (await order(h, owner.token, adId, [1])).json.id as number;
    const { sessionId } = await checkout(h, owner.token, adId, orderId);
    expect((await payCard(h, sessionId, CARDS.success)).json.outcome).toBe('redirect');
    const session = { id: sessionId, object: 'checkout.session', metadata: { order_id: String(orderId) } };

    const forged = await signedEvent('checkout.session.completed', session, { secret: 'whsec_someone_else' });
    expect((await postWebhook(forged.payload, forged.signature)).status).toBe(400);
    const unsigned = await signedEvent('checkout.session.completed', session);
    expect((await postWebhook(unsigned.payload, null)).status).toBe(400);
    const old = await signedEvent('checkout.session.completed', session, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await postWebhook(old.payload, old.signature)).status).toBe(400);
    const tampered = await signedEvent('checkout.session.completed', session);
    expect((await postWebhook(tampered.payload.replace(sessionId, 'cs_test_000000000000000000000000'), tampered.signature)).status).toBe(400);
    expect((await orderRow(orderId)).status).toBe('pending');

    // 20 deliveries of one event and 20 status polls at once: paid exactly once, the ad extended once.
    const event = await signedEvent('checkout.session.completed', session);
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => postWebhook(event.payload, event.signature)),
      ...Array.from({ length: 20 }, () => fetch(`${h.url}/api/cottages/${adId}/orders/${orderId}/status`, { headers: { authorization: `Bearer ${owner.token}` } })),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200));
    const paid = await orderRow(orderId);
    expect(paid.status).toBe('paid');
    expect((await adRow(adId)).paidUntil?.toISOString()).toBe(yearFromToday());
    const replay = await postWebhook(event.payload, event.signature);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    expect((await orderRow(orderId)).paidAt?.toISOString()).toBe(paid.paidAt?.toISOString());
    expect((await adRow(adId)).paidUntil?.toISOString()).toBe(yearFromToday());
  });

  it('an event that claims payment of an unpaid order changes nothing (the order is read back from Stripe)', async () => {
    const { owner, adId } = await hostWithCompleteAd(h);
    const orderId = (await order(h, owner.token, adId, [1])).json.id as number;
    const { sessionId } = await checkout(h, owner.token, adId, orderId);
    const lie = await signedEvent('checkout.session.completed', { id: sessionId, object: 'checkout.session', payment_status: 'paid', metadata: { order_id: String(orderId) } });
    expect((await postWebhook(lie.payload, lie.signature)).status).toBe(200);
    expect((await orderRow(orderId)).status).toBe('pending');
    expect((await adRow(adId)).paidUntil).toBeNull();
  });

  it('the emulation delivers its signed events to a registered endpoint: the order is paid with no return from the browser', async () => {
    const { registerStripeWebhook } = await import('@/marketplace/providers/stripe');
    await registerStripeWebhook(`${h.url}/api/stripe/webhook`);
    const { owner, adId } = await hostWithCompleteAd(h);
    const orderId = (await order(h, owner.token, adId, [1])).json.id as number;
    const { sessionId } = await checkout(h, owner.token, adId, orderId);
    expect((await payCard(h, sessionId, CARDS.success)).json.outcome).toBe('redirect');
    // Nobody asks for the status: the webhook alone settles it.
    await expect.poll(async () => (await orderRow(orderId)).status, { timeout: 10_000 }).toBe('paid');
    const events = await h.db.select().from(h.schema.stripeEvents);
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['checkout.session.completed', 'payment_intent.succeeded']));
  });
});
