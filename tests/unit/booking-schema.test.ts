import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { bookingOfferSchema, cancelBookingBody } from '@/lib/schemas/booking';

const today = '2026-11-22';
const valid = {
  conversation_id: 1,
  guest_id: 2,
  cottage_id: 3,
  cancellation_policy_id: 1,
  check_in: '2026-12-20',
  check_out: '2026-12-27',
  number_of_guests: 4,
  cleaning_policy: 'guest',
  total_price: 850_000,
  booking_expiration_date: '2026-11-29',
};
const messages = (input: unknown) => {
  const result = z.safeParse(bookingOfferSchema(today), input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('booking offer (SPEC §5)', () => {
  it('accepts a valid offer and defaults mark-as-booked to true', () => {
    const result = z.safeParse(bookingOfferSchema(today), valid);
    expect(result.success).toBe(true);
    expect(result.data?.mark_as_booked_if_accepted).toBe(true);
  });
  it('check-in: required, a date, from tomorrow, at most 2 years ahead', () => {
    expect(messages({ ...valid, check_in: '' })).toContain('check_in:booking.checkInRequired');
    expect(messages({ ...valid, check_in: '2026-02-30' })).toContain('check_in:validation.invalidDate');
    expect(messages({ ...valid, check_in: today, booking_expiration_date: today })).toContain('check_in:booking.checkInFromTomorrow');
    expect(messages({ ...valid, check_in: '2026-11-23', check_out: '2026-11-25', booking_expiration_date: today })).toEqual([]);
    expect(messages({ ...valid, check_in: '2028-11-23', check_out: '2028-11-25' })).toContain('check_in:booking.checkInTooFar');
  });
  it('check-out: after check-in, at least one day, at most 2 years ahead', () => {
    expect(messages({ ...valid, check_out: '' })).toContain('check_out:booking.checkOutRequired');
    expect(messages({ ...valid, check_out: '2026-12-20' })).toContain('check_out:booking.checkOutAfterCheckIn');
    expect(messages({ ...valid, check_in: '2028-11-20', check_out: '2028-11-23' })).toContain('check_out:booking.checkOutTooFar');
  });
  it('guests 1–100, price 100–100 000 kr in öre, policies required', () => {
    expect(messages({ ...valid, number_of_guests: 0 })).toContain('number_of_guests:booking.outOfRange');
    expect(messages({ ...valid, number_of_guests: 101 })).toContain('number_of_guests:booking.outOfRange');
    expect(messages({ ...valid, total_price: 9_999 })).toContain('total_price:booking.priceRange?min=100&max=100000');
    expect(messages({ ...valid, total_price: 10_000_001 })).toContain('total_price:booking.priceRange?min=100&max=100000');
    expect(messages({ ...valid, total_price: 100.5 })).toContain('total_price:booking.invalidValue');
    expect(messages({ ...valid, cleaning_policy: 'nobody' })).toContain('cleaning_policy:validation.required');
  });
  it('the offer expires between today and check-in', () => {
    expect(messages({ ...valid, booking_expiration_date: '2026-11-21' })).toContain('booking_expiration_date:booking.expirationRange');
    expect(messages({ ...valid, booking_expiration_date: '2026-12-21' })).toContain('booking_expiration_date:booking.expirationRange');
    expect(messages({ ...valid, booking_expiration_date: '2026-12-20' })).toEqual([]);
  });
});

describe('cancellation reason', () => {
  it('is required and at most 1000 characters', () => {
    expect(z.safeParse(cancelBookingBody, { cancellation_reason: '  ' }).success).toBe(false);
    expect(z.safeParse(cancelBookingBody, { cancellation_reason: 'x'.repeat(1001) }).success).toBe(false);
    expect(z.safeParse(cancelBookingBody, { cancellation_reason: 'Vi blev sjuka' }).success).toBe(true);
  });
});
