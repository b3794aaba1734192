import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { ReceiptType } from '@/lib/rules/products';
import { bookings, moneyIntents, payins } from './bookings';
import { cottages } from './cottages';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export type OrderStatus = 'created' | 'pending' | 'paid' | 'failed' | 'expired';
export type OrderSource = 'stripe_checkout' | 'card' | 'zero' | 'invoice' | 'mangopay';
/** A product as it was bought (name and price then), SPEC §3 "products (id, name, price, discount with price, type)". */
export type OrderLine = { id: number; name_en: string; name_sv: string; price: number; type: string | null };

/**
 * SPEC §3 "Order (receipt)": every payment, payout, refund and fee of a user. A host's ad order
 * (PAYMENT) is made here and paid through Stripe; the booking money's receipts (PAYIN for the
 * guest's card payment, REFUND, PAYOUT and the platform's FEE) are written in the same
 * transaction that records the money as moved, once each (the unique indexes).
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    type: varchar('type', { length: 8 }).$type<ReceiptType>().notNull(),
    amount: integer('amount').notNull(),
    status: varchar('status', { length: 8 }).$type<OrderStatus>().notNull().default('created'),
    source: varchar('source', { length: 16 }).$type<OrderSource>(),
    products: jsonb('products').$type<OrderLine[]>().notNull().default([]),
    cottageId: integer('cottage_id').references(() => cottages.id, { onDelete: 'set null' }),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'restrict' }),
    payinId: integer('payin_id').references(() => payins.id, { onDelete: 'restrict' }),
    intentId: integer('intent_id').references(() => moneyIntents.id, { onDelete: 'restrict' }),
    /** Stripe's Checkout Session and PaymentIntent of an ad order (read back before the order is marked paid). */
    stripeSessionId: varchar('stripe_session_id', { length: 255 }),
    stripePaymentIntentId: varchar('stripe_payment_intent_id', { length: 255 }),
    clientSecret: text('client_secret'),
    createdAt: ts('created_at').notNull().defaultNow(),
    paidAt: ts('paid_at'),
  },
  (t) => [
    // The receipts list (SPEC §9 orders: id or amount, both directions), per user.
    index('orders_user_idx').on(t.userId, t.id),
    index('orders_user_amount_idx').on(t.userId, t.amount, t.id),
    index('orders_cottage_idx').on(t.cottageId, t.id),
    // Ad orders still waiting for Stripe's word (a refused card may be tried again on the same PaymentIntent), which
    // the ad-orders job asks about by age (services/ad-orders.ts).
    index('orders_open_stripe_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('created', 'pending', 'failed') and (${t.stripeSessionId} is not null or ${t.stripePaymentIntentId} is not null)`),
    // One receipt per pay-in, and one of each type per money intent (a payout has its payout and its fee).
    uniqueIndex('orders_payin_key')
      .on(t.payinId)
      .where(sql`${t.type} = 'PAYIN'`),
    uniqueIndex('orders_intent_type_key')
      .on(t.intentId, t.type)
      .where(sql`${t.intentId} is not null`),
    uniqueIndex('orders_stripe_session_key')
      .on(t.stripeSessionId)
      .where(sql`${t.stripeSessionId} is not null`),
    uniqueIndex('orders_stripe_payment_intent_key')
      .on(t.stripePaymentIntentId)
      .where(sql`${t.stripePaymentIntentId} is not null`),
    check('orders_amount_check', sql`${t.amount} >= 0`),
  ],
);

/** Stripe events already acted on: a replayed webhook is answered and ignored. */
export const stripeEvents = pgTable('stripe_events', {
  id: varchar('id', { length: 255 }).primaryKey(),
  type: varchar('type', { length: 100 }).notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
});

/** The local Stripe emulation's objects (STUGA_SANDBOX=1 only): each the JSON Stripe would answer for it. */
export const sandboxStripeObjects = pgTable(
  'sandbox_stripe_objects',
  {
    id: varchar('id', { length: 255 }).primaryKey(),
    kind: varchar('kind', { length: 32 }).notNull(),
    /** The caller's Idempotency-Key: the same key (and kind) answers the same object. */
    idempotencyKey: varchar('idempotency_key', { length: 255 }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_stripe_objects_idempotency_key').on(t.kind, t.idempotencyKey), index('sandbox_stripe_objects_kind_idx').on(t.kind, t.createdAt)],
);
