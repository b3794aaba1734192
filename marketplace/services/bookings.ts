import 'server-only';
import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { PAGE_SIZE_BOOKINGS } from '@/lib/constants';
import { dac7Valid } from '@/lib/rules/ad';
import {
  bookingActions,
  canMove,
  listLabel,
  nightsOf,
  payoutDueAt,
  platformFee,
  statusAt,
  timelineOf,
  usesInsuranceTerms,
  type BookingRole,
  type BookingStatus,
  type TimelineEntry,
} from '@/lib/rules/booking';
import { daysOf, normalizeRanges, setRange, type CalendarRange, type CalendarState } from '@/lib/rules/calendar';
import { addDays, stockholmTime, todayInStockholm } from '@/lib/rules/dates';
import { isProfileComplete } from '@/lib/rules/profile';
import { refundDeadline, refundFor } from '@/lib/rules/refund';
import { bookingListQuery, bookingOfferSchema, expirationError, type BookingOrder, type CardType } from '@/lib/schemas/booking';
import type * as z from 'zod/mini';
import type { Db } from '../db/client';
import { bookedNights, bookingEvents, bookings, cancellationPolicies, conversations, cottageCalendar, cottageImages, cottages, messages, payins, todos, users, type TimelineState, type TimelineType } from '../db/schema';
import type { SessionUser } from '../http/context';
import { ApiError } from '../http/errors';
import { log } from '../log';
import { insurance } from '../providers/insurance';
import { payments, type Payer } from '../providers/payments';
import { addBookingMessage, participantOf, type ConversationRow } from './conversations';
import { userDto, type UserRow } from './users';

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

function personDto(u: UserRow | undefined, phonesVisible: boolean) {
  if (!u) return { id: null, name: null, deleted: true };
  const last = u.hideLastName && u.lastName ? `${u.lastName[0]}.` : (u.lastName ?? '');
  return {
    id: u.id,
    name: `${u.firstName ?? ''} ${last}`.trim() || u.username.split('@')[0]!,
    deleted: false,
    birthday: u.birthday,
    city: u.uCity,
    country: u.uCountry,
    phone_1: phonesVisible && !u.hidePhoneNumber ? u.phone1 : null,
    phone_2: phonesVisible && !u.hidePhoneNumber ? u.phone2 : null,
    type: u.type,
    business_type: u.businessType,
    hide_phone_number: u.hidePhoneNumber,
    kyc_status: u.kycStatus,
  };
}

async function events(db: Db, bookingId: number): Promise<TimelineEntry[]> {
  const rows = await db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId)).orderBy(asc(bookingEvents.date), asc(bookingEvents.id));
  return rows.map((e) => ({ date: e.date.toISOString(), user: e.userId, type: e.type, state: e.state, amount: e.amount }));
}

/** GET /api/bookings/{id}: the booking as SPEC §3 describes it, for the actor's role. */
export async function bookingDto(db: Db, row: BookingRow, role: BookingRole, now = new Date()) {
  const [[host], [guest], [cottage], [policy], stored] = await Promise.all([
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
    fee,
    kept_amount: row.totalPrice - fee,
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
    Timeline: timelineOf(stored, { ...clock(row), paid_out_at: row.paidOutAt?.toISOString() ?? null, total_price: row.totalPrice, fee }, now),
    cancel_for_full_refund_deadline: policy ? refundDeadline(day(row.checkIn), policy.cancelForFullRefundInDays).toISOString() : null,
    cancel_for_half_refund_deadline: policy ? refundDeadline(day(row.checkIn), policy.cancelForHalfRefundInDays).toISOString() : null,
    // What the guest would get back by cancelling now (SPEC §4 refund rule).
    refund_now:
      role === 'guest' && row.status === 'PAID' && policy
        ? refundFor({ totalPrice: row.totalPrice, checkIn: day(row.checkIn), policy: policyDto!, at: now })
        : null,
    actions,
  };
}
export type BookingDto = Awaited<ReturnType<typeof bookingDto>>;

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
      bookingExpirationDate: stockholmTime(input.booking_expiration_date, '23:59:59'),
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
  const expiry = stockholmTime(value, '23:59:59');
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

  const [cancelled] = await db
    .update(bookings)
    .set({ status: 'CANCELLED', cancelledAt: now, cancelledBy: actor.id, cancellationReason: reason, refundAmount: refund?.amount ?? null })
    .where(and(eq(bookings.id, id), eq(bookings.status, booking.status)))
    .returning();
  if (!cancelled) throw new ApiError(409, 'booking.changed');
  await event(db, id, 'CANCELLED', 'NEUTRAL', actor.id, null, now);
  if (booking.status === 'PAID') {
    await db.delete(bookedNights).where(eq(bookedNights.bookingId, id));
    if (cancelled.markAsBookedIfAccepted && cancelled.calendarBefore) await restoreCalendar(db, cancelled);
    if (refund && refund.amount > 0) await refundPayment(db, cancelled, refund.amount, now);
  }
  await closePendingTodo(db, booking);
  const [conversation] = await db.select().from(conversations).where(eq(conversations.id, booking.conversationId)).limit(1);
  if (conversation) await addBookingMessage(db, conversation, actor.id, 'booking_cancelled', id);
  const [fresh] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  return bookingDto(db, fresh!, role, now);
}

