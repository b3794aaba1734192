import { describe, expect, it } from 'vitest';
import {
  bookingActions,
  canMove,
  feeHint,
  listLabel,
  nightsOf,
  platformFee,
  statusAt,
  staysOverlap,
  timelineOf,
  usesInsuranceTerms,
  type BookingActions,
  type BookingClock,
  type BookingStatus,
  type TimelineEntry,
} from '@/lib/rules/booking';

const at = (iso: string) => new Date(iso);
const STATUSES: BookingStatus[] = ['PENDING', 'EXPIRED', 'PAID', 'FINISHED', 'CANCELLED'];

// A summer stay: check-in Saturday 31 July 2027, check-out 7 August (CEST, UTC+2).
// The offer stands until 20 July 23:59:59 Stockholm time.
const EXPIRY = '2027-07-20T21:59:59.000Z';
const stay = (status: BookingStatus, over: Partial<BookingClock> = {}): BookingClock => ({
  status,
  check_in: '2027-07-31',
  check_out: '2027-08-07',
  booking_expiration_date: EXPIRY,
  ...over,
});

describe('booking state machine (SPEC §4)', () => {
  const allowed = new Set(['PENDING→PAID', 'PENDING→EXPIRED', 'PENDING→CANCELLED', 'EXPIRED→PENDING', 'PAID→FINISHED', 'PAID→CANCELLED']);

  it('allows exactly the listed moves', () => {
    for (const from of STATUSES) {
      for (const to of STATUSES) {
        expect(canMove(from, to), `${from}→${to}`).toBe(allowed.has(`${from}→${to}`));
      }
    }
  });

  it('allows the usual moves', () => {
    expect(canMove('PENDING', 'PAID')).toBe(true);
    expect(canMove('PENDING', 'EXPIRED')).toBe(true);
    expect(canMove('PENDING', 'CANCELLED')).toBe(true);
    expect(canMove('EXPIRED', 'PENDING')).toBe(true);
    expect(canMove('PAID', 'FINISHED')).toBe(true);
    expect(canMove('PAID', 'CANCELLED')).toBe(true);
  });

  it('forbids going back or leaving a final status', () => {
    expect(canMove('CANCELLED', 'PAID')).toBe(false);
    expect(canMove('PAID', 'PENDING')).toBe(false);
    expect(canMove('EXPIRED', 'PAID')).toBe(false);
    expect(canMove('EXPIRED', 'CANCELLED')).toBe(false);
    expect(canMove('PENDING', 'FINISHED')).toBe(false);
    expect(canMove('PAID', 'EXPIRED')).toBe(false);
    for (const to of STATUSES) {
      expect(canMove('FINISHED', to), `FINISHED→${to}`).toBe(false);
      expect(canMove('CANCELLED', to), `CANCELLED→${to}`).toBe(false);
    }
  });

  it('does not allow staying in place as a move', () => {
    for (const s of STATUSES) expect(canMove(s, s), `${s}→${s}`).toBe(false);
  });
});

describe('statusAt: the status time has brought', () => {
  it('a pending offer expires exactly at its expiry date', () => {
    expect(statusAt(stay('PENDING'), at('2027-07-20T21:59:58.999Z'))).toBe('PENDING');
    expect(statusAt(stay('PENDING'), at('2027-07-01T10:00:00Z'))).toBe('PENDING');
    expect(statusAt(stay('PENDING'), at(EXPIRY))).toBe('EXPIRED');
    expect(statusAt(stay('PENDING'), at('2027-07-20T22:00:00Z'))).toBe('EXPIRED');
    expect(statusAt(stay('PENDING'), at('2027-09-01T00:00:00Z'))).toBe('EXPIRED');
  });

  it('a paid stay finishes at check-out, 12:00 Stockholm (summer time)', () => {
    expect(statusAt(stay('PAID'), at('2027-08-07T09:59:59Z'))).toBe('PAID');
    expect(statusAt(stay('PAID'), at('2027-08-07T10:00:00Z'))).toBe('FINISHED');
    expect(statusAt(stay('PAID'), at('2027-08-20T10:00:00Z'))).toBe('FINISHED');
  });

  it('a paid stay does not expire with the offer date', () => {
    expect(statusAt(stay('PAID'), at('2027-07-25T10:00:00Z'))).toBe('PAID');
  });

  it('check-out on the spring DST day (28 March 2027): 12:00 is already CEST, 10:00 UTC', () => {
    const b = stay('PAID', { check_in: '2027-03-25', check_out: '2027-03-28', booking_expiration_date: '2027-03-20T22:59:59.000Z' });
    expect(statusAt(b, at('2027-03-28T09:59:59Z'))).toBe('PAID');
    expect(statusAt(b, at('2027-03-28T10:00:00Z'))).toBe('FINISHED');
  });

  it('check-out on the autumn DST day (31 October 2027): 12:00 is already CET, 11:00 UTC', () => {
    const b = stay('PAID', { check_in: '2027-10-28', check_out: '2027-10-31', booking_expiration_date: '2027-10-20T21:59:59.000Z' });
    expect(statusAt(b, at('2027-10-31T10:59:59Z'))).toBe('PAID');
    expect(statusAt(b, at('2027-10-31T11:00:00Z'))).toBe('FINISHED');
  });

  it('leaves the other statuses as they are', () => {
    for (const now of [at('2027-07-01T10:00:00Z'), at('2027-07-25T10:00:00Z'), at('2027-09-01T10:00:00Z')]) {
      expect(statusAt(stay('EXPIRED'), now)).toBe('EXPIRED');
      expect(statusAt(stay('CANCELLED'), now)).toBe('CANCELLED');
      expect(statusAt(stay('FINISHED'), now)).toBe('FINISHED');
    }
  });
});

