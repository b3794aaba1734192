import 'server-only';
import {
  checkoutAnswer,
  createOrderBody,
  orderDto,
  orderStatusDto,
  payOrderBody,
  productsAnswer,
  receiptDto,
  receiptListQuery,
  receiptPage,
  updateOrderBody,
  webhookAnswer,
} from '@/lib/schemas/orders';
import { rawBody, type Api } from '../http/api';
import { ApiError } from '../http/errors';
import { readBodyLimited } from '../http/request';
import { checkoutOrder, createOrder, listProducts, orderOf, orderStatus, payOrder, receiveStripeWebhook, updateOrder } from '../services/ad-orders';
import { listReceipts, orderDtoOf, receipt } from '../services/receipts';
import { idOf, owned } from './cottages';

/** Stripe's events are small; anything bigger is not from Stripe. */
const WEBHOOK_MAX_BYTES = 512 * 1024;

/** SPEC §7 the ad's products, orders and payment (Stripe), the Stripe webhook, and the user's receipts. */
export function orderRoutes(api: Api) {
  // GET /api/cottages/:id/products — the packages and add-ons, and how cards are paid here
  api.route({ method: 'get', path: '/api/cottages/:id/products', auth: 'user', tag: 'orders', summary: 'Ad products', response: productsAnswer }, async ({ db, user, params, locale }) => {
    await owned(db, user, params);
    return listProducts(locale);
  });

  // POST /api/cottages/:id/orders — an order of the chosen products
  api.route(
    { method: 'post', path: '/api/cottages/:id/orders', auth: 'user', tag: 'orders', summary: 'Order products for an ad', body: createOrderBody, response: orderDto },
    async ({ db, user, params, body, locale }) => createOrder(db, user, await owned(db, user, params), body, locale),
  );

  // PUT /api/cottages/:id/orders/:oid — other products, before payment
  api.route(
    { method: 'put', path: '/api/cottages/:id/orders/:oid', auth: 'user', tag: 'orders', summary: "Change an order's products", body: updateOrderBody, response: orderDto },
    async ({ db, user, params, body, locale }) => {
      const row = await owned(db, user, params);
      return updateOrder(db, row, await orderOf(db, user, row, idOf(params, 'oid')), body.productIds, locale);
    },
  );

  // GET /api/cottages/:id/orders/:oid/status — polled after the return from payment; reads Stripe back
  api.route({ method: 'get', path: '/api/cottages/:id/orders/:oid/status', auth: 'user', tag: 'orders', summary: 'Order payment status', response: orderStatusDto }, async ({ db, user, params }) => {
    const row = await owned(db, user, params);
    return orderStatus(db, await orderOf(db, user, row, idOf(params, 'oid')));
  });

  // GET /api/cottages/:id/orders/:oid/pay — the order (with the PaymentIntent's client secret while unpaid)
  api.route({ method: 'get', path: '/api/cottages/:id/orders/:oid/pay', auth: 'user', tag: 'orders', summary: 'An order', response: orderDto }, async ({ db, user, params, locale }) => {
    const row = await owned(db, user, params);
    return orderDtoOf(await orderOf(db, user, row, idOf(params, 'oid')), row.titleSv, locale);
  });

  // POST /api/cottages/:id/orders/:oid/pay — a free order is paid at once; a card order gets its PaymentIntent
  api.route(
    { method: 'post', path: '/api/cottages/:id/orders/:oid/pay', auth: 'user', tag: 'orders', summary: 'Pay an order', body: payOrderBody, response: orderDto },
    async ({ db, user, params, body, locale }) => {
      const row = await owned(db, user, params);
      return payOrder(db, row, await orderOf(db, user, row, idOf(params, 'oid')), body, locale);
    },
  );

  // POST /api/cottages/:id/orders/:oid/invoice — invoices are off (SPEC §4: a constant-off flag)
  api.route(
    { method: 'post', path: '/api/cottages/:id/orders/:oid/invoice', auth: 'user', tag: 'orders', summary: 'Pay by invoice (not available)', response: orderDto },
    async ({ db, user, params }) => {
      const row = await owned(db, user, params);
      await orderOf(db, user, row, idOf(params, 'oid'));
      throw new ApiError(400, 'order.invoiceUnavailable');
    },
  );

  // POST /api/cottages/:id/orders/:oid/checkout — the Stripe Checkout Session to send the browser to
  api.route(
    { method: 'post', path: '/api/cottages/:id/orders/:oid/checkout', auth: 'user', tag: 'orders', summary: 'Start Stripe Checkout', response: checkoutAnswer },
    async ({ db, user, params, locale }) => {
      const row = await owned(db, user, params);
      return checkoutOrder(db, user, row, await orderOf(db, user, row, idOf(params, 'oid')), locale);
    },
  );

  // POST /api/stripe/webhook — Stripe's signed events (the signature is checked on the raw body)
  api.route(
    {
      method: 'post',
      path: '/api/stripe/webhook',
      auth: 'none',
      tag: 'orders',
      summary: 'Stripe webhook',
      body: rawBody('application/json', 'A Stripe event, signed in the Stripe-Signature header'),
      response: webhookAnswer,
    },
    async ({ db, c }) => {
      const bytes = await readBodyLimited(c, WEBHOOK_MAX_BYTES);
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        throw new ApiError(400, 'order.badSignature');
      }
      return receiveStripeWebhook(db, text, c.req.header('stripe-signature'));
    },
  );

  // GET /api/user/orders — my receipts (SPEC §7: limit 10, offset, order, type flags, paid_at_from/to)
  api.route({ method: 'get', path: '/api/user/orders', auth: 'user', tag: 'orders', summary: 'My receipts', query: receiptListQuery, response: receiptPage }, async ({ db, user, query, locale }) =>
    listReceipts(db, user, query, locale),
  );

  // GET /api/user/orders/:id — one of my receipts
  api.route({ method: 'get', path: '/api/user/orders/:id', auth: 'user', tag: 'orders', summary: 'A receipt', response: receiptDto }, async ({ db, user, params, locale }) =>
    receipt(db, user, idOf(params), locale),
  );
}
