import { describe, expect, it } from 'vitest';
import { timelineFor, type TimelineEntry } from '@/lib/rules/booking';
import { sameVerdict } from '@/lib/rules/conversation';
import { shownName } from '@/lib/rules/person';

describe('shownName', () => {
  it('shows first and last name, the last as an initial when its owner asks', () => {
    expect(shownName({ firstName: 'Anna', lastName: 'Berg', hideLastName: false })).toBe('Anna Berg');
    expect(shownName({ firstName: 'Anna', lastName: 'Berg', hideLastName: true })).toBe('Anna B.');
  });

  it('has no name for a person without one, and no stray spaces for a half one', () => {
    expect(shownName({ firstName: null, lastName: null, hideLastName: true })).toBeNull();
    expect(shownName({ firstName: '', lastName: '', hideLastName: false })).toBeNull();
    expect(shownName({ firstName: null, lastName: 'Berg', hideLastName: true })).toBe('B.');
    expect(shownName({ firstName: 'Anna', lastName: null, hideLastName: null })).toBe('Anna');
  });
});

describe('timelineFor', () => {
  const entry = (type: string): TimelineEntry => ({ date: '2027-07-01T10:00:00.000Z', user: null, type, state: 'SUCCESS', amount: 100 });
  const entries = ['CREATED', 'FULL_PAYMENT', 'TRANSFER', 'PAY_OUT', 'PAY_OUT_PENDING', 'PAY_OUT_DUE_DATE', 'PAY_OUT_RETAINED', 'CHECKIN'].map(entry);

  it('shows the host every entry', () => {
    expect(timelineFor(entries, 'host')).toEqual(entries);
  });

  it('hides the host’s payout from the guest', () => {
    expect(timelineFor(entries, 'guest').map((e) => e.type)).toEqual(['CREATED', 'FULL_PAYMENT', 'CHECKIN']);
  });
});

describe('sameVerdict', () => {
  it('ignores key order and undefined details', () => {
    expect(sameVerdict({ recommended: true, details: { a: 1, b: 'x' } }, { recommended: true, details: { b: 'x', a: 1, c: undefined } })).toBe(true);
  });

  it('tells a different recommendation or detail apart', () => {
    expect(sameVerdict({ recommended: true, details: { a: 1 } }, { recommended: false, details: { a: 1 } })).toBe(false);
    expect(sameVerdict({ recommended: true, details: { a: 1 } }, { recommended: true, details: { a: 2 } })).toBe(false);
    expect(sameVerdict({ recommended: true, details: { a: 1 } }, { recommended: true, details: {} })).toBe(false);
  });
});