describe('bookingActions: who may do what', () => {
  const none: BookingActions = { pay: false, cancel: false, editExpiry: false, contactSupportToCancel: false };
  const early = at('2027-07-10T10:00:00Z');
  const afterExpiry = at('2027-07-25T10:00:00Z');
  // Check-in day starts at 00:00 Stockholm = 22:00 UTC the evening before (CEST).
  const lastMs = at('2027-07-30T21:59:59.999Z');
  const checkInDay = at('2027-07-30T22:00:00Z');
  const afterCheckOut = at('2027-08-10T10:00:00Z');

  describe('PENDING', () => {
    it('guest may pay and cancel', () => {
      expect(bookingActions(stay('PENDING'), 'guest', early)).toEqual({ ...none, pay: true, cancel: true });
    });
    it('host may cancel and edit the expiry', () => {
      expect(bookingActions(stay('PENDING'), 'host', early)).toEqual({ ...none, cancel: true, editExpiry: true });
    });
    it('until the check-in day starts in Stockholm', () => {
      // An offer still open on the check-in day.
      const b = stay('PENDING', { booking_expiration_date: '2027-07-31T21:59:59.000Z' });
      expect(bookingActions(b, 'guest', lastMs)).toEqual({ ...none, pay: true, cancel: true });
      expect(bookingActions(b, 'host', lastMs)).toEqual({ ...none, cancel: true, editExpiry: true });
      expect(bookingActions(b, 'guest', checkInDay)).toEqual(none);
      expect(bookingActions(b, 'host', checkInDay)).toEqual(none);
    });
    it('once past its expiry it acts as EXPIRED', () => {
      expect(bookingActions(stay('PENDING'), 'guest', afterExpiry)).toEqual(none);
      expect(bookingActions(stay('PENDING'), 'host', afterExpiry)).toEqual({ ...none, editExpiry: true });
    });
  });

  describe('EXPIRED', () => {
    it('only the host may give more time, before check-in', () => {
      expect(bookingActions(stay('EXPIRED'), 'host', afterExpiry)).toEqual({ ...none, editExpiry: true });
      expect(bookingActions(stay('EXPIRED'), 'host', lastMs)).toEqual({ ...none, editExpiry: true });
      expect(bookingActions(stay('EXPIRED'), 'host', checkInDay)).toEqual(none);
    });
    it('the guest can do nothing', () => {
      expect(bookingActions(stay('EXPIRED'), 'guest', afterExpiry)).toEqual(none);
      expect(bookingActions(stay('EXPIRED'), 'guest', early)).toEqual(none);
    });
  });

  describe('PAID', () => {
    it('the guest may cancel before the check-in day, not pay again', () => {
      expect(bookingActions(stay('PAID'), 'guest', early)).toEqual({ ...none, cancel: true });
      expect(bookingActions(stay('PAID'), 'guest', lastMs)).toEqual({ ...none, cancel: true });
      expect(bookingActions(stay('PAID'), 'guest', checkInDay)).toEqual(none);
    });
    it('the host cancels through support', () => {
      expect(bookingActions(stay('PAID'), 'host', early)).toEqual({ ...none, contactSupportToCancel: true });
      expect(bookingActions(stay('PAID'), 'host', checkInDay)).toEqual({ ...none, contactSupportToCancel: true });
    });
    it('after check-out it is FINISHED: nothing left to do', () => {
      expect(bookingActions(stay('PAID'), 'host', afterCheckOut)).toEqual(none);
      expect(bookingActions(stay('PAID'), 'guest', afterCheckOut)).toEqual(none);
    });
  });

  describe('FINISHED and CANCELLED', () => {
    it('nobody can do anything, at any time', () => {
      for (const status of ['FINISHED', 'CANCELLED'] as const) {
        for (const role of ['host', 'guest'] as const) {
          for (const now of [early, afterExpiry, afterCheckOut]) {
            expect(bookingActions(stay(status), role, now), `${status} ${role} ${now.toISOString()}`).toEqual(none);
          }
        }
      }
    });
  });

  it('the check-in day boundary follows winter time too (00:00 CET = 23:00 UTC)', () => {
    const winter = stay('PAID', { check_in: '2027-01-15', check_out: '2027-01-20', booking_expiration_date: '2027-01-10T22:59:59.000Z' });
    expect(bookingActions(winter, 'guest', at('2027-01-14T22:59:59Z')).cancel).toBe(true);
    expect(bookingActions(winter, 'guest', at('2027-01-14T23:00:00Z')).cancel).toBe(false);
  });
});

