import 'server-only';
import { createHmac, randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { getDb } from '../db/client';
import { sandboxStripeObjects } from '../db/schema';
import { log } from '../log';
import { localListener } from './local-listener';

// A local emulation of the part of Stripe's REST API (v1) that the ad payments call: Checkout
// Sessions (create, retrieve, expire), PaymentIntents (create, retrieve), refunds, events and webhook
// endpoints, idempotent by the Idempotency-Key header, with Stripe's error format. The `stripe` SDK
// is pointed at it by host/port/protocol (providers/stripe.ts), so the adapter under test is the
// production one. Its hosted checkout page (/sandbox/stripe/checkout/{id}) takes Stripe's test
// cards, and events go to the registered endpoints signed as Stripe signs them. Objects live in the
// database, so every instance answers for every object. Only with STUGA_SANDBOX=1.

export const STRIPE_SANDBOX_SECRET_KEY = 'sk_test_stuga_sandbox';
/** The emulation signs its webhooks with this endpoint secret (a sandbox has no secrets to keep). */
export const STRIPE_SANDBOX_WEBHOOK_SECRET = 'whsec_stuga_sandbox_0000000000000000';

type Json = Record<string, unknown>;
type Kind = 'checkout.session' | 'payment_intent' | 'refund' | 'event' | 'webhook_endpoint';

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding (`a[b][0][c]=v`) into nested objects and arrays. */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]!);
      const slot = (node as Record<string, unknown>)[segment];
      if (last) (node as Record<string, unknown>)[segment] = value;
      else node = (slot as Json) ?? ((node as Record<string, unknown>)[segment] = nextIsIndex ? [] : {});
    });
  }
  return root;
}

const stripeError = (c: Context, status: 400 | 402 | 404, error: { type: string; message: string; code?: string; param?: string; decline_code?: string }) => c.json({ error }, status);
const missing = (c: Context, id: string) => stripeError(c, 404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${id}'`, param: 'id' });

async function load(kind: Kind, id: string): Promise<Json | null> {
  const [row] = await (
    await getDb()
  )
    .select({ data: sandboxStripeObjects.data })
    .from(sandboxStripeObjects)
    .where(and(eq(sandboxStripeObjects.id, id), eq(sandboxStripeObjects.kind, kind)))
    .limit(1);
  return row?.data ?? null;
}

async function save(kind: Kind, data: Json, idempotencyKey: string | null = null): Promise<Json> {
  const db = await getDb();
  const id = String(data.id);
  if (idempotencyKey) {
    // The same key answers the object it made first, however many requests race.
    const [made] = await db.insert(sandboxStripeObjects).values({ id, kind, idempotencyKey, data }).onConflictDoNothing().returning({ data: sandboxStripeObjects.data });
    if (made) return made.data;
    const [first] = await db
      .select({ data: sandboxStripeObjects.data })
      .from(sandboxStripeObjects)
      .where(and(eq(sandboxStripeObjects.kind, kind), eq(sandboxStripeObjects.idempotencyKey, idempotencyKey)))
      .limit(1);
    return first!.data;
  }
  await db.insert(sandboxStripeObjects).values({ id, kind, data }).onConflictDoUpdate({ target: sandboxStripeObjects.id, set: { data } });
  return data;
}

const amountOf = (v: unknown) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : null);

