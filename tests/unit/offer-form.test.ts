import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { bookingOfferSchema, expirationError, offerDefaults, offerPayload, withCheckIn } from '@/lib/schemas/booking';

const TODAY = '2027-03-10';
const ids = { conversation_id: 7, guest_id: 9 };

describe('offer form (SPEC §4 "Booking offer form flow")', () => {
  it('defaults: check-in tomorrow, check-out the day after, guest cleans, mark as booked', () => {
    expect(offerDefaults(TODAY, 3)).toMatchObject({
      cottage_id: '3',
      check_in: '2027-03-11',
      check_out: '2027-03-12',
      cleaning_policy: 'guest',
      mark_as_booked_if_accepted: true,
      booking_expiration_date: '',
    });
  });

  it('changing check-in moves an untouched check-out to the next day and clears an expiry after it', () => {
    const values = { ...offerDefaults(TODAY, 3), booking_expiration_date: '2027-03-20' };
    const moved = withCheckIn(values, '2027-03-15', false);
    expect(moved.check_out).toBe('2027-03-16');
    expect(moved.booking_expiration_date).toBe('');
    const kept = withCheckIn({ ...values, check_out: '2027-04-01' }, '2027-03-25', true);
    expect(kept.check_out).toBe('2027-04-01');
    expect(kept.booking_expiration_date).toBe('2027-03-20');
  });

  it('sends kronor × 100 as öre, digits only, additional information only when not blank', () => {
    const values = { ...offerDefaults(TODAY, 3), number_of_guests: '4', cancellation_policy_id: '2', total_price: '12500', booking_expiration_date: '2027-03-11', additional_information: '  ' };
    const payload = offerPayload(values, ids);
    expect(payload.total_price).toBe(1_250_000);
    expect(payload).not.toHaveProperty('additional_information');
    expect(z.safeParse(bookingOfferSchema(TODAY), payload).success).toBe(true);
    const letters = offerPayload({ ...values, total_price: '12 500', number_of_guests: '4a' }, ids);
    const result = z.safeParse(bookingOfferSchema(TODAY), letters);
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(messages.total_price).toBe('booking.invalidValue');
    expect(messages.number_of_guests).toBe('booking.outOfRange');
  });

  it('sends the override of the stay rules only when the host ticked it (issue 18)', () => {
    const values = { ...offerDefaults(TODAY, 3), number_of_guests: '2', cancellation_policy_id: '2', total_price: '5000', booking_expiration_date: '2027-03-11' };
    expect(offerDefaults(TODAY, 3).override_stay_rules).toBe(false);
    expect(offerPayload(values, ids)).not.toHaveProperty('override_stay_rules');
    const overridden = offerPayload({ ...values, override_stay_rules: true }, ids);
    expect(overridden.override_stay_rules).toBe(true);
    expect(z.safeParse(bookingOfferSchema(TODAY), overridden).success).toBe(true);
  });

  it('the time limit runs from today up to check-in', () => {
    expect(expirationError('', TODAY, '2027-03-20')).toBe('validation.required');
    expect(expirationError('2027-03-09', TODAY, '2027-03-20')).toBe('booking.expirationRange');
    expect(expirationError(TODAY, TODAY, '2027-03-20')).toBeNull();
    expect(expirationError('2027-03-20', TODAY, '2027-03-20')).toBeNull();
    expect(expirationError('2027-03-21', TODAY, '2027-03-20')).toBe('booking.expirationRange');
  });
});
