// SPEC §4 "Booking statuses": the state machine, who may do what, the list label, the fee hint,
// the insurance terms and the timeline. Pure: the API, the screens and the tests share it.
import { addDays, stockholmTime, todayInStockholm, type Day } from './dates';
import { canCancelBefore } from './refund';
import type { TimelineEntry } from '../schemas/booking-dto';

export type BookingStatus = 'PENDING' | 'EXPIRED' | 'PAID' | 'FINISHED' | 'CANCELLED';
export type BookingLabel = BookingStatus | 'PAID_OUT';
export type BookingRole = 'host' | 'guest';

/** Check-in and check-out happen at noon, Stockholm time (the offer form's defaults). */
export const STAY_TIME = '12:00:00';
/** The host's payout falls due the day after check-in. */
export const PAYOUT_DAYS_AFTER_CHECK_IN = 1;
/** How long a guest who starts paying holds the stay's nights: the card page's lifetime at MangoPay (15 minutes). */
export const NIGHT_HOLD_MINUTES = 15;

/** The only moves the server makes (SPEC §4). EXPIRED → PENDING is the host giving more time. */
const TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]> = {
  PENDING: ['PAID', 'EXPIRED', 'CANCELLED'],
  EXPIRED: ['PENDING'],
  PAID: ['FINISHED', 'CANCELLED'],
  FINISHED: [],
  CANCELLED: [],
};
export const canMove = (from: BookingStatus, to: BookingStatus) => TRANSITIONS[from].includes(to);

export type BookingClock = { status: BookingStatus; check_in: Day; check_out: Day; booking_expiration_date: string };

export const checkInAt = (b: { check_in: Day }) => stockholmTime(b.check_in, STAY_TIME);
export const checkOutAt = (b: { check_out: Day }) => stockholmTime(b.check_out, STAY_TIME);
export const payoutDueAt = (b: { check_in: Day }) => stockholmTime(addDays(b.check_in, PAYOUT_DAYS_AFTER_CHECK_IN), STAY_TIME);

/** The status time has brought: an offer past its expiry has expired; a paid stay past check-out is finished. */
export function statusAt(b: BookingClock, now: Date): BookingStatus {
  if (b.status === 'PENDING' && new Date(b.booking_expiration_date).getTime() <= now.getTime()) return 'EXPIRED';
  if (b.status === 'PAID' && checkOutAt(b).getTime() <= now.getTime()) return 'FINISHED';
  return b.status;
}

/** SPEC §4: PAID_OUT is only a label, shown once the host's payout is made. */
export const listLabel = (status: BookingStatus, paidOutAt: string | null): BookingLabel => (paidOutAt && (status === 'PAID' || status === 'FINISHED') ? 'PAID_OUT' : status);

export type BookingActions = {
  /** Guest: accept and pay a pending offer. */
  pay: boolean;
  /** Cancel with a reason: either side while pending, the guest while paid and before check-in. */
  cancel: boolean;
  /** Host: give the guest a new time limit (pending or expired, before check-in). */
  editExpiry: boolean;
  /** Host of a paid booking: cancelling goes through support. */
  contactSupportToCancel: boolean;
};

export function bookingActions(b: BookingClock, role: BookingRole, now: Date): BookingActions {
  const status = statusAt(b, now);
  const beforeCheckIn = canCancelBefore(b.check_in, now);
  return {
    pay: role === 'guest' && status === 'PENDING' && beforeCheckIn,
    cancel: beforeCheckIn && (status === 'PENDING' || (status === 'PAID' && role === 'guest')),
    editExpiry: role === 'host' && (status === 'PENDING' || status === 'EXPIRED') && beforeCheckIn,
    contactSupportToCancel: role === 'host' && status === 'PAID',
  };
}

/** SPEC §4: the fee hint shows for totals of 100–100 000 kr: the fee is the ad's percentage, rounded to whole kronor. */
export function feeHint(totalOre: number, percentage: number): { fee: number; keep: number } | null {
  if (!Number.isInteger(totalOre) || totalOre < 100_00 || totalOre > 100_000_00) return null;
  const fee = platformFee(totalOre, percentage);
  return { fee, keep: totalOre - fee };
}

/**
 * Who gets what of a paid booking, in öre (issue 11 §3): the guest the refund, the host the rent
 * kept less the platform's commission on it, the platform that commission. Always adds up to the total.
 */
