// Ad orders over HTTP: a host with a complete fixed-price ad, and the Stripe sandbox's hosted pages.
import { expect } from 'vitest';
import type { Harness } from './harness';
import { createCottage, fillAd, host, setCottage, TERMS_TICKED } from './cottages-support';

export const CARDS = { success: '4242 4242 4242 4242', secure: '4000 0027 6000 3184', declined: '4000 0000 0000 0002', insufficient: '4000 0000 0000 9995' } as const;
export const card = (number: string) => ({ card_number: number, expiry: '12/34', cvc: '123' });

/** A host whose new fixed-price ad is complete (verified) and not yet paid or sent for review. */
export async function hostWithCompleteAd(h: Harness) {
  const owner = await host(h);
  const created = await createCottage(h, owner.token, { commission: false });
  await fillAd(h, owner.token, created.id);
  await setCottage(h, created.id, { verifiedAt: new Date(), verifiedBy: 'BANKID' });
  return { owner, adId: created.id };
}

export async function order(h: Harness, token: string, adId: number, productIds: number[], terms = true) {
  return h.call('POST', `/api/cottages/${adId}/orders`, { token, body: { productIds, ...(terms ? TERMS_TICKED : {}) } });
}

/** Starts Checkout for an order and answers the session id. */
export async function checkout(h: Harness, token: string, adId: number, orderId: number) {
  const started = await h.call('POST', `/api/cottages/${adId}/orders/${orderId}/checkout`, { token });
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  return started.json as { sessionId: string; url: string };
}

/** The hosted checkout page's Pay with a card. */
export const payCard = (h: Harness, sessionId: string, number: string) => h.call('POST', `/api/sandbox/stripe/checkout/${sessionId}/card`, { body: card(number) });
