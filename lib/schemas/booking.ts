// SPEC §5 "Booking offer" and "Cancellation": one schema for the offer form and POST /api/bookings.
// Dates are Stockholm days ('YYYY-MM-DD'); total_price is öre (the form sends kronor × 100).
import * as z from 'zod/mini';
import { addDays, addMonths, isDay } from '../rules/dates';
import { idNumber } from './common';
import { withValues } from './cottage-fields';

export const CLEANING_POLICIES = ['guest', 'external', 'host'] as const;
export const BOOKING_YEARS_AHEAD = 2;
export const TOTAL_PRICE_MIN_SEK = 100;
export const TOTAL_PRICE_MAX_SEK = 100_000;
export const CANCELLATION_REASON_MAX = 1000;

const priceRange = withValues('booking.priceRange', { min: TOTAL_PRICE_MIN_SEK, max: TOTAL_PRICE_MAX_SEK });

export function bookingOfferSchema(today: string) {
  const tomorrow = addDays(today, 1);
  const last = addMonths(today, BOOKING_YEARS_AHEAD * 12);
  return z
    .object({
      conversation_id: idNumber,
      guest_id: idNumber,
      cottage_id: idNumber,
      cancellation_policy_id: idNumber,
      check_in: z.string({ error: 'booking.checkInRequired' }).check(z.minLength(1, 'booking.checkInRequired')),
      check_out: z.string({ error: 'booking.checkOutRequired' }).check(z.minLength(1, 'booking.checkOutRequired')),
      number_of_guests: z.int({ error: 'booking.outOfRange' }).check(z.minimum(1, 'booking.outOfRange'), z.maximum(100, 'booking.outOfRange')),
      cleaning_policy: z.enum(CLEANING_POLICIES, { error: 'validation.required' }),
      total_price: z.int({ error: 'booking.invalidValue' }).check(z.minimum(TOTAL_PRICE_MIN_SEK * 100, priceRange), z.maximum(TOTAL_PRICE_MAX_SEK * 100, priceRange)),
      booking_expiration_date: z.string({ error: 'validation.required' }).check(z.minLength(1, 'validation.required')),
      mark_as_booked_if_accepted: z._default(z.boolean(), true),
      additional_information: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(5000, withValues('validation.maxChars', { max: 5000 }))))),
    })
    .check(
      z.superRefine((v, ctx) => {
        const issue = (path: string, message: string) => ctx.issues.push({ code: 'custom', path: [path], message, input: v[path as keyof typeof v] });
        const inOk = isDay(v.check_in);
        const outOk = isDay(v.check_out);
        if (v.check_in && !inOk) issue('check_in', 'validation.invalidDate');
        if (v.check_out && !outOk) issue('check_out', 'validation.invalidDate');
        if (inOk) {
          if (v.check_in < tomorrow) issue('check_in', 'booking.checkInFromTomorrow');
          else if (v.check_in > last) issue('check_in', 'booking.checkInTooFar');
        }
        if (outOk) {
          if (inOk && v.check_out <= v.check_in) issue('check_out', 'booking.checkOutAfterCheckIn');
          else if (v.check_out < tomorrow) issue('check_out', 'booking.checkInFromTomorrow');
          else if (inOk && v.check_out < addDays(v.check_in, 1)) issue('check_out', 'booking.checkOutOneDay');
          else if (v.check_out > last) issue('check_out', 'booking.checkOutTooFar');
        }
        // The offer stands from today up to check-in (the API sends it as the end of that day).
        if (v.booking_expiration_date && (!isDay(v.booking_expiration_date) || v.booking_expiration_date < today || (inOk && v.booking_expiration_date > v.check_in))) {
          issue('booking_expiration_date', 'booking.expirationRange');
        }
      }),
    );
}

/** SPEC §5 "Cancellation": a reason is required, at most 1000 characters. */
export const cancelBookingBody = z.object({
  cancellation_reason: z
    .string({ error: 'validation.required' })
    .check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(CANCELLATION_REASON_MAX, withValues('validation.maxChars', { max: CANCELLATION_REASON_MAX }))),
});

export const CARD_TYPES = ['CB_VISA_MASTERCARD', 'AMEX'] as const;
export type CardType = (typeof CARD_TYPES)[number];

/** Accept and pay (SPEC §4): the terms ticked and a card type chosen. */
export const bookingPaymentBody = z.object({
  card_type: z.enum(CARD_TYPES, { error: 'booking.cardTypeRequired' }),
  accept_terms: z.literal(true, { error: 'booking.termsRequired' }),
});

/** Offer terms the host acknowledges before sending (SPEC §4 "Booking offer form flow"). */
export const sendTermsBody = z.object({ accept_terms: z.literal(true, { error: 'booking.termsRequired' }) });

