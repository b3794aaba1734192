import 'server-only';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { TIMEZONE } from '@/lib/constants';
import { dac7Valid } from '@/lib/rules/ad';
import {
  bookingActions,
  canMove,
  expiryInstant,
  listLabel,
  nightsOf,
  NIGHT_HOLD_MINUTES,
  payoutDueAt,
  platformFee,
  shares,
  STAY_TIME,
  statusAt,
  timelineOf,
  usesInsuranceTerms,
  type BookingRole,
  type BookingStatus,
  type TimelineEntry,
} from '@/lib/rules/booking';
import { daysOf, normalizeRanges, setRange, type CalendarRange, type CalendarState } from '@/lib/rules/calendar';
import { addDays, todayInStockholm } from '@/lib/rules/dates';
import { isProfileComplete } from '@/lib/rules/profile';
import { refundDeadline, refundFor } from '@/lib/rules/refund';
import { bookingOfferSchema, expirationError, type CardType } from '@/lib/schemas/booking';
import type * as z from 'zod/mini';
import type { Db } from '../db/client';
import { bookedNights, bookingEvents, bookings, cancellationPolicies, conversations, cottageCalendar, cottageImages, cottages, messages, moneyIntents, payins, todos, users, type TimelineState, type TimelineType } from '../db/schema';
import type { SessionUser } from '../http/context';
import { ApiError } from '../http/errors';
import { log } from '../log';
import { insurance } from '../providers/insurance';
import { payments } from '../providers/payments';
import { crashPoint } from './crash-point';
import { payerOf, recordIntent, runIntent, runOpenIntents } from './money-intents';
import { addBookingMessage, participantOf, type ConversationRow } from './conversations';
import { personDto, userDto } from './users';
import type { Booking, PaymentReturn } from '@/lib/schemas/booking-dto';

export type BookingRow = typeof bookings.$inferSelect;
type Tx = Db;

const notFound = () => new ApiError(404, 'booking.notFound');
const day = (d: string | Date) => (typeof d === 'string' ? d : d.toISOString().slice(0, 10));
const clock = (b: BookingRow) => ({ status: b.status, check_in: b.checkIn, check_out: b.checkOut, booking_expiration_date: b.bookingExpirationDate.toISOString() });

// ——— Reading ———

/** The booking if the actor is its host or guest; anyone else learns nothing (404). Time-based moves are applied first. */
export async function bookingOf(db: Db, actor: SessionUser, id: number, now = new Date()): Promise<{ booking: BookingRow; role: BookingRole }> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  if (!row) throw notFound();
  const role: BookingRole | null = row.hostId === actor.id ? 'host' : row.guestId === actor.id ? 'guest' : null;
  if (!role) throw notFound();
  return { booking: await settle(db, row, now), role };
}

/** Applies what time has done to one booking (expired offer, finished stay) so a reader never sees a stale state. */
async function settle(db: Db, row: BookingRow, now: Date): Promise<BookingRow> {
  const next = statusAt(clock(row), now);
  if (next === row.status) return row;
  const [updated] = await db
    .update(bookings)
    .set({ status: next, ...(next === 'FINISHED' ? { finishedAt: now } : {}) })
    .where(and(eq(bookings.id, row.id), eq(bookings.status, row.status)))
    .returning();
  if (next === 'EXPIRED') await closePendingTodo(db, row);
  if (updated) return updated;
  const [fresh] = await db.select().from(bookings).where(eq(bookings.id, row.id)).limit(1);
  return fresh!;
}

async function closePendingTodo(db: Db, row: BookingRow) {
  await db.update(todos).set({ read: true }).where(and(eq(todos.userId, row.guestId), eq(todos.type, 'PENDING_BOOKING'), eq(todos.refId, row.id)));
}

async function events(db: Db, bookingId: number): Promise<TimelineEntry[]> {
  const rows = await db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId)).orderBy(asc(bookingEvents.date), asc(bookingEvents.id));
  return rows.map((e) => ({ date: e.date.toISOString(), user: e.userId, type: e.type, state: e.state, amount: e.amount }));
}

/** Timeline entries about the host's payout, which the guest does not see. */
const HOST_ONLY_EVENTS = new Set(['TRANSFER', 'PAY_OUT', 'PAY_OUT_PENDING', 'PAY_OUT_DUE_DATE', 'PAY_OUT_RETAINED']);

