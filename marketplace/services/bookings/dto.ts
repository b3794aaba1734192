import 'server-only';
import { personDto } from '../users';
import { and, asc, desc, eq } from 'drizzle-orm';
import { bookingActions, listLabel, platformFee, timelineFor, timelineOf, type BookingRole, type TimelineEntry } from '@/lib/rules/booking';
import { isProfileComplete } from '@/lib/rules/profile';
import { refundDeadline, refundFor } from '@/lib/rules/refund';
import type { Db } from '../../db/client';
import { bookingEvents, cancellationPolicies, cottageImages, cottages, payins, reviews, users } from '../../db/schema';
import { insurance } from '../../providers/insurance';
import { importedConflict } from '../calendar-feeds';
import { userDto } from '../users';
import { clock, day, type BookingRow } from './access';

async function events(db: Db, bookingId: number): Promise<TimelineEntry[]> {
  const rows = await db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId)).orderBy(asc(bookingEvents.date), asc(bookingEvents.id));
  return rows.map((e) => ({ date: e.date.toISOString(), user: e.userId, type: e.type, state: e.state, amount: e.amount }));
}

/** GET /api/bookings/{id}: the booking as SPEC §3 describes it, for the actor's role. */
export async function bookingDto(db: Db, row: BookingRow, role: BookingRole, now = new Date()) {
  const [[host], [guest], [cottage], [policy], stored, [lastPayin], [review], importedOverlap] = await Promise.all([
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
    db.select({ id: reviews.id }).from(reviews).where(eq(reviews.bookingId, row.id)).limit(1),
    // Issue 18: a night of this stay booked on another site too (the host settles it; the guest is not told).
    role === 'host' && (row.status === 'PENDING' || row.status === 'PAID') ? importedConflict(db, row.cottageId, { from: day(row.checkIn), to: day(row.checkOut) }) : null,
  ]);
  const fee = platformFee(row.totalPrice, row.feePercentage);
  const paid = row.paidAt !== null;
  const policyDto = policy
    ? { id: policy.id, name: policy.name, cancel_for_full_refund_in_days: policy.cancelForFullRefundInDays, cancel_for_half_refund_in_days: policy.cancelForHalfRefundInDays }
    : null;
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
    // SPEC §6: 'Add review' for the guest of a finished stay, until the stay has its review.
    can_leave_review: role === 'guest' && row.status === 'FINISHED' && !review,
    guest_profile_complete: guest ? isProfileComplete(userDto(guest)) : false,
    imported_overlap: importedOverlap,
    Host: personDto(host, paid && role === 'guest'),
    Guest: personDto(guest, paid && role === 'host'),
    cottage: cottage ? { id: cottage.id, title_sv: cottage.title_sv, images: cottage.filename ? [{ filename: cottage.filename }] : [] } : null,
    Timeline: timelineFor(timelineOf(stored, { ...clock(row), paid_out_at: row.paidOutAt?.toISOString() ?? null, total_price: row.totalPrice, fee }, now), role),
    cancel_for_full_refund_deadline: policy ? refundDeadline(day(row.checkIn), policy.cancelForFullRefundInDays).toISOString() : null,
    cancel_for_half_refund_deadline: policy ? refundDeadline(day(row.checkIn), policy.cancelForHalfRefundInDays).toISOString() : null,
    // What the guest would get back by cancelling now (SPEC §4 refund rule).
    refund_now: role === 'guest' && row.status === 'PAID' && policy ? refundFor({ totalPrice: row.totalPrice, checkIn: day(row.checkIn), policy: policyDto!, at: now }) : null,
    actions,
    // The latest card payment's outcome, for the payment return (the guest's own payment).
    last_payment: role === 'guest' && lastPayin ? { status: lastPayin.status, result_code: lastPayin.resultCode, result_message: lastPayin.resultMessage } : null,
  };
}
export type BookingDto = Awaited<ReturnType<typeof bookingDto>>;
