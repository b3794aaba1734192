import { describe, expect, it } from 'vitest';
import { calendarWindow, clampRanges, daysOf, hasAvailablePeriod, normalizeRanges, overlayPeriods, setRange, stateOn, type CalendarRange } from '@/lib/rules/calendar';
import { addDays, addMonths, isDay, todayInStockholm } from '@/lib/rules/dates';

const r = (from: string, to: string, state: CalendarRange['state']): CalendarRange => ({ from, to, state });

describe('calendar ranges (end exclusive, same-state neighbours merge)', () => {
  it('merges contiguous ranges of one state and keeps different states apart', () => {
    expect(normalizeRanges([r('2027-06-01', '2027-06-08', 5), r('2027-06-08', '2027-06-15', 5), r('2027-06-15', '2027-06-20', 1)])).toEqual([
      r('2027-06-01', '2027-06-15', 5),
      r('2027-06-15', '2027-06-20', 1),
    ]);
  });
  it('splits a range when a part of it changes state', () => {
    const out = setRange([r('2027-06-01', '2027-07-01', 5)], r('2027-06-10', '2027-06-13', 1));
    expect(out).toEqual([r('2027-06-01', '2027-06-10', 5), r('2027-06-10', '2027-06-13', 1), r('2027-06-13', '2027-07-01', 5)]);
  });
  it('painting the same state back re-merges the pieces', () => {
    const split = setRange([r('2027-06-01', '2027-07-01', 5)], r('2027-06-10', '2027-06-13', 1));
    expect(setRange(split, r('2027-06-10', '2027-06-13', 5))).toEqual([r('2027-06-01', '2027-07-01', 5)]);
  });
  it('state 0 (unknown) clears days', () => {
    expect(setRange([r('2027-06-01', '2027-06-10', 2)], r('2027-06-03', '2027-06-05', 0))).toEqual([r('2027-06-01', '2027-06-03', 2), r('2027-06-05', '2027-06-10', 2)]);
  });
  it('a later overlapping range wins', () => {
    expect(normalizeRanges([r('2027-06-01', '2027-06-10', 5), r('2027-06-05', '2027-06-15', 3)])).toEqual([r('2027-06-01', '2027-06-05', 5), r('2027-06-05', '2027-06-15', 3)]);
  });
  it('drops empty and reversed ranges', () => {
    expect(normalizeRanges([r('2027-06-05', '2027-06-05', 5), r('2027-06-09', '2027-06-01', 1)])).toEqual([]);
  });
  it('the end day is exclusive: the check-out day keeps its own state', () => {
    const ranges = [r('2027-06-01', '2027-06-08', 1)];
    expect(stateOn(ranges, '2027-06-07')).toBe(1);
    expect(stateOn(ranges, '2027-06-08')).toBe(0);
  });
  it('lists days of a month with their states', () => {
    const days = daysOf([r('2027-02-27', '2027-03-02', 2)], '2027-02-26', '2027-03-03');
    expect(days.map((d) => `${d.day}:${d.state}`)).toEqual(['2027-02-26:0', '2027-02-27:2', '2027-02-28:2', '2027-03-01:2', '2027-03-02:0']);
  });
  it('the window runs from the first of this month to five years ahead', () => {
    expect(calendarWindow('2026-11-22')).toEqual({ from: '2026-11-01', to: '2031-11-01' });
    expect(clampRanges([r('2026-10-20', '2026-11-05', 5), r('2031-10-20', '2031-12-01', 1)], calendarWindow('2026-11-22'))).toEqual([
      r('2026-11-01', '2026-11-05', 5),
      r('2031-10-20', '2031-11-01', 1),
    ]);
  });
  it('knows whether there is an available period', () => {
    expect(hasAvailablePeriod([r('2027-01-01', '2027-01-02', 5)])).toBe(true);
    expect(hasAvailablePeriod([r('2027-01-01', '2027-01-09', 1)])).toBe(false);
  });
});

describe('dates', () => {
  it('adds days across DST and month ends', () => {
    expect(addDays('2027-03-27', 2)).toBe('2027-03-29');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
  });
  it('validates calendar days', () => {
    expect(isDay('2027-02-29')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2027-2-1')).toBe(false);
  });
  it('today is the Stockholm date', () => {
    expect(todayInStockholm(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});

describe("overlayPeriods (other sites' nights over the ad's calendar, issue 18)", () => {
  it('sets every night of the periods, as setRange for each would', () => {
    expect(overlayPeriods([r('2027-06-01', '2027-07-01', 5)], [{ from: '2027-06-10', to: '2027-06-13' }], 1)).toEqual([
      r('2027-06-01', '2027-06-10', 5),
      r('2027-06-10', '2027-06-13', 1),
      r('2027-06-13', '2027-07-01', 5),
    ]);
    expect(overlayPeriods([r('2027-06-05', '2027-06-08', 1)], [{ from: '2027-06-01', to: '2027-06-05' }], 1)).toEqual([r('2027-06-01', '2027-06-08', 1)]);
    expect(overlayPeriods([r('2027-06-05', '2027-06-08', 5)], [], 1)).toEqual([r('2027-06-05', '2027-06-08', 5)]);
  });
  it('agrees with setRange on random calendars and overlapping, unsorted periods', () => {
    let seed = 7;
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    const day = (n: number) => addDays('2027-01-01', n);
    for (let round = 0; round < 200; round++) {
      const ranges = Array.from({ length: next(6) }, () => {
        const from = next(60);
        return r(day(from), day(from + 1 + next(15)), ([1, 2, 3, 5] as const)[next(4)]!);
      });
      const periods = Array.from({ length: next(6) }, () => {
        const from = next(60);
        return { from: day(from), to: day(from + next(10)) };
      });
      const expected = periods.reduce((all, p) => setRange(all, { ...p, state: 1 }), normalizeRanges(ranges));
      expect(overlayPeriods(ranges, periods, 1), JSON.stringify({ ranges, periods })).toEqual(expected);
    }
  });
});
