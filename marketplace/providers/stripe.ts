import 'server-only';
import Stripe from 'stripe';
import { config } from '../config';
import { log } from '../log';
import { STRIPE_SANDBOX_SECRET_KEY, STRIPE_SANDBOX_WEBHOOK_SECRET, stripeEmulationUrl } from './stripe-emulation';

// Stripe for ad payments (SPEC §4 "Payment flow (ad)", issue 16): Checkout Sessions, PaymentIntents
// and signed webhooks through the official `stripe` SDK. With STRIPE_SECRET_KEY it talks to Stripe;
// with STUGA_SANDBOX=1 and no key the same SDK is pointed (host/port/protocol) at the local
// emulation of Stripe's API (providers/stripe-emulation.ts). Otherwise Stripe is not configured.

export type StripeMode = 'stripe' | 'sandbox' | 'none';
export const stripeMode = (): StripeMode => (config.stripe ? 'stripe' : config.sandbox ? 'sandbox' : 'none');

let client: Promise<Stripe> | null = null;

/** The SDK client, or null when Stripe is not configured. */
export function stripeClient(): Promise<Stripe> | null {
  const mode = stripeMode();
  if (mode === 'none') return null;
  client ??= (async () => {
    if (mode === 'stripe') return new Stripe(config.stripe!.secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
    const url = new URL(await stripeEmulationUrl());
    return new Stripe(STRIPE_SANDBOX_SECRET_KEY, { host: url.hostname, port: Number(url.port), protocol: 'http', maxNetworkRetries: 2, timeout: 10_000, telemetry: false });
  })();
  client.catch(() => (client = null));
  return client;
}

/** The secret the webhook's signature is checked with (Stripe's endpoint secret; the emulation's own in the sandbox). */
export const stripeWebhookSecret = (): string | null => (config.stripe ? config.stripe.webhookSecret : config.sandbox ? STRIPE_SANDBOX_WEBHOOK_SECRET : null);

/**
 * Which card path the payment page takes (SPEC §4): the hosted Checkout with the flag
 * ENABLE_STRIPE_CHECKOUT, or when Stripe.js cannot be loaded (the offline sandbox has no
 * publishable key); otherwise card details in Stripe Elements with the PaymentIntent's client secret.
 */
export function stripeCheckoutPath(): boolean {
  return config.flags.ENABLE_STRIPE_CHECKOUT || !config.stripe?.publishableKey;
}

export const stripePublishableKey = () => config.stripe?.publishableKey ?? null;

export type CheckoutLine = { name: string; amount: number };

export async function createCheckoutSession(
  stripe: Stripe,
  input: { orderId: number; cottageId: number; lines: CheckoutLine[]; email: string; locale: 'sv' | 'en'; successUrl: string; cancelUrl: string; idempotencyKey: string },
) {
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: input.lines.map((l) => ({ quantity: 1, price_data: { currency: 'sek', unit_amount: l.amount, product_data: { name: l.name } } })),
      customer_email: input.email,
      locale: input.locale,
      client_reference_id: String(input.orderId),
      metadata: { order_id: String(input.orderId), cottage_id: String(input.cottageId) },
      payment_intent_data: { metadata: { order_id: String(input.orderId), cottage_id: String(input.cottageId) } },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    },
    { idempotencyKey: input.idempotencyKey },
  );
  if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL');
  return { id: session.id, url: session.url };
}

export async function createPaymentIntent(stripe: Stripe, input: { orderId: number; cottageId: number; amount: number; idempotencyKey: string }) {
  const intent = await stripe.paymentIntents.create(
    { amount: input.amount, currency: 'sek', automatic_payment_methods: { enabled: true }, metadata: { order_id: String(input.orderId), cottage_id: String(input.cottageId) } },
    { idempotencyKey: input.idempotencyKey },
  );
  return { id: intent.id, clientSecret: intent.client_secret! };
}

export type RemotePayment = { status: 'paid' | 'open' | 'failed' | 'expired'; amount: number; paymentIntentId: string | null; orderId: string | null };

/** A Checkout Session as our order sees it: paid, still open, or expired. */
export async function readCheckoutSession(stripe: Stripe, id: string): Promise<RemotePayment> {
  const s = await stripe.checkout.sessions.retrieve(id);
  const paymentIntentId = typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null);
  const status = s.payment_status === 'paid' || s.payment_status === 'no_payment_required' ? 'paid' : s.status === 'expired' ? 'expired' : 'open';
  return { status, amount: s.amount_total ?? 0, paymentIntentId, orderId: s.metadata?.order_id ?? null };
}

/** A PaymentIntent as our order sees it: succeeded, failed (a refused card, the guest may try again), or still open. */
export async function readPaymentIntent(stripe: Stripe, id: string): Promise<RemotePayment> {
  const pi = await stripe.paymentIntents.retrieve(id);
  const status = pi.status === 'succeeded' ? 'paid' : pi.status === 'canceled' ? 'expired' : pi.last_payment_error && pi.status === 'requires_payment_method' ? 'failed' : 'open';
  return { status, amount: pi.amount_received || pi.amount, paymentIntentId: pi.id, orderId: pi.metadata?.order_id ?? null };
}

/** Verifies a webhook's signature and age (Stripe's default tolerance, 5 minutes) and parses it; throws on a bad or old signature. */
export function verifyWebhook(stripe: Stripe, payload: string, signature: string, secret: string): Stripe.Event {
  return stripe.webhooks.constructEvent(payload, signature, secret);
}

export function logStripeFailure(error: unknown, what: string) {
  log.warn({ err: error instanceof Error ? error.message : String(error) }, `stripe: ${what} failed`);
}

/** Registers a webhook endpoint through Stripe's API (the sandbox app does so at start; with Stripe, set it up in the dashboard). */
export async function registerStripeWebhook(url: string) {
  const client = stripeClient();
  if (!client) return;
  await (await client).webhookEndpoints.create({ url, enabled_events: ['checkout.session.completed', 'checkout.session.expired', 'payment_intent.succeeded', 'payment_intent.payment_failed'] });
}