/** GET /api/bookings/{id}: the booking as SPEC §3 describes it, for the actor's role. */
export async function bookingDto(db: Db, row: BookingRow, role: BookingRole, now = new Date()): Promise<Booking> {
  const [[host], [guest], [cottage], [policy], stored, [lastPayin]] = await Promise.all([
    db.select().from(users).where(eq(users.id, row.hostId)).limit(1),
    db.select().from(users).where(eq(users.id, row.guestId)).limit(1),
    db
      .select({ id: cottages.id, title_sv: cottages.titleSv, filename: cottageImages.filename })
      .from(cottages)
      .leftJoin(cottageImages, and(eq(cottageImages.cottageId, cottages.id), eq(cottageImages.weight, 0)))
      .where(eq(cottages.id, row.cottageId))
      .limit(1),
    db.select().from(cancellationPolicies).where(eq(cancellationPolicies.id, row.cancellationPolicyId)).limit(1),
    events(db, row.id),
    db.select().from(payins).where(eq(payins.bookingId, row.id)).orderBy(desc(payins.id)).limit(1),
  ]);
  const fee = platformFee(row.totalPrice, row.feePercentage);
  const paid = row.paidAt !== null;
  const policyDto = policy ? { id: policy.id, name: policy.name, cancel_for_full_refund_in_days: policy.cancelForFullRefundInDays, cancel_for_half_refund_in_days: policy.cancelForHalfRefundInDays } : null;
  const actions = bookingActions(clock(row), role, now);
  return {
    id: row.id,
    role,
    status: row.status,
    label: listLabel(row.status, row.paidOutAt?.toISOString() ?? null),
    check_in: day(row.checkIn),
    check_out: day(row.checkOut),
    created_at: row.createdAt.toISOString(),
    conversation_id: row.conversationId,
    cottage_id: row.cottageId,
    guest_id: row.guestId,
    host_id: row.hostId,
    number_of_guests: row.numberOfGuests,
    cleaning_policy: row.cleaningPolicy,
    cancellation_policy_id: row.cancellationPolicyId,
    cancellation_policy: policyDto,
    cancellation_reason: row.cancellationReason,
    Cancellation: row.cancelledAt ? { user_id: row.cancelledBy } : null,
    total_price: row.totalPrice,
    // The platform's fee and the host's share are the host's business.
    fee: role === 'host' ? fee : null,
    kept_amount: role === 'host' ? row.totalPrice - fee : null,
    refund_amount: row.refundAmount,
    booking_expiration_date: row.bookingExpirationDate.toISOString(),
    additional_information: row.additionalInformation,
    mark_as_booked_if_accepted: row.markAsBookedIfAccepted,
    insurance: row.insurance,
    paid_at: row.paidAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    paid_out_at: row.paidOutAt?.toISOString() ?? null,
    // SPEC §6: the insurance box (number and claim link) is the host's.
    omocom_id: role === 'host' ? row.omocomId : null,
    insurance_claim_url: role === 'host' && row.omocomId ? insurance.claimUrl(row.omocomId) : null,
    can_leave_review: role === 'guest' && row.status === 'FINISHED',
    guest_profile_complete: guest ? isProfileComplete(userDto(guest)) : false,
    Host: personDto(host, paid && role === 'guest'),
    Guest: personDto(guest, paid && role === 'host'),
    cottage: cottage ? { id: cottage.id, title_sv: cottage.title_sv, images: cottage.filename ? [{ filename: cottage.filename }] : [] } : null,
    Timeline: timelineOf(stored, { ...clock(row), paid_out_at: row.paidOutAt?.toISOString() ?? null, total_price: row.totalPrice, fee }, now).filter(
      (e) => role === 'host' || !HOST_ONLY_EVENTS.has(e.type),
    ),
    cancel_for_full_refund_deadline: policy ? refundDeadline(day(row.checkIn), policy.cancelForFullRefundInDays).toISOString() : null,
    cancel_for_half_refund_deadline: policy ? refundDeadline(day(row.checkIn), policy.cancelForHalfRefundInDays).toISOString() : null,
    // What the guest would get back by cancelling now (SPEC §4 refund rule).
    refund_now:
      role === 'guest' && row.status === 'PAID' && policy
        ? refundFor({ totalPrice: row.totalPrice, checkIn: day(row.checkIn), policy: policyDto!, at: now })
        : null,
    actions,
    // The latest card payment's outcome, for the payment return (the guest's own payment).
    last_payment: role === 'guest' && lastPayin ? { status: lastPayin.status, result_code: lastPayin.resultCode, result_message: lastPayin.resultMessage } : null,
  };
}

async function event(db: Db, bookingId: number, type: TimelineType, state: TimelineState, userId: number | null, amount: number | null, date = new Date()) {
  await db.insert(bookingEvents).values({ bookingId, type, state, userId, amount, date });
}

// ——— Offers ———

export async function cancellationPolicyList(db: Db) {
  const rows = await db.select().from(cancellationPolicies).orderBy(asc(cancellationPolicies.id));
  return rows.map((p) => ({ id: p.id, name: p.name, cancel_for_full_refund_in_days: p.cancelForFullRefundInDays, cancel_for_half_refund_in_days: p.cancelForHalfRefundInDays }));
}