describe('listLabel', () => {
  it('shows PAID_OUT for paid or finished stays once paid out', () => {
    expect(listLabel('PAID', '2027-08-01T10:00:00.000Z')).toBe('PAID_OUT');
    expect(listLabel('FINISHED', '2027-08-01T10:00:00.000Z')).toBe('PAID_OUT');
  });
  it('otherwise shows the status', () => {
    expect(listLabel('PAID', null)).toBe('PAID');
    expect(listLabel('FINISHED', null)).toBe('FINISHED');
    expect(listLabel('PENDING', null)).toBe('PENDING');
    expect(listLabel('CANCELLED', '2027-08-01T10:00:00.000Z')).toBe('CANCELLED');
    expect(listLabel('PENDING', '2027-08-01T10:00:00.000Z')).toBe('PENDING');
    expect(listLabel('EXPIRED', '2027-08-01T10:00:00.000Z')).toBe('EXPIRED');
  });
});

describe('feeHint and platformFee (öre, whole kronor)', () => {
  it('12 % of 12 500 kr: fee 1 500 kr, the host keeps 11 000 kr', () => {
    expect(feeHint(1_250_000, 12)).toEqual({ fee: 150_000, keep: 1_100_000 });
    expect(platformFee(1_250_000, 12)).toBe(150_000);
  });

  it('shows from 100 kr up to 100 000 kr inclusive', () => {
    expect(feeHint(9_999, 12)).toBeNull();
    expect(feeHint(0, 12)).toBeNull();
    expect(feeHint(-10_000, 12)).toBeNull();
    expect(feeHint(10_000, 12)).toEqual({ fee: 1_200, keep: 8_800 });
    expect(feeHint(10_000_000, 12)).toEqual({ fee: 1_200_000, keep: 8_800_000 });
    expect(feeHint(10_000_001, 12)).toBeNull();
  });

  it('needs whole öre', () => {
    expect(feeHint(12_345.5, 12)).toBeNull();
    expect(feeHint(Number.NaN, 12)).toBeNull();
  });

  it('rounds the fee to whole kronor', () => {
    // 12 % of 123.45 kr = 14.814 kr → 15 kr.
    expect(platformFee(12_345, 12)).toBe(1_500);
    expect(feeHint(12_345, 12)).toEqual({ fee: 1_500, keep: 10_845 });
    // 12 % of 110 kr = 13.20 kr → 13 kr.
    expect(feeHint(11_000, 12)).toEqual({ fee: 1_300, keep: 9_700 });
    // 10 % of 125 kr = 12.50 kr → 13 kr (half rounds up).
    expect(platformFee(12_500, 10)).toBe(1_300);
    // 15 % of 999.99 kr = 149.9985 kr → 150 kr.
    expect(platformFee(99_999, 15)).toBe(15_000);
    // 7 % of 1 234.56 kr = 86.4192 kr → 86 kr.
    expect(feeHint(123_456, 7)).toEqual({ fee: 8_600, keep: 114_856 });
  });

  it('a zero percentage is no fee', () => {
    expect(feeHint(1_250_000, 0)).toEqual({ fee: 0, keep: 1_250_000 });
  });
});

