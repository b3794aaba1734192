// Shared by the generated security suites (authz-matrix.test.ts, fuzz.test.ts) for the ad order routes
// (issue 16): the world's host gets a complete fixed-price ad with one order per purpose, so that
// each route meets an order in the state it acts on (a state-spending call gets one of its own), and
// the Stripe sandbox's hosted pages get Checkout Sessions and a PaymentIntent of their own.
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createCottage, fillAd, setCottage } from './cottages-support';
import type { Harness } from './harness';
import { CARDS, checkout, order, payCard } from './orders-support';
import type { Actor } from './security-support';

/** A Checkout Session id that has the emulation's shape and exists nowhere. */
export const NO_SUCH_SESSION = `cs_test_${'0'.repeat(24)}`;
/** A PaymentIntent id that has the emulation's shape and exists nowhere. */
export const NO_SUCH_INTENT = `pi_${'0'.repeat(24)}`;

export async function createOrderWorld(h: Harness, owner: Actor) {
  const ad = await createCottage(h, owner.token, { commission: false });
  await fillAd(h, owner.token, ad.id);
  await setCottage(h, ad.id, { verifiedAt: new Date(), verifiedBy: 'BANKID' });
  const made = async (productIds: number[]) => {
    const r = await order(h, owner.token, ad.id, productIds);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return r.json.id as number;
  };
  const payByCard = async (orderId: number, amount: number) => {
    const r = await h.call('POST', `/api/cottages/${ad.id}/orders/${orderId}/pay`, { token: owner.token, body: { amount, source: 'card' } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return String(r.json.client_secret).split('_secret_')[0]!;
  };

  // Not yet sent to payment: its products may change.
  const orderToEdit = await made([10, 5]);
  // Read (status, the order) by the host, left as it is.
  const orderToRead = await made([10, 6]);
  // Sent to payment by card (a PaymentIntent), and to Checkout.
  const orderToPay = await made([10, 5]);
  const orderToCheckout = await made([10, 6]);
  // A receipt: an order gone to payment (pending) is the host's receipt.
  const receiptOrder = await made([10, 7]);
  await payByCard(receiptOrder, 49_500);
  // Checkout Sessions for the hosted pages: one to read and leave, one to pay on, one waiting for 3-D Secure.
  const sessionToRead = (await checkout(h, owner.token, ad.id, await made([10, 8]))).sessionId;
  const sessionToPay = (await checkout(h, owner.token, ad.id, await made([10, 9]))).sessionId;
  const sessionIn3ds = (await checkout(h, owner.token, ad.id, await made([10, 9, 6]))).sessionId;
  expect((await payCard(h, sessionIn3ds, CARDS.secure)).json).toEqual({ outcome: 'three_d_secure' });
  // A PaymentIntent for Stripe.js's confirmation stand-in.
  const intentToConfirm = await payByCard(await made([10, 8, 7]), 49_500 + 49_500);

  return { adId: ad.id, orderToEdit, orderToRead, orderToPay, orderToCheckout, receiptOrder, sessionToRead, sessionToPay, sessionIn3ds, intentToConfirm };
}

export type OrderWorld = Awaited<ReturnType<typeof createOrderWorld>>;

/** Everything stored about the order world's ad and its orders, to show that a refused call changed nothing. */
export async function orderSnapshot(h: Harness, o: OrderWorld) {
  const s = h.schema;
  return {
    cottage: await h.db.select().from(s.cottages).where(eq(s.cottages.id, o.adId)),
    orders: await h.db.select().from(s.orders).where(eq(s.orders.cottageId, o.adId)).orderBy(asc(s.orders.id)),
  };
}