/** POST /api/bookings: the host of the conversation offers the guest a stay in one of their reviewed ads. */
export async function createOffer(db: Db, actor: SessionUser, input: z.output<ReturnType<typeof bookingOfferSchema>>, now = new Date()) {
  const { conversation, role } = await participantOf(db, actor, input.conversation_id);
  if (role !== 'host') throw new ApiError(403, 'booking.onlyHost');
  if (input.guest_id !== conversation.guestId) throw new ApiError(400, 'booking.wrongGuest', [{ field: 'guest_id', message: 'booking.wrongGuest' }]);
  const [cottage] = await db.select().from(cottages).where(eq(cottages.id, input.cottage_id)).limit(1);
  if (!cottage) throw new ApiError(400, 'validation.required', [{ field: 'cottage_id', message: 'validation.required' }]);
  if (cottage.userId !== actor.id) throw new ApiError(400, 'errors.notOwner');
  const [hostRow] = await db.select().from(users).where(eq(users.id, actor.id)).limit(1);
  // SPEC §6: a complete, strict profile and a reviewed ad before any offer.
  if (!hostRow || !isProfileComplete(userDto(hostRow))) throw new ApiError(400, 'booking.profileIncomplete');
  if (!cottage.reviewedAt) throw new ApiError(400, 'booking.adNotReviewed');
  if (!dac7Valid({ property_designation: cottage.propertyDesignation, address_street: cottage.addressStreet, address_postal_code: cottage.addressPostalCode, address_city: cottage.addressCity })) {
    throw new ApiError(400, 'booking.dac7Invalid');
  }
  const [policy] = await db.select().from(cancellationPolicies).where(eq(cancellationPolicies.id, input.cancellation_policy_id)).limit(1);
  if (!policy) throw new ApiError(400, 'validation.required', [{ field: 'cancellation_policy_id', message: 'validation.required' }]);

  const [row] = await db
    .insert(bookings)
    .values({
      conversationId: conversation.id,
      cottageId: cottage.id,
      hostId: actor.id,
      guestId: conversation.guestId,
      checkIn: input.check_in,
      checkOut: input.check_out,
      numberOfGuests: input.number_of_guests,
      cleaningPolicy: input.cleaning_policy,
      cancellationPolicyId: policy.id,
      totalPrice: input.total_price,
      feePercentage: cottage.commissionPercentage,
      // Sent as the end of the chosen day (SPEC §5), in Stockholm.
      bookingExpirationDate: expiryInstant(input.booking_expiration_date, input.check_in),
      additionalInformation: input.additional_information?.trim() ? input.additional_information.trim() : null,
      markAsBookedIfAccepted: input.mark_as_booked_if_accepted,
      insurance: usesInsuranceTerms(input.check_out, now),
      createdAt: now,
    })
    .returning();
  const booking = row!;
  await event(db, booking.id, 'CREATED', 'NEUTRAL', actor.id, booking.totalPrice, now);
  await addBookingMessage(db, conversation, actor.id, 'booking_created', booking.id);
  await db
    .insert(todos)
    .values({ userId: booking.guestId, type: 'PENDING_BOOKING', refId: booking.id, conversationId: conversation.id })
    .onConflictDoUpdate({ target: [todos.userId, todos.type, todos.refId], set: { read: false } });
  return bookingDto(db, booking, 'host', now);
}

/** POST /api/bookings/{cottageId}/overlap: the ad's open or paid bookings sharing a night with the stay. */
export async function overlapping(db: Db, actor: SessionUser, cottageId: number, stay: { check_in: string; check_out: string; exclude?: number }) {
  const [cottage] = await db.select({ userId: cottages.userId }).from(cottages).where(eq(cottages.id, cottageId)).limit(1);
  if (!cottage) throw new ApiError(404, 'errors.notFound');
  if (cottage.userId !== actor.id) throw new ApiError(400, 'errors.notOwner');
  const rows = await db
    .select({ id: bookings.id, conversation_id: bookings.conversationId, check_in: bookings.checkIn, check_out: bookings.checkOut, status: bookings.status })
    .from(bookings)
    .where(
      and(
        eq(bookings.cottageId, cottageId),
        sql`${bookings.checkIn} < ${stay.check_out}`,
        sql`${bookings.checkOut} > ${stay.check_in}`,
        inArray(bookings.status, ['PENDING', 'PAID', 'FINISHED']),
        stay.exclude ? ne(bookings.id, stay.exclude) : undefined,
      ),
    )
    .orderBy(asc(bookings.checkIn));
  return rows.map((r) => ({ ...r, check_in: day(r.check_in), check_out: day(r.check_out) }));
}

/** PUT /api/bookings/{id}: the host gives the guest a new time limit (from today up to check-in). */
export async function updateExpiry(db: Db, actor: SessionUser, id: number, value: string, now = new Date()) {
  const { booking, role } = await bookingOf(db, actor, id, now);
  if (!bookingActions(clock(booking), role, now).editExpiry) throw new ApiError(403, 'booking.notAllowed');
  const error = expirationError(value, todayInStockholm(now), day(booking.checkIn));
  if (error) throw new ApiError(400, error, [{ field: 'booking_expiration_date', message: error }]);
  const expiry = expiryInstant(value, day(booking.checkIn));
  // An expired offer given more time is open again.
  const status: BookingStatus = booking.status === 'EXPIRED' && expiry > now && canMove('EXPIRED', 'PENDING') ? 'PENDING' : booking.status;
  const [updated] = await db.update(bookings).set({ bookingExpirationDate: expiry, status }).where(and(eq(bookings.id, id), eq(bookings.status, booking.status))).returning();
  if (!updated) throw new ApiError(409, 'booking.changed');
  if (status === 'PENDING') await db.update(todos).set({ read: false }).where(and(eq(todos.userId, booking.guestId), eq(todos.type, 'PENDING_BOOKING'), eq(todos.refId, id)));
  return bookingDto(db, updated, role, now);
}

// ——— Cancelling ———

