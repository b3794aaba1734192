import 'server-only';
import { and, asc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { AD_TERMS } from '@/lib/rules/ad';
import { afterOrderPaid, orderTotal, PRODUCTS, productById, selectionError } from '@/lib/rules/products';
import type { CreateOrderBody } from '@/lib/schemas/orders';
import { config } from '../config';
import type { Db } from '../db/client';
import { inTurns } from '../db/cursors';
import { cottages, orders, stripeEvents, users, type OrderLine, type OrderStatus } from '../db/schema';
import type { SessionUser } from '../http/context';
import { ApiError, notConfigured, notFound } from '../http/errors';
import { log } from '../log';
import {
  createCheckoutSession,
  createPaymentIntent,
  logStripeFailure,
  readCheckoutSession,
  readPaymentIntent,
  stripeCheckoutPath,
  stripeClient,
  stripePublishableKey,
  stripeWebhookSecret,
  verifyWebhook,
  type RemotePayment,
} from '../providers/stripe';
import { cottageDto, type CottageRow } from './cottages';
import { orderDtoOf } from './receipts';

// SPEC §4 "Payment flow (ad)", §7 the cottage product/order/pay/checkout/status calls: a host orders
// products for an ad and pays them through Stripe (hosted Checkout, or Elements with a
// PaymentIntent). An order becomes paid exactly once, from what Stripe says when read back (the
// return's status poll, the webhook and the poll all land in settleOrder), and its ad is then paid
// until the package's end and sent for review.

type OrderRow = typeof orders.$inferSelect;

/** GET /api/cottages/{id}/products */
export function listProducts(locale: 'sv' | 'en') {
  return {
    results: PRODUCTS.map((p) => ({ id: p.id, name: p.name[locale], price: p.price, type: p.type, months: p.months })),
    checkout: stripeCheckoutPath(),
    publishable_key: stripeCheckoutPath() ? null : stripePublishableKey(),
    invoice: false,
  };
}

const stripe = () => {
  const client = stripeClient();
  if (!client) throw notConfigured();
  return client;
};

const paidUntilActive = (row: CottageRow, now: Date) => row.paidUntil !== null && row.paidUntil > now;

function linesOf(ids: readonly number[]): OrderLine[] {
  return ids.map((id) => {
    const p = productById(id)!;
    return { id: p.id, name_en: p.name.en, name_sv: p.name.sv, price: p.price, type: p.type };
  });
}

async function checkSelection(db: Db, row: CottageRow, ids: readonly number[], now: Date) {
  if (row.commission === true) throw new ApiError(400, 'order.commissionAd');
  const dto = await cottageDto(db, row);
  if (!dto.complete) throw new ApiError(400, 'cottage.notComplete');
  const error = selectionError(ids, paidUntilActive(row, now));
  if (error) throw new ApiError(400, error);
}

/** POST /api/cottages/{id}/orders: an order of the chosen products (the terms ticked if the ad has not gone to review yet). */
export async function createOrder(db: Db, actor: SessionUser, row: CottageRow, body: CreateOrderBody, locale: 'sv' | 'en', now = new Date()) {
  await checkSelection(db, row, body.productIds, now);
  if (!row.termsAcceptedAt && !row.askedForReviewAt && !row.reviewedAt && !AD_TERMS.every((box) => body[box] === true)) throw new ApiError(400, 'cottage.termsRequired');
  const [order] = await db
    .insert(orders)
    .values({ userId: actor.id, type: 'PAYMENT', amount: orderTotal(body.productIds), status: 'created', products: linesOf(body.productIds), cottageId: row.id, createdAt: now })
    .returning();
  if (!row.termsAcceptedAt && AD_TERMS.every((box) => body[box] === true)) await db.update(cottages).set({ termsAcceptedAt: now }).where(eq(cottages.id, row.id));
  return orderDtoOf(order!, row.titleSv, locale);
}

/** The ad's order (404 for another ad's or another user's). */
export async function orderOf(db: Db, actor: SessionUser, row: CottageRow, orderId: number): Promise<OrderRow> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.cottageId, row.id), eq(orders.userId, actor.id), eq(orders.type, 'PAYMENT')))
    .limit(1);
  if (!order) throw notFound();
  return order;
}

/** PUT /api/cottages/{id}/orders/{oid}: other products, while the order has not gone to payment. */
export async function updateOrder(db: Db, row: CottageRow, order: OrderRow, ids: number[], locale: 'sv' | 'en', now = new Date()) {
  await checkSelection(db, row, ids, now);
  const [updated] = await db
    .update(orders)
    .set({ products: linesOf(ids), amount: orderTotal(ids) })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'created')))
    .returning();
  if (!updated) throw new ApiError(400, 'order.locked');
  return orderDtoOf(updated, row.titleSv, locale);
}