async function payerOf(db: Db, userId: number): Promise<Payer> {
  const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return { id: userId, mangoUserId: u?.mangoUserId ?? null, firstName: u?.firstName ?? null, lastName: u?.lastName ?? null, username: u?.username ?? '', language: u?.language ?? 'sv' };
}

/** Gives money back on the booking's succeeded pay-in; the timeline says so (REFUNDED, or ERROR if the provider refused). */
async function refundPayment(db: Db, booking: BookingRow, amount: number, now: Date) {
  const [payin] = await db.select().from(payins).where(and(eq(payins.bookingId, booking.id), eq(payins.status, 'SUCCEEDED'))).limit(1);
  if (!payin) return;
  const result = await payments.refund(db, { payInId: payin.providerId, amount, payer: await payerOf(db, booking.guestId) });
  await db.update(payins).set({ refundProviderId: result.id, refundedAmount: amount }).where(eq(payins.id, payin.id));
  await event(db, booking.id, 'REFUNDED', result.status === 'SUCCEEDED' ? 'SUCCESS' : 'ERROR', booking.guestId, amount, now);
}

// ——— Paying ———

/** POST /api/bookings/{id}/payment: the guest accepts the offer and is sent to the provider's card page. */
export async function startPayment(db: Db, actor: SessionUser, id: number, cardType: CardType, now = new Date()) {
  const { booking, role } = await bookingOf(db, actor, id, now);
  if (role !== 'guest') throw new ApiError(403, 'booking.onlyGuest');
  if (!bookingActions(clock(booking), role, now).pay) throw new ApiError(400, booking.status === 'EXPIRED' ? 'booking.expired' : 'booking.notAllowed');
  const [guest] = await db.select().from(users).where(eq(users.id, actor.id)).limit(1);
  if (!guest || !isProfileComplete(userDto(guest))) throw new ApiError(400, 'booking.guestProfileIncomplete');
  // Nights someone else has paid for cannot be paid again: say so before any money moves.
  const [taken] = await db
    .select({ night: bookedNights.night })
    .from(bookedNights)
    .where(and(eq(bookedNights.cottageId, booking.cottageId), gte(bookedNights.night, day(booking.checkIn)), sql`${bookedNights.night} < ${day(booking.checkOut)}`))
    .limit(1);
  if (taken) throw new ApiError(409, 'booking.nightsTaken');
  const remote = await payments.createCardPayIn(db, {
    payer: await payerOf(db, actor.id),
    amount: booking.totalPrice,
    cardType,
    returnUrl: `/dashboard/payment-return/${booking.id}`,
    bookingId: booking.id,
  });
  await db.insert(payins).values({ bookingId: booking.id, userId: actor.id, provider: payments.name, providerId: remote.id, cardType, amount: booking.totalPrice });
  return { RedirectURL: remote.redirectUrl };
}

export type PaymentReturn = { booking_id: number; conversation_id: number; transaction: 'success' | 'failed' | 'pending'; errorCode: string | null; errorMessage: string | null };

class NightsTaken extends Error {}