/** PUT /api/bookings/{id}/cancel: SPEC §4 — either side while pending, the guest while paid and before check-in (with the refund the rule gives). */
export async function cancelBooking(db: Db, actor: SessionUser, id: number, reason: string, now = new Date()) {
  const { booking, role } = await bookingOf(db, actor, id, now);
  const actions = bookingActions(clock(booking), role, now);
  if (!actions.cancel) throw new ApiError(403, actions.contactSupportToCancel ? 'booking.hostCannotCancelPaid' : 'booking.notAllowed');
  const [policy] = await db.select().from(cancellationPolicies).where(eq(cancellationPolicies.id, booking.cancellationPolicyId)).limit(1);
  const refund = booking.status === 'PAID' && policy ? refundFor({ totalPrice: booking.totalPrice, checkIn: day(booking.checkIn), policy: { cancel_for_full_refund_in_days: policy.cancelForFullRefundInDays, cancel_for_half_refund_in_days: policy.cancelForHalfRefundInDays }, at: now }) : null;

  // One transaction with the booking row locked decides cancel against payout (issue 11 §2): the
  // payout's decision locks the same row, so whichever comes second sees the first and does nothing.
  // The refund is recorded as an intent in the same transaction, and carried out after it.
  const decided = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Tx;
    const [current] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update').limit(1);
    if (!current || current.status !== booking.status || current.paidOutAt) return null;
    const [payout] = await tx.select({ id: moneyIntents.id }).from(moneyIntents).where(and(eq(moneyIntents.bookingId, id), eq(moneyIntents.kind, 'PAYOUT'))).limit(1);
    if (payout) return null;
    const [cancelled] = await tx
      .update(bookings)
      .set({ status: 'CANCELLED', cancelledAt: now, cancelledBy: actor.id, cancellationReason: reason, refundAmount: refund?.amount ?? null })
      .where(eq(bookings.id, id))
      .returning();
    await tx.insert(bookingEvents).values({ bookingId: id, type: 'CANCELLED', state: 'NEUTRAL', userId: actor.id, amount: null, date: now });
    // Paid nights and a pending offer's hold are free again.
    await tx.delete(bookedNights).where(eq(bookedNights.bookingId, id));
    let intent = null;
    if (booking.status === 'PAID' && refund && refund.amount > 0) {
      const [payin] = await tx.select().from(payins).where(and(eq(payins.bookingId, id), eq(payins.status, 'SUCCEEDED'))).limit(1);
      if (payin) intent = await recordIntent(tx, { kind: 'REFUND', purpose: 'CANCEL', bookingId: id, payinId: payin.id, userId: payin.userId ?? booking.guestId, amount: refund.amount });
    }
    crashPoint('refund:before-intent');
    return { cancelled: cancelled!, intent };
  });
  if (!decided) throw new ApiError(409, 'booking.changed');
  crashPoint('refund:after-intent');
  const { cancelled, intent } = decided;
  if (booking.status === 'PAID' && cancelled.markAsBookedIfAccepted && cancelled.calendarBefore) await restoreCalendar(db, cancelled);
  if (intent) await runIntent(db, intent.id, now);
  await closePendingTodo(db, booking);
  const [conversation] = await db.select().from(conversations).where(eq(conversations.id, booking.conversationId)).limit(1);
  if (conversation) await addBookingMessage(db, conversation, actor.id, 'booking_cancelled', id);
  const [fresh] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  return bookingDto(db, fresh!, role, now);
}

// ——— Paying ———

/** POST /api/bookings/{id}/payment: the guest accepts the offer and is sent to the provider's card page. */
export async function startPayment(db: Db, actor: SessionUser, id: number, cardType: CardType, now = new Date()) {
  const { booking, role } = await bookingOf(db, actor, id, now);
  if (role !== 'guest') throw new ApiError(403, 'booking.onlyGuest');
  if (!bookingActions(clock(booking), role, now).pay) throw new ApiError(400, booking.status === 'EXPIRED' ? 'booking.expired' : 'booking.notAllowed');
  const [guest] = await db.select().from(users).where(eq(users.id, actor.id)).limit(1);
  if (!guest || !isProfileComplete(userDto(guest))) throw new ApiError(400, 'booking.guestProfileIncomplete');
  // Nights someone else has paid for, or holds on the card page, cannot be paid: say so before any
  // money moves. Otherwise this booking holds them for the card page's lifetime (issue 11 §4).
  if (!(await holdNights(db, booking, now))) throw new ApiError(409, 'booking.nightsTaken');

  // One open pay-in per booking (the partial unique index payins_open_booking_key): while the
  // provider still waits for a card on it, every start is sent to its card page again.
  const open = await openPayin(db, booking.id);
  if (open) {
    // The provider's word first: a pay-in given up, expired (MangoPay closes its card page after
    // 15 minutes) or paid while the browser was away is recorded, and is no longer open.
    await settlePayin(db, open.providerId, now);
    const still = await openPayin(db, booking.id);
    if (still?.providerId === open.providerId) return { RedirectURL: still.redirectUrl! };
    // It was settled: the offer may be paid now, or may be paid again with a new pay-in.
    return startPayment(db, actor, id, cardType, now);
  }
  const remote = await payments.createCardPayIn(db, {
    payer: await payerOf(db, actor.id),
    amount: booking.totalPrice,
    cardType,
    returnUrl: `/dashboard/payment-return/${booking.id}`,
    bookingId: booking.id,
  });
  const [created] = await db
    .insert(payins)
    .values({ bookingId: booking.id, userId: actor.id, provider: payments.name, providerId: remote.id, cardType, amount: booking.totalPrice, redirectUrl: remote.redirectUrl })
    .onConflictDoNothing()
    .returning({ id: payins.id });
  if (created) return { RedirectURL: remote.redirectUrl };
  // Another start of the same booking got its pay-in in first: this one goes to that card page (the
  // provider's pay-in made here is never shown to anyone, so it cannot be paid, and expires there).
  const winner = await openPayin(db, booking.id);
  if (!winner) throw new ApiError(409, 'booking.changed');
  return { RedirectURL: winner.redirectUrl! };
}

