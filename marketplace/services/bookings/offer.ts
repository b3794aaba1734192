import 'server-only';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type * as z from 'zod/mini';
import { dac7Valid } from '@/lib/rules/ad';
import { bookingActions, canMove, expiryInstant, usesInsuranceTerms, type BookingStatus } from '@/lib/rules/booking';
import { todayInStockholm } from '@/lib/rules/dates';
import { isProfileComplete } from '@/lib/rules/profile';
import { bookingOfferSchema, expirationError } from '@/lib/schemas/booking';
import type { Db } from '../../db/client';
import { bookings, cancellationPolicies, cottages, todos, users } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { ApiError } from '../../http/errors';
import { importedConflict } from '../calendar-feeds';
import { stayViolations } from './stay-rules';
import { addBookingMessage } from '../conversations/messages';
import { participantOf } from '../conversations/access';
import { userDto } from '../users';
import { bookingOf, clock, day, event } from './access';
import { bookingDto } from './dto';

// The host's offer: the policies to choose from, sending it, the ad's overlapping bookings, a new time limit.

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
  // Issue 18: nights booked on another site (an imported calendar) cannot be offered here.
  const source = await importedConflict(db, cottage.id, { from: input.check_in, to: input.check_out });
  if (source) throw new ApiError(409, 'feed.imported', [], { source });
  // Issue 18: the ad's stay rules; the host may override them for their own offer.
  const violations = await stayViolations(db, cottage.id, cottage.stayRules, { check_in: input.check_in, check_out: input.check_out }, null, now);
  if (violations.length && !input.override_stay_rules) {
    throw new ApiError(
      400,
      'stayRules.violated',
      violations.map((v) => ({ field: 'check_in', message: `stayRules.${v.kind}`, detail: { kind: v.kind } })),
    );
  }

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
      stayRulesOverridden: violations.length > 0,
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
  const [updated] = await db
    .update(bookings)
    .set({ bookingExpirationDate: expiry, status })
    .where(and(eq(bookings.id, id), eq(bookings.status, booking.status)))
    .returning();
  if (!updated) throw new ApiError(409, 'booking.changed');
  if (status === 'PENDING')
    await db
      .update(todos)
      .set({ read: false })
      .where(and(eq(todos.userId, booking.guestId), eq(todos.type, 'PENDING_BOOKING'), eq(todos.refId, id)));
  return bookingDto(db, updated, role, now);
}
