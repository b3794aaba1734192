import { describe, expect, it } from 'vitest';
import { eventPeriod, feedUrlError, firstOverlap, importedDays, isPrivateAddress, mergePeriods, withinWindow, type IcalDate } from '@/lib/rules/ical';

const allDay = (y: number, m: number, d: number) => Object.assign(new Date(y, m - 1, d), { dateOnly: true }) as IcalDate;

describe('calendar sync rules (issue 18)', () => {
  it('an all-day event blocks its nights, the end exclusive; a timed stay the nights between; at least one night', () => {
    expect(eventPeriod(allDay(2027, 3, 27), allDay(2027, 3, 29))).toEqual({ from: '2027-03-27', to: '2027-03-29' });
    // Check-in 15:00 on the 30th, check-out 11:00 on 1 November (the clocks change on the 31st): two nights.
    expect(eventPeriod(new Date('2027-10-30T13:00:00Z'), new Date('2027-11-01T10:00:00Z'))).toEqual({ from: '2027-10-30', to: '2027-11-01' });
    // 23:30 UTC is already the next day in Stockholm.
    expect(eventPeriod(new Date('2027-06-01T22:30:00Z'), undefined)).toEqual({ from: '2027-06-02', to: '2027-06-03' });
    expect(eventPeriod(allDay(2027, 5, 5), allDay(2027, 5, 5))).toEqual({ from: '2027-05-05', to: '2027-05-06' });
  });

  it('keeps a year back and five years ahead', () => {
    expect(withinWindow({ from: '2025-01-01', to: '2025-01-05' }, '2026-11-25')).toBe(false);
    expect(withinWindow({ from: '2026-11-20', to: '2026-11-26' }, '2026-11-25')).toBe(true);
    expect(withinWindow({ from: '2033-01-01', to: '2033-01-02' }, '2026-11-25')).toBe(false);
  });

  it('merges touching periods of the same kind and finds the first overlap', () => {
    expect(
      mergePeriods([
        { from: '2027-01-03', to: '2027-01-05', summary: 'Blocked' },
        { from: '2027-01-01', to: '2027-01-03', summary: 'Blocked' },
        { from: '2027-01-02', to: '2027-01-04', summary: 'Booked' },
      ]),
    ).toEqual([
      { from: '2027-01-01', to: '2027-01-05', summary: 'Blocked' },
      { from: '2027-01-02', to: '2027-01-04', summary: 'Booked' },
    ]);
    const periods = [{ from: '2027-01-10', to: '2027-01-12', id: 1 }];
    expect(firstOverlap({ from: '2027-01-12', to: '2027-01-14' }, periods)).toBeNull();
    expect(firstOverlap({ from: '2027-01-11', to: '2027-01-14' }, periods)?.id).toBe(1);
  });

  it('names the source of each imported night shown, the end exclusive, the first period winning', () => {
    const days = importedDays(
      [
        { from: '2027-01-30', to: '2027-02-02', source: 'Airbnb' },
        { from: '2027-02-01', to: '2027-02-04', source: 'Vrbo' },
        { from: '2027-03-01', to: '2027-03-02', source: 'Sembo' },
      ],
      '2027-02-01',
      '2027-03-01',
    );
    expect([...days]).toEqual([
      ['2027-02-01', 'Airbnb'],
      ['2027-02-02', 'Vrbo'],
      ['2027-02-03', 'Vrbo'],
    ]);
  });

  it('accepts only http(s) feed addresses without credentials', () => {
    expect(feedUrlError('https://www.airbnb.se/calendar/ical/1.ics?s=abc')).toBeNull();
    for (const bad of ['ftp://x/a.ics', 'file:///etc/passwd', 'javascript:alert(1)', 'https://user:pw@x/a.ics', 'not a url', `https://x/${'a'.repeat(2000)}`])
      expect(feedUrlError(bad), bad).not.toBeNull();
  });

  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['8.8.8.8', false],
    ['::1', true],
    ['::', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:8.8.8.8', false],
    ['2a00:1450:4001::200e', false],
  ])('%s is private: %s', (address, expected) => expect(isPrivateAddress(address)).toBe(expected));
});
