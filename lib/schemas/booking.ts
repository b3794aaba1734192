// SPEC §5 "Booking offer" and "Cancellation": one schema for the offer form and POST /api/bookings.
// Dates are Stockholm days ('YYYY-MM-DD'); total_price is öre (the form sends kronor × 100).
import * as z from 'zod/mini';
import { addDays, addMonths, isDay } from '../rules/dates';
import { idNumber, safeString } from './common';
import {
  BOOKING_ORDERS,
  BOOKING_YEARS_AHEAD,
  CARD_TYPES,
  CLEANING_POLICIES,
  TOTAL_PRICE_MAX_SEK,
  TOTAL_PRICE_MIN_SEK,
  cancellationReasonError,
  expirationError,
  offerPayload,
  type OfferFormValues,
} from '../rules/booking-form';
import { withValues } from './cottage-fields';

/** A choice in a select: required. */
const chosenId = z.int({ error: 'validation.required' }).check(z.positive('validation.required'), z.maximum(2_147_483_647, 'validation.required'));

const priceRange = withValues('booking.priceRange', { min: TOTAL_PRICE_MIN_SEK, max: TOTAL_PRICE_MAX_SEK });

export function bookingOfferSchema(today: string) {
  const tomorrow = addDays(today, 1);
  const last = addMonths(today, BOOKING_YEARS_AHEAD * 12);
  return z
    .object({
      conversation_id: idNumber,
      guest_id: idNumber,
      cottage_id: chosenId,
      cancellation_policy_id: chosenId,
      check_in: safeString({ error: 'booking.checkInRequired' }).check(z.minLength(1, 'booking.checkInRequired')),
      check_out: safeString({ error: 'booking.checkOutRequired' }).check(z.minLength(1, 'booking.checkOutRequired')),
      number_of_guests: z.int({ error: 'booking.outOfRange' }).check(z.minimum(1, 'booking.outOfRange'), z.maximum(100, 'booking.outOfRange')),
      cleaning_policy: z.enum(CLEANING_POLICIES, { error: 'validation.required' }),
      total_price: z.int({ error: 'booking.invalidValue' }).check(z.minimum(TOTAL_PRICE_MIN_SEK * 100, priceRange), z.maximum(TOTAL_PRICE_MAX_SEK * 100, priceRange)),
      booking_expiration_date: safeString({ error: 'validation.required' }).check(z.minLength(1, 'validation.required')),
      mark_as_booked_if_accepted: z._default(z.boolean(), true),
      additional_information: z.optional(z.nullable(safeString().check(z.trim(), z.maxLength(5000, withValues('validation.maxChars', { max: 5000 }))))),
      /** Issue 18: the host sends this offer although it breaks the ad's stay rules (the form warned in words). */
      override_stay_rules: z.optional(z.boolean()),
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
        const expiry = v.booking_expiration_date ? expirationError(v.booking_expiration_date, today, inOk ? v.check_in : '9999-12-31') : null;
        if (expiry) issue('booking_expiration_date', expiry);
      }),
    );
}

/** SPEC §5 "Cancellation": a reason is required, at most 1000 characters. */
export const cancelBookingBody = z.object({
  cancellation_reason: safeString({ error: 'validation.required' }).check(
    z.trim(),
    z.superRefine((v, ctx) => {
      const error = cancellationReasonError(v);
      if (error) ctx.issues.push({ code: 'custom', message: error, input: v });
    }),
  ),
});

/** The offer form: its text fields turned into the payload (offerPayload) and checked by the API's schema. */
export const offerForm = (today: string, ids: { conversation_id: number; guest_id: number }) =>
  z.pipe(
    z.transform((v: OfferFormValues): unknown => offerPayload(v, ids)),
    bookingOfferSchema(today),
  );

/** Accept and pay (SPEC §4): the terms ticked and a card type chosen. */
export const bookingPaymentBody = z.object({
  card_type: z.enum(CARD_TYPES, { error: 'booking.cardTypeRequired' }),
  accept_terms: z.literal(true, { error: 'booking.termsRequired' }),
});

/** Offer terms the host acknowledges before sending (SPEC §4 "Booking offer form flow"). */
export const sendTermsBody = z.object({ accept_terms: z.literal(true, { error: 'booking.termsRequired' }) });

/** PUT /api/bookings/{id}: only the time limit for the guest to accept. */
export const editExpiryBody = z.object({
  booking_expiration_date: safeString({ error: 'validation.required' }).check(z.minLength(1, 'validation.required')),
});

/** The edit page's form (SPEC §5 "Edit offer"): the time limit from today up to check-in. */
export const expiryForm = (today: string, checkIn: string) =>
  z.object({
    booking_expiration_date: safeString({ error: 'validation.required' }).check(
      z.superRefine((v, ctx) => {
        const error = expirationError(v, today, checkIn);
        if (error) ctx.issues.push({ code: 'custom', message: error, input: v });
      }),
    ),
  });

/** POST /api/bookings/{cottageId}/overlap: the stay to compare with the ad's other bookings. */
export const overlapBody = z.object({
  check_in: safeString().check(z.refine(isDay, 'validation.invalidDate')),
  check_out: safeString().check(z.refine(isDay, 'validation.invalidDate')),
  exclude: z.optional(idNumber),
});

const flag = z.optional(z.enum(['1', 'true'], { error: 'errors.badUrl' }));
const dayParam = z.optional(safeString().check(z.refine((v) => v === '' || isDay(v), 'errors.badUrl')));

/** GET /api/user/bookings (SPEC §7): limit 10, offset, order, a status flag (lowercase status = 1), check-in window. */
export const bookingListQuery = z.object({
  limit: z.optional(safeString().check(z.regex(/^\d{1,2}$/, 'errors.badUrl'))),
  offset: z.optional(safeString().check(z.regex(/^\d{1,7}$/, 'errors.badUrl'))),
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

export * from '../rules/booking-form';