/**
 * Holds the stay's nights for this booking until the card page closes, in the same table (and
 * primary key) that refuses a double booking: free nights, this booking's own hold and holds that
 * have run out are taken; a paid night or another guest's live hold is not. All or nothing.
 */
async function holdNights(db: Db, booking: BookingRow, now: Date): Promise<boolean> {
  const until = new Date(now.getTime() + NIGHT_HOLD_MINUTES * 60_000);
  const nights = nightsOf(day(booking.checkIn), day(booking.checkOut));
  try {
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Tx;
      // Nights in ascending order: concurrent holds lock them in the same order and cannot deadlock.
      const held = await tx
        .insert(bookedNights)
        .values(nights.map((night) => ({ cottageId: booking.cottageId, night, bookingId: booking.id, holdUntil: until })))
        .onConflictDoUpdate({
          target: [bookedNights.cottageId, bookedNights.night],
          set: { bookingId: sql`excluded.booking_id`, holdUntil: sql`excluded.hold_until` },
          setWhere: sql`${bookedNights.holdUntil} is not null and (${bookedNights.bookingId} = excluded.booking_id or ${bookedNights.holdUntil} <= ${now.toISOString()}::timestamptz)`,
        })
        .returning({ night: bookedNights.night });
      if (held.length !== nights.length) throw new Unbookable('NIGHTS_TAKEN');
    });
    return true;
  } catch (error) {
    if (error instanceof Unbookable) return false;
    throw error;
  }
}

/** A hold ends when its payment fails (success turns it into paid nights; cancel deletes it; time ends the rest). */
async function releaseHold(db: Db, bookingId: number) {
  await db.delete(bookedNights).where(and(eq(bookedNights.bookingId, bookingId), isNotNull(bookedNights.holdUntil)));
}

/** The booking's pay-in still waiting for a card, if any (pay-ins from before card pages were kept do not count). */
async function openPayin(db: Db, bookingId: number) {
  const [row] = await db
    .select()
    .from(payins)
    .where(and(eq(payins.bookingId, bookingId), eq(payins.status, 'CREATED'), isNotNull(payins.redirectUrl)))
    .limit(1);
  return row ?? null;
}


/** Why a succeeded pay-in could not pay its booking: the nights went to someone else, or the offer is no longer open. */
class Unbookable extends Error {
  constructor(readonly code: 'NIGHTS_TAKEN' | 'OFFER_CLOSED') {
    super(code);
  }
}

/**
 * The provider's word on a pay-in (its return and its hook both land here, and the sweep for
 * pay-ins left waiting): the status is read from the provider, never from the browser, and
 * recorded once however many times it arrives. A succeeded pay-in makes the booking PAID only
 * while the offer is open and all its nights are free; otherwise the money goes straight back.
 */