describe('usesInsuranceTerms', () => {
  const jan31 = at('2021-01-31T12:00:00Z');
  it('old terms for check-out up to 28 February 2021 on offers created up to 31 January 2021', () => {
    expect(usesInsuranceTerms('2021-02-28', jan31)).toBe(false);
    expect(usesInsuranceTerms('2021-01-15', at('2020-12-01T12:00:00Z'))).toBe(false);
  });
  it('insurance terms for check-out from 1 March 2021', () => {
    expect(usesInsuranceTerms('2021-03-01', jan31)).toBe(true);
    expect(usesInsuranceTerms('2021-03-01', at('2020-06-01T12:00:00Z'))).toBe(true);
  });
  it('insurance terms for offers created from 1 February 2021, Stockholm day', () => {
    expect(usesInsuranceTerms('2021-02-28', at('2021-02-01T12:00:00Z'))).toBe(true);
    // 23:30 UTC on 31 January is 00:30 on 1 February in Stockholm.
    expect(usesInsuranceTerms('2021-02-28', at('2021-01-31T23:30:00Z'))).toBe(true);
    // 22:59:59 UTC is still 23:59:59 on 31 January in Stockholm.
    expect(usesInsuranceTerms('2021-02-28', at('2021-01-31T22:59:59Z'))).toBe(false);
    expect(usesInsuranceTerms('2021-02-28', at('2021-01-31T23:00:00Z'))).toBe(true);
  });
});

describe('nightsOf and staysOverlap', () => {
  it('nights run from check-in up to, not including, check-out', () => {
    expect(nightsOf('2027-07-31', '2027-08-03')).toEqual(['2027-07-31', '2027-08-01', '2027-08-02']);
    expect(nightsOf('2027-07-31', '2027-08-01')).toEqual(['2027-07-31']);
    expect(nightsOf('2027-12-30', '2028-01-02')).toEqual(['2027-12-30', '2027-12-31', '2028-01-01']);
    expect(nightsOf('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29']);
    expect(nightsOf('2027-03-27', '2027-03-29')).toEqual(['2027-03-27', '2027-03-28']);
  });
  it('no nights when check-out is not after check-in', () => {
    expect(nightsOf('2027-07-31', '2027-07-31')).toEqual([]);
    expect(nightsOf('2027-08-03', '2027-07-31')).toEqual([]);
  });

  const a = { check_in: '2027-07-10', check_out: '2027-07-17' };
  it('touching stays do not overlap', () => {
    expect(staysOverlap(a, { check_in: '2027-07-17', check_out: '2027-07-24' })).toBe(false);
    expect(staysOverlap({ check_in: '2027-07-03', check_out: '2027-07-10' }, a)).toBe(false);
    expect(staysOverlap(a, { check_in: '2027-07-03', check_out: '2027-07-10' })).toBe(false);
  });
  it('separate stays do not overlap', () => {
    expect(staysOverlap(a, { check_in: '2027-08-01', check_out: '2027-08-05' })).toBe(false);
    expect(staysOverlap({ check_in: '2027-06-01', check_out: '2027-06-05' }, a)).toBe(false);
  });
  it('sharing one night or more overlaps, both ways', () => {
    const oneNight = { check_in: '2027-07-16', check_out: '2027-07-20' };
    expect(staysOverlap(a, oneNight)).toBe(true);
    expect(staysOverlap(oneNight, a)).toBe(true);
    const inside = { check_in: '2027-07-12', check_out: '2027-07-13' };
    expect(staysOverlap(a, inside)).toBe(true);
    expect(staysOverlap(inside, a)).toBe(true);
    expect(staysOverlap(a, { ...a })).toBe(true);
    expect(staysOverlap(a, { check_in: '2027-07-01', check_out: '2027-07-11' })).toBe(true);
  });
});

