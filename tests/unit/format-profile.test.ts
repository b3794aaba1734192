import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from '@/lib/format';
import { isProfileComplete, missingProfileFields, profileDialogAllowedOn, type ProfileFields } from '@/lib/rules/profile';

describe('formatMoney', () => {
  it('shows öre as kronor with a space between thousands', () => {
    expect(formatMoney(123400)).toBe('1 234 kr');
    expect(formatMoney(10000000)).toBe('100 000 kr');
    expect(formatMoney(12550)).toBe('125,50 kr');
  });
  it('refuses floats', () => {
    expect(() => formatMoney(10.5)).toThrow();
  });
});

describe('formatDate', () => {
  it('uses Europe/Stockholm', () => {
    // 23:30 UTC on 31 Dec is already New Year's Day in Stockholm.
    expect(formatDate('2026-12-31T23:30:00Z', 'sv')).toBe('1 januari 2027');
    expect(formatDate('2026-12-31T23:30:00Z', 'en')).toBe('1 January 2027');
  });
});

const complete: ProfileFields = {
  type: 'STRICT',
  first_name: 'Karin',
  last_name: 'Lindqvist',
  username: 'karin@example.se',
  birthday: '1974-05-12',
  nationality: 'SE',
  country_of_residence: 'SE',
  language: 'sv',
  phone_1: '+46701234567',
  u_address1: 'Sjövägen 14',
  u_postal_code: '76291',
  u_city: 'Rimbo',
  u_country: 'SE',
  u_region: 'Stockholms län',
};

describe('profile completeness', () => {
  it('is complete when every required field is set and the user is STRICT', () => {
    expect(isProfileComplete(complete)).toBe(true);
    expect(isProfileComplete({ ...complete, type: 'SOFT' })).toBe(false);
    expect(missingProfileFields({ ...complete, phone_1: ' ', birthday: null })).toEqual(['birthday', 'phone_1']);
  });
  it('the dialog is not shown on the excluded pages', () => {
    for (const page of ['/profile', '/profile/payout', '/userform', '/login', '/logout', '/redirect']) expect(profileDialogAllowedOn(page)).toBe(false);
    for (const page of ['/conversations', '/to-do', '/profiles']) expect(profileDialogAllowedOn(page)).toBe(true);
  });
});