export async function settlePayin(db: Db, providerId: string, now = new Date()): Promise<PaymentReturn> {
  const [payin] = await db.select().from(payins).where(and(eq(payins.provider, payments.name), eq(payins.providerId, providerId))).limit(1);
  if (!payin) throw new ApiError(404, 'booking.paymentNotFound');
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, payin.bookingId)).limit(1);
  const base = { booking_id: booking!.id, conversation_id: booking!.conversationId };
  const remote = payin.status === 'CREATED' ? await payments.getPayIn(db, providerId) : null;

  if (remote?.status === 'FAILED') {
    const [claimed] = await db
      .update(payins)
      .set({ status: 'FAILED', resultCode: remote.resultCode, resultMessage: remote.resultMessage, settledAt: now })
      .where(and(eq(payins.id, payin.id), eq(payins.status, 'CREATED')))
      .returning({ id: payins.id });
    if (claimed) await event(db, booking!.id, 'FULL_PAYMENT', 'ERROR', payin.userId, payin.amount, now);
    if (claimed) await releaseHold(db, booking!.id);
  } else if (remote?.status === 'SUCCEEDED') {
    crashPoint('payment:before-record');
    try {
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Tx;
        const [claimed] = await tx
          .update(payins)
          .set({ status: 'SUCCEEDED', resultCode: remote.resultCode, resultMessage: remote.resultMessage, settledAt: now })
          .where(and(eq(payins.id, payin.id), eq(payins.status, 'CREATED')))
          .returning({ id: payins.id });
        if (!claimed) return; // Another return or hook got here first.
        // The booking row is locked until commit: a cancel or another payment waits, then sees PAID.
        const [current] = await tx.select().from(bookings).where(eq(bookings.id, payin.bookingId)).for('update').limit(1);
        // Only an open offer becomes PAID (SPEC §4); a cancelled, expired or already paid one is not revived.
        if (!current || statusAt(clock(current), now) !== 'PENDING' || !canMove('PENDING', 'PAID')) throw new Unbookable('OFFER_CLOSED');
        if (remote.amount !== current.totalPrice) throw new Unbookable('OFFER_CLOSED');
        const nights = nightsOf(day(current.checkIn), day(current.checkOut));
        // The nights become paid: free ones, this booking's own hold, or a hold of another that has run out.
        const inserted = await tx
          .insert(bookedNights)
          .values(nights.map((night) => ({ cottageId: current.cottageId, night, bookingId: current.id, holdUntil: null })))
          .onConflictDoUpdate({
            target: [bookedNights.cottageId, bookedNights.night],
            set: { bookingId: sql`excluded.booking_id`, holdUntil: null },
            setWhere: sql`${bookedNights.holdUntil} is not null and (${bookedNights.bookingId} = excluded.booking_id or ${bookedNights.holdUntil} <= ${now.toISOString()}::timestamptz)`,
          })
          .returning({ night: bookedNights.night });
        if (inserted.length !== nights.length) throw new Unbookable('NIGHTS_TAKEN');
        await tx.update(bookings).set({ status: 'PAID', paidAt: now }).where(and(eq(bookings.id, current.id), eq(bookings.status, 'PENDING')));
        await tx.insert(bookingEvents).values({ bookingId: current.id, type: 'FULL_PAYMENT', state: 'SUCCESS', userId: payin.userId, amount: payin.amount, date: now });
      });
    } catch (error) {
      if (!(error instanceof Unbookable)) throw error;
      await refundUnbookable(db, payin, error.code, now);
    }
    crashPoint('payment:after-record');
    const [after] = await db.select().from(payins).where(eq(payins.id, payin.id)).limit(1);
    if (after?.status === 'SUCCEEDED') await afterPaid(db, payin.bookingId);
  }
  return paymentResult(db, payin.id, base);
}

/** The money came in but cannot pay the booking: the pay-in is marked for a full refund, recorded as an intent with that decision and made at once (or by the money job). */
async function refundUnbookable(db: Db, payin: typeof payins.$inferSelect, code: 'NIGHTS_TAKEN' | 'OFFER_CLOSED', now: Date) {
  const intent = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Tx;
    const [claimed] = await tx
      .update(payins)
      .set({ status: 'REFUNDED', resultCode: code, resultMessage: null, settledAt: now })
      .where(and(eq(payins.id, payin.id), eq(payins.status, 'CREATED')))
      .returning();
    if (!claimed) return null;
    await tx.insert(bookingEvents).values({ bookingId: payin.bookingId, type: 'FULL_PAYMENT', state: 'ERROR', userId: payin.userId, amount: payin.amount, date: now });
    await tx.delete(bookedNights).where(and(eq(bookedNights.bookingId, payin.bookingId), isNotNull(bookedNights.holdUntil)));
    const recorded = await recordIntent(tx, { kind: 'REFUND', purpose: 'UNBOOKABLE', bookingId: payin.bookingId, payinId: payin.id, userId: payin.userId, amount: payin.amount });
    crashPoint('refund:before-intent');
    return recorded;
  });
  if (!intent) return;
  crashPoint('refund:after-intent');
  await runIntent(db, intent.id, now);
}

async function paymentResult(db: Db, payinId: number, base: { booking_id: number; conversation_id: number }): Promise<PaymentReturn> {
  const [p] = await db.select().from(payins).where(eq(payins.id, payinId)).limit(1);
  if (p!.status === 'SUCCEEDED') return { ...base, transaction: 'success', errorCode: null, errorMessage: null };
  if (p!.status === 'CREATED') return { ...base, transaction: 'pending', errorCode: null, errorMessage: null };
  return { ...base, transaction: 'failed', errorCode: p!.resultCode, errorMessage: p!.resultMessage };
}

/**
 * After a booking is paid, once: the chat message, the calendar and the guest's to-do (claimed by
 * setting calendar_before); then the insurance, until the insurer has given a number. The sweep
 * runs this again for paid bookings a crash or an insurer failure left unfinished.
 */
async function afterPaid(db: Db, bookingId: number) {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!booking || !booking.paidAt || booking.status !== 'PAID') return;
  const [claim] = await db.update(bookings).set({ calendarBefore: [] }).where(and(eq(bookings.id, bookingId), isNull(bookings.calendarBefore))).returning({ id: bookings.id });
  if (claim) {
    if (booking.markAsBookedIfAccepted) await markBooked(db, booking);
    await closePendingTodo(db, booking);
    const [conversation] = await db.select().from(conversations).where(eq(conversations.id, booking.conversationId)).limit(1);
    if (conversation) await addBookingMessage(db, conversation as ConversationRow, booking.guestId, 'booking_paid', bookingId);
  }
  if (booking.insurance && !booking.omocomId) {
    try {
      const omocomId = await insurance.insure({ bookingId, checkIn: day(booking.checkIn), checkOut: day(booking.checkOut), amount: booking.totalPrice });
      await db.update(bookings).set({ omocomId }).where(and(eq(bookings.id, bookingId), isNull(bookings.omocomId)));
    } catch (error) {
      log.error({ err: error, bookingId }, 'insurance failed; the sweep tries again');
    }
  }
}