function emulation() {
  const app = new Hono().basePath('/v1');
  app.use('*', async (c, next) => {
    if (c.req.header('authorization') !== `Bearer ${STRIPE_SANDBOX_SECRET_KEY}`) {
      return c.json({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } }, 401);
    }
    await next();
  });
  const form = async (c: Context) => parseStripeForm(await c.req.text());
  const key = (c: Context) => c.req.header('idempotency-key') ?? null;

  app.post('/checkout/sessions', async (c) => {
    const body = await form(c);
    if (body.mode !== 'payment') return stripeError(c, 400, { type: 'invalid_request_error', message: 'Only mode=payment is emulated.', param: 'mode' });
    if (typeof body.success_url !== 'string' || typeof body.cancel_url !== 'string')
      return stripeError(c, 400, { type: 'invalid_request_error', message: 'Missing required param: success_url.', param: 'success_url' });
    const items = Array.isArray(body.line_items) ? (body.line_items as Json[]) : [];
    const lines = items.map((item) => {
      const price = (item.price_data ?? {}) as Json;
      return { amount: amountOf(price.unit_amount), currency: price.currency, name: ((price.product_data ?? {}) as Json).name, quantity: amountOf(item.quantity ?? '1') };
    });
    if (!lines.length || lines.some((l) => l.amount === null || l.currency !== 'sek' || typeof l.name !== 'string' || !l.quantity)) {
      return stripeError(c, 400, { type: 'invalid_request_error', message: 'Invalid line_items: each needs price_data[currency]=sek, unit_amount and product_data[name].', param: 'line_items' });
    }
    const total = lines.reduce((sum, l) => sum + l.amount! * l.quantity!, 0);
    if (total <= 0) return stripeError(c, 400, { type: 'invalid_request_error', message: 'The Checkout Session total must be greater than 0.', param: 'line_items' });
    const id = newId('cs_test');
    const session: Json = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: total,
      currency: 'sek',
      client_reference_id: body.client_reference_id ?? null,
      customer_email: body.customer_email ?? null,
      locale: body.locale ?? 'auto',
      metadata: body.metadata ?? {},
      payment_intent: null,
      payment_intent_data: body.payment_intent_data ?? {},
      success_url: body.success_url,
      cancel_url: body.cancel_url,
      url: `/sandbox/stripe/checkout/${id}`,
      created: now(),
      expires_at: now() + 24 * 3600,
      livemode: false,
      line_items_emulated: lines,
    };
    return c.json(await save('checkout.session', session, key(c)));
  });
  app.get('/checkout/sessions/:id', async (c) => {
    const s = await load('checkout.session', c.req.param('id'));
    return s ? c.json(s) : missing(c, c.req.param('id'));
  });
  app.post('/checkout/sessions/:id/expire', async (c) => {
    const s = await load('checkout.session', c.req.param('id'));
    if (!s) return missing(c, c.req.param('id'));
    if (s.status !== 'open') return stripeError(c, 400, { type: 'invalid_request_error', message: `Only Checkout Sessions with a status in ["open"] can be expired.` });
    const expired = await save('checkout.session', { ...s, status: 'expired', url: null });
    await emit('checkout.session.expired', expired);
    return c.json(expired);
  });

  app.post('/payment_intents', async (c) => {
    const body = await form(c);
    const amount = amountOf(body.amount);
    if (amount === null || amount < 300) return stripeError(c, 400, { type: 'invalid_request_error', code: 'amount_too_small', message: 'Amount must be at least 3.00 kr.', param: 'amount' });
    if (body.currency !== 'sek') return stripeError(c, 400, { type: 'invalid_request_error', message: 'Only currency=sek is emulated.', param: 'currency' });
    const id = newId('pi');
    return c.json(await save('payment_intent', paymentIntent(id, amount, (body.metadata ?? {}) as Json), key(c)));
  });
  app.get('/payment_intents/:id', async (c) => {
    const pi = await load('payment_intent', c.req.param('id'));
    return pi ? c.json(pi) : missing(c, c.req.param('id'));
  });

  app.post('/refunds', async (c) => {
    const body = await form(c);
    const pi = typeof body.payment_intent === 'string' ? await load('payment_intent', body.payment_intent) : null;
    if (!pi || pi.status !== 'succeeded')
      return stripeError(c, 400, { type: 'invalid_request_error', code: 'charge_not_refundable', message: 'This PaymentIntent has no succeeded charge to refund.', param: 'payment_intent' });
    const amount = body.amount === undefined ? (pi.amount as number) : amountOf(body.amount);
    if (amount === null || amount <= 0 || amount > (pi.amount as number))
      return stripeError(c, 400, { type: 'invalid_request_error', code: 'amount_too_large', message: 'Refund amount is greater than the charge.', param: 'amount' });
    const refund = await save('refund', { id: newId('re'), object: 'refund', amount, currency: 'sek', payment_intent: pi.id, status: 'succeeded', created: now() }, key(c));
    return c.json(refund);
  });

  app.get('/events/:id', async (c) => {
    const e = await load('event', c.req.param('id'));
    return e ? c.json(e) : missing(c, c.req.param('id'));
  });

  app.post('/webhook_endpoints', async (c) => {
    const body = await form(c);
    if (typeof body.url !== 'string' || !/^https?:\/\//.test(body.url)) return stripeError(c, 400, { type: 'invalid_request_error', message: 'Invalid URL.', param: 'url' });
    // One endpoint per URL: registering again (every start) replaces it.
    const id = `we_${createHmac('sha256', 'stuga').update(body.url).digest('hex').slice(0, 24)}`;
    return c.json(
      await save('webhook_endpoint', {
        id,
        object: 'webhook_endpoint',
        url: body.url,
        enabled_events: body.enabled_events ?? ['*'],
        status: 'enabled',
        secret: STRIPE_SANDBOX_WEBHOOK_SECRET,
        created: now(),
      }),
    );
  });

  app.notFound((c) => stripeError(c, 404, { type: 'invalid_request_error', message: `Unrecognized request URL (${c.req.method}: ${c.req.path}).` }));
  app.onError((error, c) => {
    log.warn({ err: error }, 'stripe emulation failed');
    return c.json({ error: { type: 'api_error', message: 'An unknown error occurred.' } }, 500);
  });
  return app;
}

