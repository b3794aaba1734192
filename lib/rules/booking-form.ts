// SPEC §4/§5 booking rules the screens need without zod (kept light for the client bundles);
// lib/schemas/booking.ts builds the API's schemas on the same functions.
import { addDays, isDay } from './dates';

export const CLEANING_POLICIES = ['guest', 'external', 'host'] as const;
export const BOOKING_YEARS_AHEAD = 2;
export const TOTAL_PRICE_MIN_SEK = 100;
export const TOTAL_PRICE_MAX_SEK = 100_000;
export const CANCELLATION_REASON_MAX = 1000;

export const CARD_TYPES = ['CB_VISA_MASTERCARD', 'AMEX'] as const;
export type CardType = (typeof CARD_TYPES)[number];

export const BOOKING_ORDERS = ['id_asc', 'check_in_desc', 'check_in_asc', 'paid_at_asc'] as const;
export type BookingOrder = (typeof BOOKING_ORDERS)[number];
export const BOOKING_FILTER_STATUSES = ['pending', 'expired', 'paid', 'paid_out', 'finished', 'cancelled'] as const;

/** SPEC §5: the offer stands from today up to check-in; one rule for the form, POST and PUT. */
export function expirationError(day: string, today: string, checkIn: string): string | null {
  if (!day) return 'validation.required';
  if (!isDay(day) || day < today || day > checkIn) return 'booking.expirationRange';
  return null;
}

/** SPEC §5 "Cancellation": a reason is required, at most 1000 characters. */
export function cancellationReasonError(reason: string): string | null {
  const trimmed = reason.trim();
  if (!trimmed) return 'validation.required';
  if (trimmed.length > CANCELLATION_REASON_MAX) return `validation.maxChars?max=${CANCELLATION_REASON_MAX}`;
  return null;
}

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
  /** Issue 18: the host sends the offer although its dates break the ad's stay rules. */
  override_stay_rules: boolean;
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
    ...(values.override_stay_rules ? { override_stay_rules: true } : {}),
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
    override_stay_rules: false,
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
