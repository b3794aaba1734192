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