const paymentIntent = (id: string, amount: number, metadata: Json): Json => ({
  id,
  object: 'payment_intent',
  amount,
  amount_received: 0,
  currency: 'sek',
  status: 'requires_payment_method',
  client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
  metadata,
  last_payment_error: null,
  latest_charge: null,
  created: now(),
  livemode: false,
});

/** Stripe's signature header for a payload: `t=<seconds>,v1=<HMAC-SHA256 of "t.payload">`. */
export function stripeSignature(payload: string, secret: string, timestamp = now()): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;
}

/** Records an event and sends it, signed, to every registered endpoint that wants it (in the background, as Stripe does). */
async function emit(type: string, object: Json) {
  const event = await save('event', { id: newId('evt'), object: 'event', type, api_version: '2026-01-28', created: now(), livemode: false, data: { object }, pending_webhooks: 1 });
  const endpoints = await (
    await getDb()
  )
    .select({ data: sandboxStripeObjects.data })
    .from(sandboxStripeObjects)
    .where(eq(sandboxStripeObjects.kind, 'webhook_endpoint'))
    // The newest endpoints (a test database keeps those of finished runs too).
    .orderBy(desc(sandboxStripeObjects.createdAt))
    .limit(20);
  const payload = JSON.stringify(event);
  for (const { data } of endpoints) {
    const wanted = (data.enabled_events as string[] | undefined) ?? ['*'];
    if (!wanted.includes('*') && !wanted.includes(type)) continue;
    void fetch(String(data.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload, String(data.secret)) },
      body: payload,
      signal: AbortSignal.timeout(10_000),
    }).catch((error: unknown) => log.debug({ err: error }, 'stripe emulation: webhook not delivered'));
  }
  return event;
}

/** The emulation's base URL: a listener on a free local port of this process, started once. */
export const stripeEmulationUrl = localListener(emulation);

// ——— The hosted pages' actions (what the tester does on /sandbox/stripe/…) ———

export type SandboxCheckout = { id: string; status: string; amount: number; lines: { name: string; amount: number }[]; email: string | null; awaiting3ds: boolean; cancelUrl: string };

/** A Checkout Session as its hosted page shows it. */
export async function sandboxCheckout(id: string): Promise<SandboxCheckout | null> {
  const s = await load('checkout.session', id);
  if (!s) return null;
  const lines = ((s.line_items_emulated as { name: string; amount: number }[] | undefined) ?? []).map((l) => ({ name: l.name, amount: l.amount }));
  return {
    id,
    status: String(s.status),
    amount: Number(s.amount_total),
    lines,
    email: (s.customer_email as string | null) ?? null,
    awaiting3ds: Boolean(s.awaiting_3ds),
    cancelUrl: String(s.cancel_url),
  };
}

export type CardResult = { outcome: 'redirect'; url: string } | { outcome: 'three_d_secure' } | { outcome: 'declined'; code: string; message: string };

