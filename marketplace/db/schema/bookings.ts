import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { conversations } from './conversations';
import { cottages } from './cottages';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** SPEC §3: how many days before arrival a guest still gets everything / half back. */
export const cancellationPolicies = pgTable('cancellation_policies', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 40 }).notNull(),
  cancelForFullRefundInDays: smallint('cancel_for_full_refund_in_days').notNull(),
  cancelForHalfRefundInDays: smallint('cancel_for_half_refund_in_days').notNull(),
});

export const BOOKING_STATUSES = ['PENDING', 'EXPIRED', 'PAID', 'FINISHED', 'CANCELLED'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** A host's offer to the guest of a conversation; money in öre, stay as Stockholm days (check-out exclusive). */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'restrict' }),
    cottageId: integer('cottage_id')
      .notNull()
      .references(() => cottages.id, { onDelete: 'restrict' }),
    hostId: integer('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    guestId: integer('guest_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: varchar('status', { length: 12 }).$type<BookingStatus>().notNull().default('PENDING'),
    checkIn: date('check_in').notNull(),
    checkOut: date('check_out').notNull(),
    numberOfGuests: smallint('number_of_guests').notNull(),
    cleaningPolicy: varchar('cleaning_policy', { length: 10 }).$type<'guest' | 'external' | 'host'>().notNull(),
    cancellationPolicyId: integer('cancellation_policy_id')
      .notNull()
      .references(() => cancellationPolicies.id),
    totalPrice: integer('total_price').notNull(),
    /** The platform's share, fixed when the offer is made (the ad's commission_percentage). */
    feePercentage: smallint('fee_percentage').notNull(),
    bookingExpirationDate: ts('booking_expiration_date').notNull(),
    additionalInformation: text('additional_information'),
    markAsBookedIfAccepted: boolean('mark_as_booked_if_accepted').notNull().default(true),
    /** Offers under the terms with insurance (SPEC §4); the insurer's number arrives with payment. */
    insurance: boolean('insurance').notNull().default(true),
    /** The host sent this offer against the ad's stay rules (issue 18): payment does not check them again. */
    stayRulesOverridden: boolean('stay_rules_overridden').notNull().default(false),
    omocomId: varchar('omocom_id', { length: 40 }),
    paidAt: ts('paid_at'),
    finishedAt: ts('finished_at'),
    paidOutAt: ts('paid_out_at'),
    cancelledAt: ts('cancelled_at'),
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancellationReason: text('cancellation_reason'),
    refundAmount: integer('refund_amount'),
    /** What the calendar said about the stay's nights before paying marked them booked (restored on cancel). */
    calendarBefore: jsonb('calendar_before').$type<{ from: string; to: string; state: number }[]>(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('bookings_guest_check_in_idx').on(t.guestId, t.checkIn, t.id),
    index('bookings_host_check_in_idx').on(t.hostId, t.checkIn, t.id),
    index('bookings_conversation_idx').on(t.conversationId, t.id),
    index('bookings_cottage_check_in_idx').on(t.cottageId, t.checkIn),
    index('bookings_status_expiry_idx').on(t.status, t.bookingExpirationDate),
    index('bookings_status_check_out_idx').on(t.status, t.checkOut),
    // The sweep reads only rows whose state can still change (issue 12), not every booking ever paid:
    // paid and not yet paid out, …
    index('bookings_payout_open_idx')
      .on(t.checkIn)
      .where(sql`${t.paidAt} is not null and ${t.paidOutAt} is null`),
    // … and paid ones whose calendar marking or insurance a crash or an insurer failure left undone.
    index('bookings_paid_unfinished_idx')
      .on(t.id)
      .where(sql`${t.status} = 'PAID' and (${t.calendarBefore} is null or (${t.insurance} and ${t.omocomId} is null))`),
    check('bookings_stay_check', sql`${t.checkOut} > ${t.checkIn}`),
    check('bookings_total_price_check', sql`${t.totalPrice} > 0`),
  ],
);

/**
 * One row per paid night of a cottage: the primary key is what makes a double booking impossible,
 * whichever process, connection or database (PostgreSQL or PGlite) tries it.
 */
export const bookedNights = pgTable(
  'booked_nights',
  {
    cottageId: integer('cottage_id')
      .notNull()
      .references(() => cottages.id, { onDelete: 'cascade' }),
    night: date('night').notNull(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /**
     * Set while the night is only held for a guest on the card page (issue 11 §4): until then nobody
     * else can start paying for it; a hold past this instant is free for the next guest. Null: paid.
     */
    holdUntil: ts('hold_until'),
  },
  (t) => [primaryKey({ columns: [t.cottageId, t.night] }), index('booked_nights_booking_idx').on(t.bookingId)],
);

export const TIMELINE_TYPES = [
  'CREATED',
  'FULL_PAYMENT_DUE_DATE',
  'FULL_PAYMENT',
  'TRANSFER',
  'PAY_OUT_DUE_DATE',
  'PAY_OUT_PENDING',
  'PAY_OUT',
  /** The host's share of the rent a cancelling guest did not get back (issue 11 §3). */
  'PAY_OUT_RETAINED',
  'CANCELLED',
  'REFUNDED',
  'CHECKIN',
  'CHECKOUT',
] as const;
export type TimelineType = (typeof TIMELINE_TYPES)[number];
export type TimelineState = 'NEUTRAL' | 'ERROR' | 'SUCCESS' | 'FUTURE';

/** What happened to a booking, in order (due dates still ahead are added when it is read). */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 24 }).$type<TimelineType>().notNull(),
    state: varchar('state', { length: 8 }).$type<TimelineState>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    amount: integer('amount'),
    date: ts('date').notNull().defaultNow(),
  },
  (t) => [index('booking_events_booking_idx').on(t.bookingId, t.date)],
);

