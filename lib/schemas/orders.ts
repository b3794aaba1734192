// SPEC §3 "Order (receipt)", §7 ad payments and receipts: what the order endpoints take and answer.
import * as z from 'zod/mini';
import { isDay } from '../rules/dates';
import { RECEIPT_TYPES } from '../rules/products';
import { idAnswer, idNumber, instant, safeString } from './common';

const ore = z.int().check(z.nonnegative());
export const ORDER_STATUSES = ['created', 'pending', 'paid', 'failed', 'expired'] as const;
export const ORDER_SOURCES = ['stripe_checkout', 'card', 'zero', 'invoice', 'mangopay'] as const;
/** SPEC §9 receipts orders: id DESC (newest first, the default), id ASC, amount DESC, amount ASC. */
export const RECEIPT_ORDERS = ['id_desc', 'id_asc', 'amount_desc', 'amount_asc'] as const;
export type ReceiptOrder = (typeof RECEIPT_ORDERS)[number];

// ——— Products ———

export const productDto = z.object({
  id: idAnswer,
  name: safeString(),
  price: ore,
  /** null: a package; 'ranking' or 'translation': an add-on. */
  type: z.nullable(z.enum(['ranking', 'translation'])),
  months: z.nullable(z.int()),
});
export type ProductDto = z.infer<typeof productDto>;

/** GET /api/cottages/{id}/products: the catalogue, and how this server takes card payments. */
export const productsAnswer = z.object({
  results: z.array(productDto),
  /** true: the hosted Stripe Checkout; false: card details in Stripe Elements with the publishable key. */
  checkout: z.boolean(),
  publishable_key: z.nullable(safeString()),
  invoice: z.boolean(),
});
export type ProductsAnswer = z.infer<typeof productsAnswer>;

// ——— Orders ———

const productIds = z.array(idNumber).check(z.maxLength(10, 'errors.form'));
const box = z.optional(z.boolean());

/** POST /api/cottages/{id}/orders: the products; the terms dialog's three boxes when the ad has not been sent for review yet. */
export const createOrderBody = z.object({ productIds, general_conditions: box, booking_terms: box, no_contact_outside: box });
export type CreateOrderBody = z.infer<typeof createOrderBody>;
/** PUT /api/cottages/{id}/orders/{oid}: other products for an order not yet sent to payment. */
export const updateOrderBody = z.object({ productIds });
/** POST /api/cottages/{id}/orders/{oid}/pay: the amount the page showed, and how it pays ('zero' for a free order, 'card' for Stripe Elements). */
export const payOrderBody = z.object({ amount: z.int().check(z.nonnegative(), z.maximum(100_000_000)), source: z.enum(['zero', 'card'], { error: 'errors.form' }) });

export const orderLineDto = z.object({ id: idAnswer, name: safeString(), price: ore, type: z.nullable(safeString()) });

export const orderDto = z.object({
  id: idAnswer,
  type: z.enum(RECEIPT_TYPES),
  amount: ore,
  created_at: instant,
  paid_at: z.nullable(instant),
  payment_status: z.enum(ORDER_STATUSES),
  source: z.nullable(z.enum(ORDER_SOURCES)),
  client_secret: z.nullable(safeString()),
  booking_id: z.nullable(idAnswer),
  cottage_id: z.nullable(idAnswer),
  cottage_title: z.nullable(safeString()),
  products: z.array(orderLineDto),
  /** Why booking money moved: a stay's payout, the rent kept after a cancellation (issue 11 §3), a cancel's refund, a payment that could not book. */
  purpose: z.nullable(z.enum(['STAY', 'RETAINED', 'CANCEL', 'UNBOOKABLE'])),
  /** SPEC §9 VAT, when this receipt shows it: 25 %, tax = amount − amount/1.25. */
  tax: z.nullable(z.object({ rate: z.int(), tax: ore, net: ore })),
});
export type OrderDto = z.infer<typeof orderDto>;

/** GET /api/cottages/{id}/orders/{oid}/status: polled after the return from payment (SPEC §4). */
export const orderStatusDto = z.object({ paid_at: z.nullable(instant), payment_status: z.enum(ORDER_STATUSES) });
/** POST /api/cottages/{id}/orders/{oid}/checkout: the Checkout Session to send the browser to. */
export const checkoutAnswer = z.object({ sessionId: safeString(), url: safeString() });
/** POST /api/stripe/webhook */
export const webhookAnswer = z.object({ received: z.boolean(), duplicate: z.optional(z.boolean()) });

// ——— Receipts ———

const flag = z.optional(z.enum(['1', 'true'], { error: 'errors.badUrl' }));
const dayParam = z.optional(safeString().check(z.refine((v) => v === '' || isDay(v), 'errors.badUrl')));

/** GET /api/user/orders (SPEC §7): limit 10, offset, order, a type flag (lowercase type = 1), paid_at_from, paid_at_to. */
export const receiptListQuery = z.object({
  limit: z.optional(safeString().check(z.regex(/^\d{1,2}$/, 'errors.badUrl'))),
  offset: z.optional(safeString().check(z.regex(/^\d{1,7}$/, 'errors.badUrl'))),
  order: z.optional(z.enum(RECEIPT_ORDERS, { error: 'errors.badUrl' })),
  paid_at_from: dayParam,
  paid_at_to: dayParam,
  payin: flag,
  payout: flag,
  refund: flag,
  payment: flag,
  fee: flag,
});
export type ReceiptListQuery = z.infer<typeof receiptListQuery>;

export const receiptPage = z.object({ results: z.array(orderDto), nextPage: z.nullable(safeString()) });
export type ReceiptPage = z.infer<typeof receiptPage>;

const party = z.object({ name: safeString(), lines: z.array(safeString()), org_number: z.nullable(safeString()), vat_number: z.nullable(safeString()) });

/** GET /api/user/orders/{id}: one receipt, printable: who sold, who paid, what, and the stay it belongs to. */
export const receiptDto = z.object({
  ...orderDto.shape,
  seller: party,
  buyer: party,
  stay: z.nullable(z.object({ check_in: z.iso.date(), check_out: z.iso.date() })),
});
export type ReceiptDto = z.infer<typeof receiptDto>;

// ——— The Stripe sandbox's hosted pages (STUGA_SANDBOX=1) ———

export const sandboxCheckoutDto = z.object({
  id: safeString(),
  status: safeString(),
  amount: ore,
  lines: z.array(z.object({ name: safeString(), amount: ore })),
  email: z.nullable(safeString()),
  awaiting3ds: z.boolean(),
  cancelUrl: safeString(),
});
export type SandboxCheckout = z.infer<typeof sandboxCheckoutDto>;
export const sandboxStripeCardResult = z.union([
  z.object({ outcome: z.literal('redirect'), url: safeString() }),
  z.object({ outcome: z.literal('three_d_secure') }),
  z.object({ outcome: z.literal('declined'), code: safeString(), message: safeString() }),
]);
export type SandboxStripeCardResult = z.infer<typeof sandboxStripeCardResult>;
export const sandboxPaymentIntentDto = z.object({ id: safeString(), status: safeString(), error: z.nullable(safeString()) });