/** What a test card does (Stripe's test numbers): pays, asks for 3-D Secure, or is declined with Stripe's code and message. */
export function stripeTestCard(card: { number: string; expiry: string; cvc: string }, at: Date): { kind: 'success' } | { kind: 'secure' } | { kind: 'declined'; code: string; message: string } {
  const number = card.number.replace(/[\s-]/g, '');
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
  if (!/^\d{16}$/.test(number)) return { kind: 'declined', code: 'incorrect_number', message: 'Your card number is incorrect.' };
  if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12) return { kind: 'declined', code: 'invalid_expiry_month', message: "Your card's expiration date is incomplete." };
  const year = 2000 + Number(expiry[2]);
  if (year < at.getUTCFullYear() || (year === at.getUTCFullYear() && Number(expiry[1]) < at.getUTCMonth() + 1)) return { kind: 'declined', code: 'expired_card', message: 'Your card has expired.' };
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return { kind: 'declined', code: 'incorrect_cvc', message: "Your card's security code is incomplete." };
  if (number === '4242424242424242') return { kind: 'success' };
  if (number === '4000002760003184') return { kind: 'secure' };
  if (number === '4000000000009995') return { kind: 'declined', code: 'insufficient_funds', message: 'Your card has insufficient funds.' };
  if (number === '4000000000000002') return { kind: 'declined', code: 'card_declined', message: 'Your card was declined.' };
  return { kind: 'declined', code: 'card_declined', message: 'Your card was declined.' };
}

/** The session is paid: its PaymentIntent succeeds, the events go out, and the browser returns to success_url. */
async function completeSession(s: Json): Promise<CardResult> {
  const data = (s.payment_intent_data ?? {}) as Json;
  const pi = await save('payment_intent', {
    ...paymentIntent(newId('pi'), Number(s.amount_total), (data.metadata ?? s.metadata ?? {}) as Json),
    status: 'succeeded',
    amount_received: s.amount_total,
    latest_charge: newId('ch'),
  });
  const done = await save('checkout.session', { ...s, status: 'complete', payment_status: 'paid', payment_intent: pi.id, awaiting_3ds: false, url: null });
  await emit('payment_intent.succeeded', pi);
  await emit('checkout.session.completed', done);
  return { outcome: 'redirect', url: String(s.success_url).replace('{CHECKOUT_SESSION_ID}', String(s.id)) };
}

/** The hosted checkout page's Pay: a test card pays, asks for 3-D Secure, or is declined (the page stays open for another card). */
export async function payCheckout(id: string, card: { number: string; expiry: string; cvc: string }, at = new Date()): Promise<CardResult | null> {
  const s = await load('checkout.session', id);
  if (!s || s.status !== 'open') return null;
  const result = stripeTestCard(card, at);
  if (result.kind === 'declined') return { outcome: 'declined', code: result.code, message: result.message };
  if (result.kind === 'secure') {
    await save('checkout.session', { ...s, awaiting_3ds: true });
    return { outcome: 'three_d_secure' };
  }
  return completeSession(s);
}

/** The 3-D Secure page: the holder approves (paid) or fails it (declined; another card may be tried). */
export async function authenticateCheckout(id: string, approve: boolean): Promise<CardResult | null> {
  const s = await load('checkout.session', id);
  if (!s || s.status !== 'open' || !s.awaiting_3ds) return null;
  if (approve) return completeSession(s);
  await save('checkout.session', { ...s, awaiting_3ds: false });
  return { outcome: 'declined', code: 'payment_intent_authentication_failure', message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.' };
}

/** The page's back link: the browser returns to cancel_url and the session stays open (as on Stripe). */
export async function cancelCheckout(id: string): Promise<string | null> {
  const s = await load('checkout.session', id);
  return s ? String(s.cancel_url) : null;
}

/** Stripe Elements' confirmation of a PaymentIntent with a test card (what Stripe.js does in the browser; used by the API tests offline). */
export async function confirmPaymentIntent(id: string, card: { number: string; expiry: string; cvc: string }, at = new Date()): Promise<Json | null> {
  const pi = await load('payment_intent', id);
  if (!pi || pi.status === 'succeeded' || pi.status === 'canceled') return null;
  const result = stripeTestCard(card, at);
  if (result.kind === 'declined') {
    const failed = await save('payment_intent', { ...pi, status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: result.code, message: result.message } });
    await emit('payment_intent.payment_failed', failed);
    return failed;
  }
  const paid = await save('payment_intent', { ...pi, status: 'succeeded', amount_received: pi.amount, last_payment_error: null, latest_charge: newId('ch') });
  await emit('payment_intent.succeeded', paid);
  return paid;
}