/**
 * The provider's word on a pay-in (its return and its hook both land here): the status is read
 * from the provider, never from the browser, and recorded once however many times it arrives.
 * A succeeded pay-in makes the booking PAID only if all its nights are still free; otherwise the
 * money goes straight back.
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
  } else if (remote?.status === 'SUCCEEDED') {
    if (remote.amount !== payin.amount) log.warn({ providerId, expected: payin.amount, got: remote.amount }, 'pay-in amount differs');
    try {
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Tx;
        const [claimed] = await tx
          .update(payins)
          .set({ status: 'SUCCEEDED', resultCode: remote.resultCode, resultMessage: remote.resultMessage, settledAt: now })
          .where(and(eq(payins.id, payin.id), eq(payins.status, 'CREATED')))
          .returning({ id: payins.id });
        if (!claimed) return; // Another return or hook got here first.
        const [current] = await tx.select().from(bookings).where(eq(bookings.id, payin.bookingId)).limit(1);
        // The guest paid on the provider's page before the offer ended; a booking cancelled meanwhile is not revived.
        if (!current || (current.status !== 'PENDING' && current.status !== 'EXPIRED')) throw new NightsTaken();
        const nights = nightsOf(day(current.checkIn), day(current.checkOut));
        const inserted = await tx
          .insert(bookedNights)
          .values(nights.map((night) => ({ cottageId: current.cottageId, night, bookingId: current.id })))
          .onConflictDoNothing()
          .returning({ night: bookedNights.night });
        if (inserted.length !== nights.length) throw new NightsTaken();
        await tx.update(bookings).set({ status: 'PAID', paidAt: now }).where(eq(bookings.id, current.id));
        await tx.insert(bookingEvents).values({ bookingId: current.id, type: 'FULL_PAYMENT', state: 'SUCCESS', userId: payin.userId, amount: payin.amount, date: now });
      });
    } catch (error) {
      if (!(error instanceof NightsTaken)) throw error;
      await refundUnbookable(db, payin, now);
    }
    const [after] = await db.select().from(payins).where(eq(payins.id, payin.id)).limit(1);
    if (after?.status === 'SUCCEEDED') await afterPaid(db, payin.bookingId);
  }
  return paymentResult(db, payin.id, base);
}

/** The nights went to someone else while this guest was on the card page: the whole amount goes back at once. */
async function refundUnbookable(db: Db, payin: typeof payins.$inferSelect, now: Date) {
  const [claimed] = await db
    .update(payins)
    .set({ status: 'REFUNDED', resultCode: 'NIGHTS_TAKEN', resultMessage: null, settledAt: now, refundedAmount: payin.amount })
    .where(and(eq(payins.id, payin.id), eq(payins.status, 'CREATED')))
    .returning({ id: payins.id });
  if (!claimed) return;
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, payin.bookingId)).limit(1);
  const result = await payments.refund(db, { payInId: payin.providerId, amount: payin.amount, payer: await payerOf(db, booking!.guestId) });
  await db.update(payins).set({ refundProviderId: result.id }).where(eq(payins.id, payin.id));
  await event(db, payin.bookingId, 'FULL_PAYMENT', 'ERROR', payin.userId, payin.amount, now);
  await event(db, payin.bookingId, 'REFUNDED', result.status === 'SUCCEEDED' ? 'SUCCESS' : 'ERROR', payin.userId, payin.amount, now);
}

async function paymentResult(db: Db, payinId: number, base: { booking_id: number; conversation_id: number }): Promise<PaymentReturn> {
  const [p] = await db.select().from(payins).where(eq(payins.id, payinId)).limit(1);
  if (p!.status === 'SUCCEEDED') return { ...base, transaction: 'success', errorCode: null, errorMessage: null };
  if (p!.status === 'CREATED') return { ...base, transaction: 'pending', errorCode: null, errorMessage: null };
  return { ...base, transaction: 'failed', errorCode: p!.resultCode, errorMessage: p!.resultMessage };
}

/** Once per paid booking: the chat message, the calendar, the insurance, the guest's to-do. */
async function afterPaid(db: Db, bookingId: number) {
  // The message is the marker that this ran: a unique claim on the booking's paid message.
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!booking || !booking.paidAt) return;
  const [conversation] = await db.select().from(conversations).where(eq(conversations.id, booking.conversationId)).limit(1);
  const [claim] = await db
    .update(bookings)
    .set({ calendarBefore: booking.calendarBefore ?? [] })
    .where(and(eq(bookings.id, bookingId), isNull(bookings.calendarBefore)))
    .returning({ id: bookings.id });
  if (!claim) return;
  if (booking.markAsBookedIfAccepted) await markBooked(db, booking);
  if (booking.insurance && !booking.omocomId) {
    try {
      const omocomId = await insurance.insure({ bookingId, checkIn: day(booking.checkIn), checkOut: day(booking.checkOut), amount: booking.totalPrice });
      await db.update(bookings).set({ omocomId }).where(eq(bookings.id, bookingId));
    } catch (error) {
      log.error({ err: error, bookingId }, 'insurance failed');
    }
  }
  await closePendingTodo(db, booking);
  if (conversation) await addBookingMessage(db, conversation as ConversationRow, booking.guestId, 'booking_paid', bookingId);
}