describe('timelineOf', () => {
  const created: TimelineEntry = { date: '2027-07-01T08:00:00.000Z', user: 1, type: 'BOOKING_CREATED', state: 'NEUTRAL', amount: 1_250_000 };
  const paid: TimelineEntry = { date: '2027-07-05T09:30:00.000Z', user: 2, type: 'PAID', state: 'SUCCESS', amount: 1_250_000 };
  const booking = (status: BookingStatus, paidOutAt: string | null = null) => ({ ...stay(status), paid_out_at: paidOutAt, total_price: 1_250_000, fee: 150_000 });
  const types = (entries: TimelineEntry[]) => entries.map((e) => e.type);

  it('a pending offer shows the payment due date ahead', () => {
    const timeline = timelineOf([created], booking('PENDING'), at('2027-07-02T10:00:00Z'));
    expect(timeline).toEqual([created, { date: EXPIRY, user: null, type: 'FULL_PAYMENT_DUE_DATE', state: 'FUTURE', amount: 1_250_000 }]);
  });

  it('an expired offer marks the payment due date as an error', () => {
    const expected = [created, { date: EXPIRY, user: null, type: 'FULL_PAYMENT_DUE_DATE', state: 'ERROR', amount: 1_250_000 }];
    expect(timelineOf([created], booking('EXPIRED'), at('2027-07-25T10:00:00Z'))).toEqual(expected);
    // A pending offer whose time has run out is expired too.
    expect(timelineOf([created], booking('PENDING'), at('2027-07-25T10:00:00Z'))).toEqual(expected);
  });

  it('a paid stay shows check-in, payout due date and check-out, in date order', () => {
    const timeline = timelineOf([paid, created], booking('PAID'), at('2027-07-10T10:00:00Z'));
    expect(timeline).toEqual([
      created,
      paid,
      { date: '2027-07-31T10:00:00.000Z', user: null, type: 'CHECKIN', state: 'FUTURE', amount: null },
      { date: '2027-08-01T10:00:00.000Z', user: null, type: 'PAY_OUT_DUE_DATE', state: 'FUTURE', amount: 1_100_000 },
      { date: '2027-08-07T10:00:00.000Z', user: null, type: 'CHECKOUT', state: 'FUTURE', amount: null },
    ]);
  });

  it('check-in passed is a success, check-out still ahead', () => {
    const timeline = timelineOf([], booking('PAID'), at('2027-08-02T10:00:00Z'));
    expect(timeline.find((e) => e.type === 'CHECKIN')?.state).toBe('SUCCESS');
    expect(timeline.find((e) => e.type === 'CHECKOUT')?.state).toBe('FUTURE');
  });

  it('a finished stay shows check-in and check-out as done', () => {
    const timeline = timelineOf([], booking('PAID'), at('2027-08-10T10:00:00Z'));
    expect(types(timeline)).toEqual(['CHECKIN', 'PAY_OUT_DUE_DATE', 'CHECKOUT']);
    expect(timeline.find((e) => e.type === 'CHECKIN')?.state).toBe('SUCCESS');
    expect(timeline.find((e) => e.type === 'CHECKOUT')?.state).toBe('SUCCESS');
    expect(types(timelineOf([], booking('FINISHED'), at('2027-08-10T10:00:00Z')))).toEqual(['CHECKIN', 'PAY_OUT_DUE_DATE', 'CHECKOUT']);
    // An overdue payout is neither done nor ahead.
    expect(timeline.find((e) => e.type === 'PAY_OUT_DUE_DATE')?.state).toBe('NEUTRAL');
  });

  it('once paid out, the payout due date goes away', () => {
    const paidOut: TimelineEntry = { date: '2027-08-01T12:00:00.000Z', user: null, type: 'PAID_OUT', state: 'SUCCESS', amount: 1_100_000 };
    const timeline = timelineOf([paid, paidOut], booking('PAID', '2027-08-01T12:00:00.000Z'), at('2027-08-02T10:00:00Z'));
    expect(types(timeline)).toEqual(['PAID', 'CHECKIN', 'PAID_OUT', 'CHECKOUT']);
    expect(types(timelineOf([], booking('FINISHED', '2027-08-01T12:00:00.000Z'), at('2027-08-10T10:00:00Z')))).toEqual(['CHECKIN', 'CHECKOUT']);
  });

  it('a cancelled booking shows only what happened', () => {
    const cancelled: TimelineEntry = { date: '2027-07-06T10:00:00.000Z', user: 2, type: 'CANCELLED', state: 'ERROR', amount: null };
    expect(timelineOf([cancelled, created], booking('CANCELLED'), at('2027-07-10T10:00:00Z'))).toEqual([created, cancelled]);
  });

  it('does not change the events passed in', () => {
    const events = [paid, created];
    timelineOf(events, booking('PAID'), at('2027-07-10T10:00:00Z'));
    expect(events).toEqual([paid, created]);
  });
});
