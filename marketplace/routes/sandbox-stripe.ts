import 'server-only';
import { sandboxCardBody, sandboxSecureBody } from '@/lib/schemas/payment';
import { sandboxCheckoutDto, sandboxPaymentIntentDto, sandboxStripeCardResult } from '@/lib/schemas/orders';
import { sandboxRedirectDto } from '@/lib/schemas/booking-dto';
import type { Api } from '../http/api';
import { ApiError } from '../http/errors';
import { stripeMode } from '../providers/stripe';
import { authenticateCheckout, cancelCheckout, confirmPaymentIntent, payCheckout, sandboxCheckout } from '../providers/stripe-emulation';

/** The Stripe emulation's hosted pages (checkout, 3-D Secure) and Stripe.js's confirmation stand-in: only while the emulation is the provider. */
export function sandboxStripeRoutes(api: Api) {
  const sessionId = (params: Record<string, string>) => {
    if (stripeMode() !== 'sandbox') throw new ApiError(404, 'errors.badUrl');
    if (!/^cs_test_[a-f0-9]{24}$/.test(params.id ?? '')) throw new ApiError(404, 'errors.notFound');
    return params.id!;
  };
  const closed = () => new ApiError(400, 'sandbox.checkoutClosed');

  // GET /api/sandbox/stripe/checkout/:id — what the hosted checkout page shows
  api.route({ method: 'get', path: '/api/sandbox/stripe/checkout/:id', auth: 'none', tag: 'sandbox', summary: 'Sandbox Checkout Session', response: sandboxCheckoutDto }, async ({ params }) => {
    const s = await sandboxCheckout(sessionId(params));
    if (!s) throw new ApiError(404, 'errors.notFound');
    return s;
  });

  // POST /api/sandbox/stripe/checkout/:id/card — a Stripe test card: paid, 3-D Secure, or declined
  api.route(
    { method: 'post', path: '/api/sandbox/stripe/checkout/:id/card', auth: 'none', tag: 'sandbox', summary: 'Sandbox Checkout card', body: sandboxCardBody, response: sandboxStripeCardResult },
    async ({ params, body }) => (await payCheckout(sessionId(params), { number: body.card_number, expiry: body.expiry, cvc: body.cvc })) ?? Promise.reject(closed()),
  );

  // POST /api/sandbox/stripe/checkout/:id/secure — the 3-D Secure page's answer
  api.route(
    {
      method: 'post',
      path: '/api/sandbox/stripe/checkout/:id/secure',
      auth: 'none',
      tag: 'sandbox',
      summary: 'Sandbox Checkout 3-D Secure',
      body: sandboxSecureBody,
      response: sandboxStripeCardResult,
    },
    async ({ params, body }) => (await authenticateCheckout(sessionId(params), body.approve)) ?? Promise.reject(closed()),
  );

  // POST /api/sandbox/stripe/checkout/:id/cancel — back to the shop without paying
  api.route({ method: 'post', path: '/api/sandbox/stripe/checkout/:id/cancel', auth: 'none', tag: 'sandbox', summary: 'Sandbox Checkout cancel', response: sandboxRedirectDto }, async ({ params }) => {
    const redirect = await cancelCheckout(sessionId(params));
    if (!redirect) throw new ApiError(404, 'errors.notFound');
    return { redirect };
  });

  // POST /api/sandbox/stripe/payment_intents/:id/confirm — what Stripe.js does with a card in Elements (offline stand-in)
  api.route(
    {
      method: 'post',
      path: '/api/sandbox/stripe/payment_intents/:id/confirm',
      auth: 'none',
      tag: 'sandbox',
      summary: 'Sandbox PaymentIntent confirmation',
      body: sandboxCardBody,
      response: sandboxPaymentIntentDto,
    },
    async ({ params, body }) => {
      if (stripeMode() !== 'sandbox') throw new ApiError(404, 'errors.badUrl');
      if (!/^pi_[a-f0-9]{24}$/.test(params.id ?? '')) throw new ApiError(404, 'errors.notFound');
      const pi = await confirmPaymentIntent(params.id!, { number: body.card_number, expiry: body.expiry, cvc: body.cvc });
      if (!pi) throw closed();
      const error = (pi.last_payment_error as { code?: string } | null)?.code ?? null;
      return { id: String(pi.id), status: String(pi.status), error };
    },
  );
}