// ——— Calendar ———

async function readRanges(db: Db, cottageId: number): Promise<CalendarRange[]> {
  const rows = await db.select().from(cottageCalendar).where(eq(cottageCalendar.cottageId, cottageId)).orderBy(asc(cottageCalendar.fromDate));
  return rows.map((r) => ({ from: day(r.fromDate), to: day(r.toDate), state: r.state as CalendarState }));
}

async function writeRanges(db: Db, cottageId: number, ranges: CalendarRange[]) {
  await db.transaction(async (tx) => {
    await tx.delete(cottageCalendar).where(eq(cottageCalendar.cottageId, cottageId));
    if (ranges.length) await tx.insert(cottageCalendar).values(ranges.map((r) => ({ cottageId, fromDate: r.from, toDate: r.to, state: r.state })));
  });
}

/** Paying marks the stay's nights booked (state 1), remembering what they were so cancelling can give them back. */
async function markBooked(db: Db, booking: BookingRow) {
  const ranges = await readRanges(db, booking.cottageId);
  const before = normalizeRanges(daysOf(ranges, day(booking.checkIn), day(booking.checkOut)).map((d) => ({ from: d.day, to: addDays(d.day, 1), state: d.state })));
  await writeRanges(db, booking.cottageId, setRange(ranges, { from: day(booking.checkIn), to: day(booking.checkOut), state: 1 }));
  await db.update(bookings).set({ calendarBefore: before }).where(eq(bookings.id, booking.id));
}

async function restoreCalendar(db: Db, booking: BookingRow) {
  let ranges = await readRanges(db, booking.cottageId);
  // Nights with nothing recorded before were unknown (0); the rest get their earlier state back.
  ranges = setRange(ranges, { from: day(booking.checkIn), to: day(booking.checkOut), state: 0 });
  for (const r of booking.calendarBefore ?? []) ranges = setRange(ranges, { from: r.from, to: r.to, state: r.state as CalendarState });
  await writeRanges(db, booking.cottageId, ranges);
}

// ——— The sweep: what time does, without anyone opening a page ———

/** Expires offers, finishes stays and pays hosts out; safe to run anywhere, any number of times. */
export async function sweepBookings(db: Db, now = new Date()) {
  const expired = await db
    .update(bookings)
    .set({ status: 'EXPIRED' })
    .where(and(eq(bookings.status, 'PENDING'), lte(bookings.bookingExpirationDate, now)))
    .returning();
  for (const b of expired) await closePendingTodo(db, b);
  const today = todayInStockholm(now);
  const ending = await db.select().from(bookings).where(and(eq(bookings.status, 'PAID'), lte(bookings.checkOut, today)));
  let finished = 0;
  for (const b of ending) if ((await settle(db, b, now)).status === 'FINISHED') finished++;
  const due = await db
    .select()
    .from(bookings)
    .where(and(inArray(bookings.status, ['PAID', 'FINISHED']), isNull(bookings.paidOutAt), lte(bookings.checkIn, addDays(today, -1))));
  let paidOut = 0;
  for (const b of due) if (payoutDueAt({ check_in: day(b.checkIn) }) <= now && (await payOut(db, b, now))) paidOut++;
  return { expired: expired.length, finished, paidOut };
}