/** Card pay-ins at the payment provider, recorded once per provider id however often its return or hook arrives. */
export const payins = pgTable(
  'payins',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    provider: varchar('provider', { length: 12 }).notNull(),
    providerId: varchar('provider_id', { length: 64 }).notNull(),
    cardType: varchar('card_type', { length: 24 }).notNull(),
    amount: integer('amount').notNull(),
    status: varchar('status', { length: 12 }).$type<'CREATED' | 'SUCCEEDED' | 'FAILED' | 'REFUNDED'>().notNull().default('CREATED'),
    resultCode: varchar('result_code', { length: 16 }),
    resultMessage: text('result_message'),
    /** The provider's card page for this pay-in: a second start of the same booking is sent there again. */
    redirectUrl: text('redirect_url'),
    refundProviderId: varchar('refund_provider_id', { length: 64 }),
    refundedAmount: integer('refunded_amount'),
    createdAt: ts('created_at').notNull().defaultNow(),
    settledAt: ts('settled_at'),
  },
  (t) => [
    uniqueIndex('payins_provider_id_key').on(t.provider, t.providerId),
    index('payins_booking_idx').on(t.bookingId),
    index('payins_status_idx').on(t.status, t.createdAt),
    // One open pay-in per booking, however many starts arrive at once: the others are sent to its card page.
    // (Pay-ins from before redirect_url was kept are left out: their fate is the provider's, read by the sweep.)
    uniqueIndex('payins_open_booking_key')
      .on(t.bookingId)
      .where(sql`${t.status} = 'CREATED' and ${t.redirectUrl} is not null`),
  ],
);

/**
 * The sandbox payment provider's own books (it stands in for MangoPay when no keys are set):
 * pay-ins waiting for a card, refunds and payouts, with MangoPay's statuses and result codes.
 */
export const sandboxTransactions = pgTable('sandbox_transactions', {
  id: varchar('id', { length: 64 }).primaryKey(),
  kind: varchar('kind', { length: 8 }).$type<'PAYIN' | 'REFUND' | 'PAYOUT'>().notNull(),
  /** The caller's Idempotency-Key: the same key is the same transaction, never a second one. */
  idempotencyKey: varchar('idempotency_key', { length: 64 }).unique('sandbox_transactions_idempotency_key'),
  amount: integer('amount').notNull(),
  cardType: varchar('card_type', { length: 24 }),
  returnUrl: text('return_url'),
  status: varchar('status', { length: 12 }).$type<'CREATED' | 'SUCCEEDED' | 'FAILED'>().notNull().default('CREATED'),
  resultCode: varchar('result_code', { length: 16 }),
  resultMessage: text('result_message'),
  /** A card that asks for 3-D Secure waits here until the holder approves or refuses. */
  secureModePending: boolean('secure_mode_pending').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const MONEY_INTENT_KINDS = ['REFUND', 'PAYOUT'] as const;
export type MoneyIntentKind = (typeof MONEY_INTENT_KINDS)[number];
/** Why the money moves: a cancelled booking's refund, a pay-in that could not pay its booking, the host's share of a stay, or of the rent a cancelling guest did not get back. */
export type MoneyIntentPurpose = 'CANCEL' | 'UNBOOKABLE' | 'STAY' | 'RETAINED';

/**
 * Money the platform has decided to move (a refund to a guest, a payout to a host), recorded in the
 * same transaction as the decision and carried out by the money job with the provider's idempotency
 * key until the provider has answered: a crash anywhere ends in exactly one movement, recorded.
 */
export const moneyIntents = pgTable(
  'money_intents',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 8 }).$type<MoneyIntentKind>().notNull(),
    purpose: varchar('purpose', { length: 12 }).$type<MoneyIntentPurpose>().notNull(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    /** The pay-in a refund gives money back on. */
    payinId: integer('payin_id').references(() => payins.id, { onDelete: 'restrict' }),
    /** Who receives the money (the guest of a refund, the host of a payout). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    amount: integer('amount').notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull(),
    /** PENDING until the provider answers; WAITING: the provider cannot start it yet (no bank details), asked again; FAILED: refused, support takes it. */
    status: varchar('status', { length: 10 }).$type<'PENDING' | 'WAITING' | 'SUCCEEDED' | 'FAILED'>().notNull().default('PENDING'),
    providerId: varchar('provider_id', { length: 64 }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    doneAt: ts('done_at'),
  },
  (t) => [
    uniqueIndex('money_intents_idempotency_key').on(t.idempotencyKey),
    // One refund per pay-in and one payout per booking, however many deciders race.
    uniqueIndex('money_intents_refund_payin_key')
      .on(t.payinId)
      .where(sql`${t.kind} = 'REFUND'`),
    uniqueIndex('money_intents_payout_booking_key')
      .on(t.bookingId)
      .where(sql`${t.kind} = 'PAYOUT'`),
    index('money_intents_open_idx').on(t.status, t.id),
    // A host's payouts by date (DAC7 reports).
    index('money_intents_user_payout_idx')
      .on(t.userId, t.doneAt)
      .where(sql`${t.kind} = 'PAYOUT'`),
    check('money_intents_amount_check', sql`${t.amount} > 0`),
  ],
);
