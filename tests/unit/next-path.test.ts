import { describe, expect, it } from 'vitest';
import { afterLoginPath, loginPathFor, safeNext } from '@/lib/rules/next-path';

describe('safeNext (SPEC §2: lowercase letters, digits and slashes only)', () => {
  it.each([
    ['/bookings', '/bookings'],
    ['bookings', '/bookings'],
    ['/conversations/12/bookings/3', '/conversations/12/bookings/3'],
    ['//evil', '/evil'],
  ])('honours %s as %s', (input, expected) => {
    expect(safeNext(input)).toBe(expected);
  });

  it.each(['https://evil.example', '/Bookings', '/to-do', '/a?b=c', '/a.b', '/%2F%2Fevil', '', '/', null, undefined, '/bookings#x', '\\\\evil'])('refuses %s', (input) => {
    expect(safeNext(input as string | null | undefined)).toBeNull();
  });
});

describe('afterLoginPath', () => {
  it('sends a STRICT user to next, or to conversations', () => {
    expect(afterLoginPath('/bookings', 'STRICT')).toBe('/bookings');
    expect(afterLoginPath(null, 'STRICT')).toBe('/conversations');
    expect(afterLoginPath('http://x', 'STRICT')).toBe('/conversations');
  });
  it('sends a SOFT user to the profile, keeping next', () => {
    expect(afterLoginPath('/bookings', 'SOFT')).toBe('/profile?next=/bookings');
    expect(afterLoginPath(undefined, 'SOFT')).toBe('/profile');
  });
});

describe('loginPathFor', () => {
  it('keeps the wanted dashboard path as next', () => {
    expect(loginPathFor('/dashboard/bookings')).toBe('/dashboard/login?next=/bookings');
    expect(loginPathFor('/dashboard/to-do')).toBe('/dashboard/login');
    expect(loginPathFor('/dashboard')).toBe('/dashboard/login');
  });
});