/** The host's share (the rent less the platform's fee) goes to their wallet and on to their bank. */
async function payOut(db: Db, booking: BookingRow, now: Date): Promise<boolean> {
  const [claimed] = await db.update(bookings).set({ paidOutAt: now }).where(and(eq(bookings.id, booking.id), isNull(bookings.paidOutAt))).returning({ id: bookings.id });
  if (!claimed) return false;
  const amount = booking.totalPrice - platformFee(booking.totalPrice, booking.feePercentage);
  try {
    const result = await payments.payout(db, { host: await payerOf(db, booking.hostId), amount, bookingId: booking.id });
    if (result.status === 'SUCCEEDED') {
      await event(db, booking.id, 'TRANSFER', 'SUCCESS', booking.hostId, amount, now);
      await event(db, booking.id, 'PAY_OUT', 'SUCCESS', booking.hostId, amount, now);
      return true;
    }
    throw new Error(`payout ${result.status}`);
  } catch (error) {
    log.warn({ err: error, bookingId: booking.id }, 'payout not made yet');
    await db.update(bookings).set({ paidOutAt: null }).where(eq(bookings.id, booking.id));
    const [pending] = await db.select({ id: bookingEvents.id }).from(bookingEvents).where(and(eq(bookingEvents.bookingId, booking.id), eq(bookingEvents.type, 'PAY_OUT_PENDING'))).limit(1);
    if (!pending) await event(db, booking.id, 'PAY_OUT_PENDING', 'NEUTRAL', booking.hostId, amount, now);
    return false;
  }
}

// ——— Lists ———

const ORDER: Record<BookingOrder, SQL[]> = {
  id_asc: [asc(bookings.id)],
  check_in_desc: [desc(bookings.checkIn), desc(bookings.id)],
  check_in_asc: [asc(bookings.checkIn), asc(bookings.id)],
  paid_at_asc: [sql`${bookings.paidAt} asc nulls last`, asc(bookings.id)],
};

/** GET /api/user/bookings: bookings the user sent or received, filtered, 10 a page, with the next page's link. */
export async function listUserBookings(db: Db, actor: SessionUser, query: z.output<typeof bookingListQuery>, now = new Date()) {
  await sweepFor(db, actor.id, now);
  const limit = Math.min(Math.max(Number(query.limit ?? PAGE_SIZE_BOOKINGS), 1), 50);
  const offset = Number(query.offset ?? 0);
  const statuses: SQL[] = [];
  if (query.pending) statuses.push(eq(bookings.status, 'PENDING'));
  if (query.expired) statuses.push(eq(bookings.status, 'EXPIRED'));
  if (query.paid) statuses.push(and(eq(bookings.status, 'PAID'), isNull(bookings.paidOutAt))!);
  if (query.paid_out) statuses.push(and(inArray(bookings.status, ['PAID', 'FINISHED']), sql`${bookings.paidOutAt} is not null`)!);
  if (query.finished) statuses.push(and(eq(bookings.status, 'FINISHED'), isNull(bookings.paidOutAt))!);
  if (query.cancelled) statuses.push(eq(bookings.status, 'CANCELLED'));
  const where = and(
    or(eq(bookings.hostId, actor.id), eq(bookings.guestId, actor.id)),
    query.checkInFrom ? gte(bookings.checkIn, query.checkInFrom) : undefined,
    query.checkInTo ? lte(bookings.checkIn, query.checkInTo) : undefined,
    statuses.length ? or(...statuses) : undefined,
  );
  const rows = await db
    .select()
    .from(bookings)
    .where(where)
    .orderBy(...ORDER[query.order ?? 'check_in_asc'])
    .limit(limit + 1)
    .offset(offset);
  const page = rows.slice(0, limit);
  const results = await Promise.all(page.map((b) => bookingDto(db, b, b.hostId === actor.id ? 'host' : 'guest', now)));
  let nextPage: string | null = null;
  if (rows.length > limit) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '' && k !== 'offset' && k !== 'limit') params.set(k, String(v));
    params.set('limit', String(limit));
    params.set('offset', String(offset + limit));
    nextPage = `/api/user/bookings?${params.toString()}`;
  }
  return { results, nextPage };
}

/** Before listing, the user's own bookings that time has moved are settled (served by the host/guest indexes). */
async function sweepFor(db: Db, userId: number, now: Date) {
  const today = todayInStockholm(now);
  const stale = await db
    .select()
    .from(bookings)
    .where(
      and(
        or(eq(bookings.hostId, userId), eq(bookings.guestId, userId)),
        or(and(eq(bookings.status, 'PENDING'), lte(bookings.bookingExpirationDate, now)), and(eq(bookings.status, 'PAID'), lte(bookings.checkOut, today))),
      ),
    );
  for (const b of stale) await settle(db, b, now);
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