/** POST /api/cottages/{id}/orders/{oid}/pay: a free order is paid at once ('zero'); a card order gets its PaymentIntent (Elements). */
export async function payOrder(db: Db, row: CottageRow, order: OrderRow, body: { amount: number; source: 'zero' | 'card' }, locale: 'sv' | 'en', now = new Date()) {
  if (order.status === 'paid') return orderDtoOf(order, row.titleSv, locale);
  if (body.amount !== order.amount) throw new ApiError(400, 'order.amountChanged');
  if (body.source === 'zero') {
    if (order.amount !== 0) throw new ApiError(400, 'order.notFree');
    await markPaid(db, order.id, 'zero', now);
  } else {
    if (order.amount === 0) throw new ApiError(400, 'order.free');
    if (!order.stripePaymentIntentId) {
      const intent = await createPaymentIntent(await stripe(), { orderId: order.id, cottageId: row.id, amount: order.amount, idempotencyKey: `stuga-order-${order.id}-pi` }).catch(providerFailed);
      await db
        .update(orders)
        .set({ stripePaymentIntentId: intent.id, clientSecret: intent.clientSecret, source: 'card', status: 'pending' })
        .where(and(eq(orders.id, order.id), inArray(orders.status, ['created', 'pending', 'failed'])));
    }
  }
  const [after] = await db.select().from(orders).where(eq(orders.id, order.id)).limit(1);
  return orderDtoOf(after!, row.titleSv, locale);
}

function providerFailed(error: unknown): never {
  logStripeFailure(error, 'a call');
  throw new ApiError(503, 'order.providerFailed');
}

/** POST /api/cottages/{id}/orders/{oid}/checkout: the hosted Checkout Session for the order (its open one again, or a new one). */
export async function checkoutOrder(db: Db, actor: SessionUser, row: CottageRow, order: OrderRow, locale: 'sv' | 'en') {
  if (order.status === 'paid') throw new ApiError(400, 'order.alreadyPaid');
  if (order.amount === 0) throw new ApiError(400, 'order.free');
  const client = await stripe();
  if (order.stripeSessionId) {
    const open = await client.checkout.sessions.retrieve(order.stripeSessionId).catch(providerFailed);
    if (open.status === 'open' && open.url) return { sessionId: open.id, url: open.url };
  }
  const [user] = await db.select({ username: users.username }).from(users).where(eq(users.id, actor.id)).limit(1);
  const back = `${config.publicUrl}/dashboard/cottages/${row.id}/payment?orderId=${order.id}&source=stripe_checkout`;
  const lines = (order.products as OrderLine[]).filter((l) => l.price > 0).map((l) => ({ name: locale === 'sv' ? l.name_sv : l.name_en, amount: l.price }));
  const session = await createCheckoutSession(client, {
    orderId: order.id,
    cottageId: row.id,
    lines,
    email: user!.username,
    locale,
    successUrl: `${back}&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${back}&checkout=cancel`,
    // Two clicks at once, or a retry, reuse the same session; after an expired one, a new one.
    idempotencyKey: `stuga-order-${order.id}-checkout-${order.stripeSessionId ?? 'first'}`,
  }).catch(providerFailed);
  await db
    .update(orders)
    .set({ stripeSessionId: session.id, source: 'stripe_checkout', status: 'pending' })
    .where(and(eq(orders.id, order.id), sql`${orders.status} <> 'paid'`));
  return { sessionId: session.id, url: session.url };
}

/**
 * Stripe's word on an order: read back from Stripe (never from the browser or the webhook's body)
 * and recorded once. Paid → markPaid; a refused card → failed (the host may pay again); an
 * expired session → expired.
 */
export async function settleOrder(db: Db, order: OrderRow, now = new Date()): Promise<OrderRow> {
  if (order.status === 'paid' || (!order.stripeSessionId && !order.stripePaymentIntentId)) return order;
  const client = stripeClient();
  if (!client) return order;
  let remote: RemotePayment;
  try {
    remote = order.stripeSessionId ? await readCheckoutSession(await client, order.stripeSessionId) : await readPaymentIntent(await client, order.stripePaymentIntentId!);
  } catch (error) {
    // Stripe unreachable: the order stays as it is and the next poll asks again.
    logStripeFailure(error, 'reading an order back');
    return order;
  }
  if (remote.orderId !== String(order.id)) return order;
  if (remote.status === 'paid' && remote.amount === order.amount) await markPaid(db, order.id, order.source ?? 'stripe_checkout', now);
  else if (remote.status === 'failed' || remote.status === 'expired') {
    await db
      .update(orders)
      .set({ status: remote.status })
      .where(and(eq(orders.id, order.id), inArray(orders.status, ['created', 'pending'])));
  }
  const [after] = await db.select().from(orders).where(eq(orders.id, order.id)).limit(1);
  return after!;
}

/**
 * An order is asked about from a minute after it was made (the browser's return usually answers first) for a
 * week: a card refused on its PaymentIntent may be tried again and pay later.
 */
const OPEN_ORDER_MIN_AGE_MS = 60_000;
const OPEN_ORDER_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
const OPEN_ORDERS_PER_RUN = 100;

