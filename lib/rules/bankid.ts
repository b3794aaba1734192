// BankID answers compared with the profile (SPEC §8 "BankID mismatch messages for first name,
// surname, birth date vs profile"), and the RP API's animated QR code data.
import { createHmac } from 'node:crypto';

export type BankIdField = 'first_name' | 'last_name' | 'birthday';
export type ProfileIdentity = { firstName: string | null; lastName: string | null; birthday: string | null };
export type BankIdUser = { personalNumber: string; givenName: string; surname: string };

const spaced = (s: string) => ` ${s.toLowerCase().trim().replace(/\s+/g, ' ')} `;

/**
 * Which profile fields BankID contradicts. Names match on whole words, case-insensitively: the
 * profile's first given name must be among BankID's given names, and the surname must appear
 * (double surnames such as "af Klint"). The birth date is the personal number's first 8 digits.
 */
export function bankIdMismatches(profile: ProfileIdentity, user: BankIdUser): BankIdField[] {
  const out: BankIdField[] = [];
  const given = spaced(user.givenName);
  const family = spaced(`${user.givenName} ${user.surname}`);
  if (!profile.firstName?.trim() || !given.includes(spaced(profile.firstName.trim().split(/\s+/)[0]!))) out.push('first_name');
  if (!profile.lastName?.trim() || !family.includes(spaced(profile.lastName))) out.push('last_name');
  if (!profile.birthday || birthDateOf(user.personalNumber) !== profile.birthday) out.push('birthday');
  return out;
}

/** YYYY-MM-DD from a 12-digit personal number (a coordination number's day has 60 added). */
export function birthDateOf(personalNumber: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})\d{4}$/.exec(personalNumber);
  if (!m) return null;
  const day = Number(m[3]) > 60 ? Number(m[3]) - 60 : Number(m[3]);
  return `${m[1]}-${m[2]}-${String(day).padStart(2, '0')}`;
}

/** The Luhn check digit over the last 9 digits of YYMMDDNNN (Swedish personal numbers). */
export function luhnDigit(nineDigits: string): number {
  let sum = 0;
  for (let i = 0; i < nineDigits.length; i++) {
    let d = Number(nineDigits[i]) * (i % 2 === 0 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * The animated QR code's content (RP API v6): `bankid.<qrStartToken>.<seconds>.<hmac>` where the
 * HMAC-SHA256 of the seconds since the order started is keyed with the order's qrStartSecret.
 */
export function bankIdQrData(qrStartToken: string, qrStartSecret: string, seconds: number): string {
  const time = String(Math.max(0, Math.floor(seconds)));
  const auth = createHmac('sha256', qrStartSecret).update(time).digest('hex');
  return `bankid.${qrStartToken}.${time}.${auth}`;
}
