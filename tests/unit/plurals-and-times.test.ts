import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import sv from '@/messages/sv.json';
import { formatDate, formatStayDay, formatTime } from '@/lib/format';

const tSv = createTranslator({ locale: 'sv', messages: sv });
const tEn = createTranslator({ locale: 'en', messages: en });

describe('counts are ICU plurals in both languages', () => {
  it('cancellation policy days', () => {
    expect(tSv('booking.policyDays', { full: 1, half: 0 })).toBe('full återbetalning upp till 1 dag, hälften upp till 0 dagar före ankomst');
    expect(tEn('booking.policyDays', { full: 14, half: 1 })).toBe('full refund up to 14 days, half up to 1 day before arrival');
  });
  it('beds, extra beds and visits', () => {
    expect(tSv('publicAd.facts', { area: 54, beds: 1 })).toBe('54 m² · 1 bädd');
    expect(tEn('publicAd.facts', { area: 54, beds: 4 })).toBe('54 m² · 4 beds');
    expect(tSv('publicAd.extraBeds', { extra: 2 })).toBe('+ 2 extrabäddar');
    expect(tEn('publicAd.extraBeds', { extra: 1 })).toBe('+ 1 extra bed');
    expect(tEn('cottage.statsTotal', { total: 1 })).toBe('1 visit');
    expect(tSv('cottage.statsTotal', { total: 120 })).toBe('120 besök');
  });
  it('a stay asked about in the chat, with or without guests', () => {
    expect(tSv('chat.stayDetails', { checkIn: 'a', checkOut: 'b', guests: 1 })).toBe('Datum a – b, 1 gäst');
    expect(tEn('chat.stayDetails', { checkIn: 'a', checkOut: 'b', guests: 3 })).toBe('Dates a – b, 3 guests');
    expect(tEn('chat.stayDetails', { checkIn: 'a', checkOut: 'b', guests: 0 })).toBe('Dates a – b');
  });
});

describe('one time style per language', () => {
  // 12:05 in Stockholm (CET) on 1 February 2027.
  const moment = '2027-02-01T11:05:00Z';
  it('a time alone and a time after a date use the same clock', () => {
    expect(formatTime(moment, 'sv')).toBe('12:05');
    expect(formatTime(moment, 'en')).toBe('12:05');
    expect(formatDate(moment, 'sv', true)).toBe('1 februari 2027 kl. 12:05');
    expect(formatDate(moment, 'en', true)).toBe('1 February 2027 at 12:05');
  });
  it('check-in and check-out show noon in Stockholm in that style, summer or winter', () => {
    expect(formatStayDay('2027-02-01', 'sv')).toBe('1 februari 2027 kl. 12:00');
    expect(formatStayDay('2027-07-01', 'en')).toBe('1 July 2027 at 12:00');
  });
});