/**
 * The ad-orders job: ad orders still waiting for Stripe's word (the host closed the tab after paying
 * and the webhook is late or lost) are read back from Stripe and settled, in turns, a bounded number
 * a run. Served by the partial index orders_open_stripe_idx (the same predicate).
 */
export async function pollOpenOrders(db: Db, now = new Date()) {
  if (!stripeClient()) return { asked: 0, paid: 0, closed: 0 };
  const open = await inTurns(db, 'ad-orders-open', OPEN_ORDERS_PER_RUN, (after, limit) =>
    db
      .select()
      .from(orders)
      .where(
        and(
          sql`${orders.status} in ('created', 'pending', 'failed') and (${orders.stripeSessionId} is not null or ${orders.stripePaymentIntentId} is not null)`,
          eq(orders.type, 'PAYMENT'),
          gt(orders.id, after),
          lte(orders.createdAt, new Date(now.getTime() - OPEN_ORDER_MIN_AGE_MS)),
          gte(orders.createdAt, new Date(now.getTime() - OPEN_ORDER_MAX_AGE_MS)),
        ),
      )
      .orderBy(asc(orders.id))
      .limit(limit),
  );
  let paid = 0;
  let closed = 0;
  for (const order of open) {
    // One order that cannot be settled now must not keep the others of its turn waiting.
    const settled = await settleOrder(db, order, now).catch((error: unknown) => {
      log.warn({ err: error, orderId: order.id }, 'open ad order not settled; asked again in its next turn');
      return order;
    });
    if (settled.status === 'paid') paid++;
    else if (settled.status !== order.status) closed++;
  }
  return { asked: open.length, paid, closed };
}

/** GET /api/cottages/{id}/orders/{oid}/status */
export async function orderStatus(db: Db, order: OrderRow) {
  const settled = await settleOrder(db, order);
  return { paid_at: settled.paidAt?.toISOString() ?? null, payment_status: settled.status };
}

/**
 * The order is paid: once, however many returns, polls and webhooks arrive (the conditional update
 * decides), and in the same transaction its ad is paid until the package's end (a renewal extends
 * it), boosted, made a fixed-price ad, and sent for review if it was not yet.
 */
export async function markPaid(db: Db, orderId: number, source: NonNullable<OrderRow['source']>, now = new Date()): Promise<boolean> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [won] = await tx
      .update(orders)
      .set({ status: 'paid', paidAt: now, source })
      .where(and(eq(orders.id, orderId), inArray(orders.status, ['created', 'pending', 'failed', 'expired'] satisfies OrderStatus[])))
      .returning();
    if (!won?.cottageId) return Boolean(won);
    const [ad] = await tx.select().from(cottages).where(eq(cottages.id, won.cottageId)).for('update').limit(1);
    if (!ad) return true;
    const ids = (won.products as OrderLine[]).map((l) => l.id);
    const { paidUntil, galleryUntil } = afterOrderPaid(ids, { paidUntil: ad.paidUntil, galleryUntil: ad.galleryUntil }, now);
    const hasPackage = ids.some((id) => productById(id)?.type === null);
    await tx
      .update(cottages)
      .set({
        paidUntil,
        galleryUntil,
        ...(hasPackage ? { paidAt: now, commission: false } : {}),
        ...(hasPackage && !ad.askedForReviewAt && !ad.reviewedAt ? { askedForReviewAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(cottages.id, ad.id));
    return true;
  });
}

/** POST /api/stripe/webhook: a signed Stripe event; acted on once (by event id), after reading its object back from Stripe. */
export async function receiveStripeWebhook(db: Db, payload: string, signature: string | undefined) {
  const client = stripeClient();
  const secret = stripeWebhookSecret();
  if (!client || !secret) throw notConfigured();
  let event: Stripe.Event;
  try {
    event = verifyWebhook(await client, payload, signature ?? '', secret);
  } catch {
    throw new ApiError(400, 'order.badSignature');
  }
  const [seen] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id)).limit(1);
  if (seen) return { received: true, duplicate: true };
  const object = event.data.object as { id?: unknown; object?: unknown; metadata?: Record<string, string> | null };
  if ((object.object === 'checkout.session' || object.object === 'payment_intent') && typeof object.id === 'string') {
    const column = object.object === 'checkout.session' ? orders.stripeSessionId : orders.stripePaymentIntentId;
    let [order] = await db.select().from(orders).where(eq(column, object.id)).limit(1);
    // A PaymentIntent made by a Checkout Session: its order is named in the metadata (read back in settleOrder).
    if (!order && /^\d{1,10}$/.test(object.metadata?.order_id ?? ''))
      [order] = await db
        .select()
        .from(orders)
        .where(eq(orders.id, Number(object.metadata!.order_id)))
        .limit(1);
    if (order && order.type === 'PAYMENT') await settleOrder(db, order);
  }
  // Recorded after acting: a failure above leaves the event to Stripe's next delivery.
  await db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type.slice(0, 100) })
    .onConflictDoNothing();
  return { received: true };
}