export function shares(b: { totalPrice: number; feePercentage: number; refund: number }): { guest: number; host: number; platform: number } {
  const kept = b.totalPrice - b.refund;
  const platform = kept > 0 ? Math.min(kept, platformFee(kept, b.feePercentage)) : 0;
  return { guest: b.refund, host: kept - platform, platform };
}

/** The platform's fee in öre, whole kronor. */
export const platformFee = (totalOre: number, percentage: number) => Math.round((totalOre * percentage) / 100 / 100) * 100;

/** SPEC §4: offers with check-out after 2021-02-28 or created after 2021-01-31 use the terms with insurance. */
export const usesInsuranceTerms = (checkOut: Day, createdAt: Date) => checkOut > '2021-02-28' || todayInStockholm(createdAt) > '2021-01-31';

/** The nights a stay covers: check-in up to, not including, check-out. */
export function nightsOf(checkIn: Day, checkOut: Day): Day[] {
  const nights: Day[] = [];
  for (let d = checkIn; d < checkOut; d = addDays(d, 1)) nights.push(d);
  return nights;
}

/** Two stays share a night when each starts before the other ends. */
export const staysOverlap = (a: { check_in: Day; check_out: Day }, b: { check_in: Day; check_out: Day }) => a.check_in < b.check_out && b.check_in < a.check_out;

/** A line of the booking's timeline, as GET /api/bookings/{id} answers it (lib/schemas/booking-dto). */
export type { TimelineEntry };

/**
 * The booking's timeline: what happened (stored) and the dates still ahead — the payment due date
 * while the offer is open, check-in and check-out of a paid stay, and the payout due date until it is paid out.
 */
export function timelineOf(events: readonly TimelineEntry[], b: BookingClock & { paid_out_at: string | null; total_price: number; fee: number }, now: Date): TimelineEntry[] {
  const status = statusAt(b, now);
  const at = (d: Date): Pick<TimelineEntry, 'date' | 'state'> => ({ date: d.toISOString(), state: d.getTime() > now.getTime() ? 'FUTURE' : 'SUCCESS' });
  const computed: TimelineEntry[] = [];
  if (status === 'PENDING') computed.push({ date: b.booking_expiration_date, state: 'FUTURE', type: 'FULL_PAYMENT_DUE_DATE', user: null, amount: b.total_price });
  if (status === 'EXPIRED') computed.push({ date: b.booking_expiration_date, state: 'ERROR', type: 'FULL_PAYMENT_DUE_DATE', user: null, amount: b.total_price });
  if (status === 'PAID' || status === 'FINISHED') {
    computed.push({ ...at(checkInAt(b)), type: 'CHECKIN', user: null, amount: null });
    computed.push({ ...at(checkOutAt(b)), type: 'CHECKOUT', user: null, amount: null });
    // An overdue payout (the host's bank details missing, say) is neither done nor ahead: NEUTRAL.
    const due = payoutDueAt(b);
    if (!b.paid_out_at) computed.push({ date: due.toISOString(), state: due.getTime() > now.getTime() ? 'FUTURE' : 'NEUTRAL', type: 'PAY_OUT_DUE_DATE', user: null, amount: b.total_price - b.fee });
  }
  return [...events, ...computed].sort((x, y) => x.date.localeCompare(y.date));
}

/**
 * When an offer ends: the end of the chosen day in Stockholm (SPEC §5), but never after check-in
 * day has begun, since nobody can accept, pay or cancel from then on.
 */
export function expiryInstant(day: Day, checkIn: Day): Date {
  const endOfDay = stockholmTime(day, '23:59:59');
  const lastMoment = new Date(stockholmTime(checkIn, '00:00:00').getTime() - 1000);
  return endOfDay.getTime() < lastMoment.getTime() ? endOfDay : lastMoment;
}

/** Timeline entries about the host's payout, which the guest does not see. */
const HOST_ONLY_EVENTS = new Set(['TRANSFER', 'PAY_OUT', 'PAY_OUT_PENDING', 'PAY_OUT_DUE_DATE', 'PAY_OUT_RETAINED']);

/** The timeline as one side of the booking sees it. */
export const timelineFor = (entries: readonly TimelineEntry[], role: BookingRole): TimelineEntry[] => entries.filter((e) => role === 'host' || !HOST_ONLY_EVENTS.has(e.type));