// ——— Calendar ———

/**
 * Changes a cottage's calendar in one transaction, with the cottage row locked: two payments or
 * cancellations of the same cottage settle one after the other instead of overwriting each other.
 */
async function editCalendar(db: Db, cottageId: number, change: (ranges: CalendarRange[]) => CalendarRange[]) {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Tx;
    await tx.select({ id: cottages.id }).from(cottages).where(eq(cottages.id, cottageId)).for('update');
    const rows = await tx.select().from(cottageCalendar).where(eq(cottageCalendar.cottageId, cottageId)).orderBy(asc(cottageCalendar.fromDate));
    const ranges = change(rows.map((r) => ({ from: day(r.fromDate), to: day(r.toDate), state: r.state as CalendarState })));
    await tx.delete(cottageCalendar).where(eq(cottageCalendar.cottageId, cottageId));
    if (ranges.length) await tx.insert(cottageCalendar).values(ranges.map((r) => ({ cottageId, fromDate: r.from, toDate: r.to, state: r.state })));
  });
}

/** Paying marks the stay's nights booked (state 1), remembering what they were so cancelling can give them back. */
async function markBooked(db: Db, booking: BookingRow) {
  let before: CalendarRange[] = [];
  await editCalendar(db, booking.cottageId, (ranges) => {
    before = normalizeRanges(daysOf(ranges, day(booking.checkIn), day(booking.checkOut)).map((d) => ({ from: d.day, to: addDays(d.day, 1), state: d.state })));
    return setRange(ranges, { from: day(booking.checkIn), to: day(booking.checkOut), state: 1 });
  });
  await db.update(bookings).set({ calendarBefore: before }).where(eq(bookings.id, booking.id));
}

async function restoreCalendar(db: Db, booking: BookingRow) {
  await editCalendar(db, booking.cottageId, (current) => {
    // Nights with nothing recorded before were unknown (0); the rest get their earlier state back.
    let ranges = setRange(current, { from: day(booking.checkIn), to: day(booking.checkOut), state: 0 });
    for (const r of booking.calendarBefore ?? []) ranges = setRange(ranges, { from: r.from, to: r.to, state: r.state as CalendarState });
    return ranges;
  });
}

// ——— The sweep: what time does, without anyone opening a page ———

/** A pay-in the browser never came back from is asked about again for a day (then the provider has expired it). */
const WAITING_PAYIN_MIN_AGE_MS = 60_000;
const WAITING_PAYIN_MAX_AGE_MS = 24 * 60 * 60_000;
/** Rows the sweep handles per statement, so no run holds a large set in memory or locks many rows at once. */
const SWEEP_BATCH = 500;

/**
 * What time does, without anyone opening a page: expires offers, finishes stays, pays hosts out,
 * and finishes what a crash or a provider failure left open (pay-ins never returned from, refunds
 * the provider refused, paid bookings without their calendar marking or insurance). Safe to run
 * anywhere, any number of times.
 */
export async function sweepBookings(db: Db, now = new Date()) {
  // Each step reads only rows whose state can still change, through an index, a batch at a time.
  let expired = 0;
  for (;;) {
    const open = db.select({ id: bookings.id }).from(bookings).where(and(eq(bookings.status, 'PENDING'), lte(bookings.bookingExpirationDate, now))).limit(SWEEP_BATCH);
    const batch = await db
      .update(bookings)
      .set({ status: 'EXPIRED' })
      .where(and(inArray(bookings.id, open), eq(bookings.status, 'PENDING')))
      .returning();
    for (const b of batch) await closePendingTodo(db, b);
    expired += batch.length;
    if (batch.length < SWEEP_BATCH) break;
  }
  const today = todayInStockholm(now);
  let finished = 0;
  for (;;) {
    // A stay ends at noon of its check-out day in Stockholm (statusAt): the date narrows, the instant decides.
    const ended = db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.status, 'PAID'), lte(bookings.checkOut, today), sql`(${bookings.checkOut} + ${STAY_TIME}::time) at time zone ${TIMEZONE} <= ${now}`))
      .limit(SWEEP_BATCH);
    const batch = await db
      .update(bookings)
      .set({ status: 'FINISHED', finishedAt: now })
      .where(and(inArray(bookings.id, ended), eq(bookings.status, 'PAID')))
      .returning({ id: bookings.id });
    finished += batch.length;
    if (batch.length < SWEEP_BATCH) break;
  }
  // Paid stays, and cancelled paid bookings whose guest did not get everything back (issue 11 §3),
  // not yet paid out: the partial index bookings_payout_open_idx holds only these.
  let paidOut = 0;
  let after = 0;
  for (;;) {
    const due = await db
      .select()
      .from(bookings)
      .where(
        and(
          isNotNull(bookings.paidAt),
          isNull(bookings.paidOutAt),
          lte(bookings.checkIn, addDays(today, -1)),
          sql`${bookings.id} > ${after}`,
          or(inArray(bookings.status, ['PAID', 'FINISHED']), and(eq(bookings.status, 'CANCELLED'), sql`coalesce(${bookings.refundAmount}, 0) < ${bookings.totalPrice}`)),
          sql`not exists (select 1 from ${moneyIntents} where ${moneyIntents.bookingId} = ${bookings.id} and ${moneyIntents.kind} = 'PAYOUT')`,
        ),
      )
      .orderBy(asc(bookings.id))
      .limit(SWEEP_BATCH);
    for (const b of due) if (payoutDueAt({ check_in: day(b.checkIn) }) <= now && (await payOut(db, b, now))) paidOut++;
    if (due.length < SWEEP_BATCH) break;
    after = due[due.length - 1]!.id;
  }

  const waiting = await db
    .select({ providerId: payins.providerId })
    .from(payins)
    .where(and(eq(payins.status, 'CREATED'), eq(payins.provider, payments.name), lte(payins.createdAt, new Date(now.getTime() - WAITING_PAYIN_MIN_AGE_MS)), gte(payins.createdAt, new Date(now.getTime() - WAITING_PAYIN_MAX_AGE_MS))));
  for (const w of waiting) await settlePayin(db, w.providerId, now).catch((error: unknown) => log.warn({ err: error, providerId: w.providerId }, 'waiting pay-in not settled'));

  // Refunds and payouts decided and not yet carried out (or not yet recorded): the money job.
  const money = await runOpenIntents(db, now);

  // Served by the partial index bookings_paid_unfinished_idx (same predicate); an insurer still failing stays for the next run.
  const unfinished = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.status, 'PAID'), sql`(${bookings.calendarBefore} is null or (${bookings.insurance} and ${bookings.omocomId} is null))`))
    .orderBy(asc(bookings.id))
    .limit(SWEEP_BATCH);
  for (const b of unfinished) await afterPaid(db, b.id);
  return { expired, finished, paidOut, waiting: waiting.length, money };
}