/** SPEC §5: the offer stands from today up to check-in; one rule for the form, POST and PUT. */
export function expirationError(day: string, today: string, checkIn: string): string | null {
  if (!day) return 'validation.required';
  if (!isDay(day) || day < today || day > checkIn) return 'booking.expirationRange';
  return null;
}

/** PUT /api/bookings/{id}: only the time limit for the guest to accept. */
export const editExpiryBody = z.object({
  booking_expiration_date: z.string({ error: 'validation.required' }).check(z.minLength(1, 'validation.required')),
});

/** POST /api/bookings/{cottageId}/overlap: the stay to compare with the ad's other bookings. */
export const overlapBody = z.object({
  check_in: z.string().check(z.refine(isDay, 'validation.invalidDate')),
  check_out: z.string().check(z.refine(isDay, 'validation.invalidDate')),
  exclude: z.optional(idNumber),
});

export const BOOKING_ORDERS = ['id_asc', 'check_in_desc', 'check_in_asc', 'paid_at_asc'] as const;
export type BookingOrder = (typeof BOOKING_ORDERS)[number];
export const BOOKING_FILTER_STATUSES = ['pending', 'expired', 'paid', 'paid_out', 'finished', 'cancelled'] as const;

const flag = z.optional(z.enum(['1', 'true'], { error: 'errors.badUrl' }));
const dayParam = z.optional(z.string().check(z.refine((v) => v === '' || isDay(v), 'errors.badUrl')));

/** GET /api/user/bookings (SPEC §7): limit 10, offset, order, a status flag (lowercase status = 1), check-in window. */
export const bookingListQuery = z.object({
  limit: z.optional(z.string().check(z.regex(/^\d{1,2}$/, 'errors.badUrl'))),
  offset: z.optional(z.string().check(z.regex(/^\d{1,7}$/, 'errors.badUrl'))),
  order: z.optional(z.enum(BOOKING_ORDERS, { error: 'errors.badUrl' })),
  checkInFrom: dayParam,
  checkInTo: dayParam,
  pending: flag,
  expired: flag,
  paid: flag,
  paid_out: flag,
  finished: flag,
  cancelled: flag,
});

/** The offer form's text fields (SPEC §4 "Booking offer form flow"). */
export type OfferFormValues = {
  cottage_id: string;
  check_in: string;
  check_out: string;
  number_of_guests: string;
  cleaning_policy: string;
  cancellation_policy_id: string;
  total_price: string;
  booking_expiration_date: string;
  mark_as_booked_if_accepted: boolean;
  additional_information: string;
};

const digitsOrNaN = (value: string) => (/^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN);

/** What the form sends: digits only, kronor × 100 as öre, additional information only when not blank. */
export function offerPayload(values: OfferFormValues, ids: { conversation_id: number; guest_id: number }) {
  const kronor = digitsOrNaN(values.total_price);
  return {
    ...ids,
    cottage_id: digitsOrNaN(values.cottage_id),
    cancellation_policy_id: digitsOrNaN(values.cancellation_policy_id),
    check_in: values.check_in,
    check_out: values.check_out,
    number_of_guests: digitsOrNaN(values.number_of_guests),
    cleaning_policy: values.cleaning_policy,
    total_price: Number.isNaN(kronor) ? kronor : kronor * 100,
    booking_expiration_date: values.booking_expiration_date,
    mark_as_booked_if_accepted: values.mark_as_booked_if_accepted,
    ...(values.additional_information.trim() ? { additional_information: values.additional_information.trim() } : {}),
  };
}

/** SPEC §4: defaults — check-in tomorrow, check-out the day after, cleaning by the guest, mark as booked. */
export function offerDefaults(today: string, cottageId: number | null): OfferFormValues {
  return {
    cottage_id: cottageId ? String(cottageId) : '',
    check_in: addDays(today, 1),
    check_out: addDays(today, 2),
    number_of_guests: '',
    cleaning_policy: 'guest',
    cancellation_policy_id: '',
    total_price: '',
    booking_expiration_date: '',
    mark_as_booked_if_accepted: true,
    additional_information: '',
  };
}

/**
 * SPEC §4: changing check-in moves check-out to the next day if the host had not changed it, and
 * clears the expiry if it now falls after check-in.
 */
export function withCheckIn(values: OfferFormValues, checkIn: string, checkOutTouched: boolean): OfferFormValues {
  const next = { ...values, check_in: checkIn };
  if (!checkOutTouched && isDay(checkIn)) next.check_out = addDays(checkIn, 1);
  if (next.booking_expiration_date && isDay(checkIn) && next.booking_expiration_date > checkIn) next.booking_expiration_date = '';
  return next;
}
