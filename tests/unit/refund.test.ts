import { describe, expect, it } from 'vitest';
import { stockholmTime } from '@/lib/rules/dates';
import { canCancelBefore, refundDeadline, refundFor } from '@/lib/rules/refund';

const policy = { cancel_for_full_refund_in_days: 30, cancel_for_half_refund_in_days: 14 };
const at = (iso: string) => new Date(iso);

describe('Stockholm wall-clock times', () => {
  it('knows winter and summer time, and the DST change days', () => {
    expect(stockholmTime('2027-01-15', '23:59:59').toISOString()).toBe('2027-01-15T22:59:59.000Z');
    expect(stockholmTime('2027-07-15', '23:59:59').toISOString()).toBe('2027-07-15T21:59:59.000Z');
    // 28 March 2027: clocks go forward at 02:00; the evening is already summer time.
    expect(stockholmTime('2027-03-28', '23:59:59').toISOString()).toBe('2027-03-28T21:59:59.000Z');
    // 31 October 2027: clocks go back at 03:00; the evening is winter time.
    expect(stockholmTime('2027-10-31', '23:59:59').toISOString()).toBe('2027-10-31T22:59:59.000Z');
    expect(stockholmTime('2027-03-28', '00:00:00').toISOString()).toBe('2027-03-27T23:00:00.000Z');
  });
});

describe('refunds (SPEC §4)', () => {
  const booking = { totalPrice: 850_000, checkIn: '2027-07-31', policy };
  it('deadlines are 23:59 Stockholm time, the policy days before arrival', () => {
    expect(refundDeadline('2027-07-31', 30).toISOString()).toBe('2027-07-01T21:59:59.000Z');
    expect(refundDeadline('2027-07-31', 14).toISOString()).toBe('2027-07-17T21:59:59.000Z');
  });
  it('100 % up to the full-refund deadline, to the second', () => {
    expect(refundFor({ ...booking, at: at('2027-06-01T10:00:00Z') })).toEqual({ percent: 100, amount: 850_000 });
    expect(refundFor({ ...booking, at: at('2027-07-01T21:59:59Z') })).toEqual({ percent: 100, amount: 850_000 });
    expect(refundFor({ ...booking, at: at('2027-07-01T22:00:00Z') })).toEqual({ percent: 50, amount: 425_000 });
  });
  it('50 % of the rent up to the half deadline, then nothing', () => {
    expect(refundFor({ ...booking, at: at('2027-07-17T21:59:59Z') })).toEqual({ percent: 50, amount: 425_000 });
    expect(refundFor({ ...booking, at: at('2027-07-17T22:00:00Z') })).toEqual({ percent: 0, amount: 0 });
  });
  it('half of an odd amount rounds down to whole öre', () => {
    expect(refundFor({ ...booking, totalPrice: 10_001, at: at('2027-07-10T12:00:00Z') })).toEqual({ percent: 50, amount: 5_000 });
  });
  it('a deadline on a DST change day still falls at 23:59 local time', () => {
    // Check-in 27 April 2027, 30 days before = 28 March (clocks went forward that morning).
    const spring = { totalPrice: 100_000, checkIn: '2027-04-27', policy };
    expect(refundFor({ ...spring, at: at('2027-03-28T21:59:59Z') }).percent).toBe(100);
    expect(refundFor({ ...spring, at: at('2027-03-28T22:30:00Z') }).percent).toBe(50);
    // Check-in 30 November 2027, 30 days before = 31 October (clocks went back).
    const autumn = { totalPrice: 100_000, checkIn: '2027-11-30', policy };
    expect(refundFor({ ...autumn, at: at('2027-10-31T22:59:59Z') }).percent).toBe(100);
    expect(refundFor({ ...autumn, at: at('2027-10-31T23:00:00Z') }).percent).toBe(50);
  });
  it('refuses floats', () => {
    expect(() => refundFor({ ...booking, totalPrice: 10.5, at: at('2027-06-01T10:00:00Z') })).toThrow();
  });
  it('no cancelling from the check-in day on', () => {
    expect(canCancelBefore('2027-07-31', at('2027-07-30T21:59:59Z'))).toBe(true);
    expect(canCancelBefore('2027-07-31', at('2027-07-30T22:00:00Z'))).toBe(false);
  });
});