/** Pays one booking's host out if it is due at `now` (the sweep's step for one booking; tests race it against a cancel). */
export async function payOutIfDue(db: Db, bookingId: number, now = new Date()): Promise<boolean> {
  const [b] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!b || b.paidOutAt || payoutDueAt({ check_in: day(b.checkIn) }) > now) return false;
  return payOut(db, b, now);
}

/**
 * The host's share goes to their wallet and on to their bank, once: the rent less the platform's
 * fee for a stay, or for a cancelled booking the rent the guest did not get back less the fee on it
 * (issue 11 §3). The decision is made with the booking row locked, against its status at that
 * moment (a cancel decides under the same lock, so exactly one of them wins), and recorded as a
 * payout intent the money job carries out with the provider's idempotency key. Returns whether the
 * payout is made.
 */
async function payOut(db: Db, booking: BookingRow, now: Date): Promise<boolean> {
  const intent = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Tx;
    const [current] = await tx.select().from(bookings).where(eq(bookings.id, booking.id)).for('update').limit(1);
    if (!current || current.paidOutAt || !current.paidAt) return null;
    const refund = current.status === 'CANCELLED' ? (current.refundAmount ?? 0) : current.status === 'PAID' || current.status === 'FINISHED' ? 0 : null;
    if (refund === null) return null;
    const { host } = shares({ totalPrice: current.totalPrice, feePercentage: current.feePercentage, refund });
    const recorded = await recordIntent(tx, { kind: 'PAYOUT', purpose: current.status === 'CANCELLED' ? 'RETAINED' : 'STAY', bookingId: current.id, userId: current.hostId, amount: host });
    crashPoint('payout:before-intent');
    return recorded;
  });
  if (!intent) return false;
  crashPoint('payout:after-intent');
  return (await runIntent(db, intent.id, now)) === 'SUCCEEDED';
}

/** GET /api/conversations/{id}/bookings: the offers of one conversation, newest first. */
export async function conversationBookingList(db: Db, actor: SessionUser, conversationId: number, now = new Date()) {
  const { role } = await participantOf(db, actor, conversationId);
  const rows = await db.select().from(bookings).where(eq(bookings.conversationId, conversationId)).orderBy(desc(bookings.id));
  const settled = await Promise.all(rows.map((r) => settle(db, r, now)));
  return Promise.all(settled.map((r) => bookingDto(db, r, role, now)));
}

/** The conversation's most recent stay that has ended (settled first), or null. */
export async function lastEndedStay(db: Db, conversationId: number, now = new Date()): Promise<number | null> {
  const rows = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.conversationId, conversationId), inArray(bookings.status, ['PAID', 'FINISHED'])))
    .orderBy(desc(bookings.checkOut));
  for (const r of rows) if ((await settle(db, r, now)).status === 'FINISHED') return r.id;
  return null;
}

/** SPEC §4: the host may ask the guest for a review once a stay in the conversation has ended, once per stay. */
export async function canAskForReview(db: Db, conversationId: number, role: BookingRole, now = new Date()): Promise<boolean> {
  if (role !== 'host') return false;
  const ended = await lastEndedStay(db, conversationId, now);
  if (!ended) return false;
  const [asked] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.type, 'ask_for_review'), sql`(${messages.meta} ->> 'booking_id')::int = ${ended}`))
    .limit(1);
  return !asked;
}
