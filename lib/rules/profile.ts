// SPEC §5 "User and profile": the fields a complete profile has, the formats of Swedish numbers,
// age limits and which fields are locked. Used by the profile form, PUT /api/user, the
// profile-completion dialog and the rules that require a complete profile (offers, ads, payments).
export type ProfileFields = {
  type: 'SOFT' | 'STRICT';
  first_name: string | null;
  last_name: string | null;
  username: string;
  birthday: string | null;
  nationality: string | null;
  country_of_residence: string | null;
  language: string | null;
  phone_1: string | null;
  u_address1: string | null;
  u_postal_code: string | null;
  u_city: string | null;
  u_country: string | null;
  u_region: string | null;
};

const REQUIRED: (keyof ProfileFields)[] = [
  'first_name',
  'last_name',
  'username',
  'birthday',
  'nationality',
  'country_of_residence',
  'language',
  'phone_1',
  'u_address1',
  'u_postal_code',
  'u_city',
  'u_country',
  'u_region',
];

export function missingProfileFields(user: ProfileFields): (keyof ProfileFields)[] {
  return REQUIRED.filter((key) => {
    const value = user[key];
    return value === null || value === undefined || String(value).trim() === '';
  });
}

export function isProfileComplete(user: ProfileFields): boolean {
  return user.type === 'STRICT' && missingProfileFields(user).length === 0;
}

/** SPEC §2: the dialog is not shown on these pages. */
const DIALOG_EXCLUDED = ['/profile', '/userform', '/login', '/logout', '/redirect'];

export function profileDialogAllowedOn(dashboardPath: string): boolean {
  return !DIALOG_EXCLUDED.some((p) => dashboardPath === p || dashboardPath.startsWith(p + '/'));
}

/** SPEC §5: age 18–100 on the day given (Stockholm). */
export const AGE_MIN = 18;
export const AGE_MAX = 100;
/** SPEC §5: the birthday picker's range. */
export const BIRTHDAY_FIRST = '1917-01-01';
export const BIRTHDAY_LAST = '2017-01-01';

/** Whole years from a birthday to a day, both 'YYYY-MM-DD'. */
export function ageOn(birthday: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birthday.slice(0, 4));
  return today.slice(5) < birthday.slice(5) ? years - 1 : years;
}

/** SPEC §5: '+' then 7–15 digits. */
export const PHONE = /^\+\d{7,15}$/;

/** The Luhn check of a 10-digit Swedish personal or organisation number (last digit is the check). */
export function luhnValid(tenDigits: string): boolean {
  if (!/^\d{10}$/.test(tenDigits)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let d = Number(tenDigits[i]) * (i % 2 === 0 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return sum % 10 === 0;
}

/** SPEC §5: personal number YYMMDDNNNN (10 digits, a real month and day, Luhn-valid). */
export function isPersonalNumber(value: string): boolean {
  const m = /^\d{2}(\d{2})(\d{2})\d{4}$/.exec(value);
  if (!m) return false;
  const month = Number(m[1]);
  const day = Number(m[2]) > 60 ? Number(m[2]) - 60 : Number(m[2]);
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 && luhnValid(value);
}

/** SPEC §5: organisation number XXXXXX-YYYY (Luhn-valid like Bolagsverket's numbers). */
export function isOrganizationNumber(value: string): boolean {
  return /^\d{6}-\d{4}$/.test(value) && luhnValid(value.replace('-', ''));
}

/** SPEC §5: VAT rate 0–100 with at most one decimal, stored in tenths (25.5 → 255). */
export function vatRateTenths(rate: number): number | null {
  const tenths = Math.round(rate * 10);
  return rate >= 0 && rate <= 100 && Math.abs(rate * 10 - tenths) < 1e-9 ? tenths : null;
}

export type LockState = { bankid_verified: boolean; kyc_status: string; can_change_name: boolean; type: 'SOFT' | 'STRICT' };

/** Identity fields: locked once BankID verified the person or KYC succeeded or is pending (SPEC §4). */
const IDENTITY_FIELDS = ['first_name', 'last_name', 'birthday', 'nationality', 'personal_number'] as const;
/** SPEC §5: name, nationality, birthday and company fields locked unless can_change_name. */
const NAME_FIELDS = ['first_name', 'last_name', 'birthday', 'nationality', 'business_type', 'business_name', 'organization_number'] as const;

export const LOCKABLE_FIELDS = ['first_name', 'last_name', 'birthday', 'nationality', 'personal_number', 'business_type', 'business_name', 'organization_number', 'type_of_person'] as const;
export type LockedField = (typeof LOCKABLE_FIELDS)[number];

/** The profile fields this user may not change; the form disables them and the API refuses them. */
export function lockedFields(state: LockState): LockedField[] {
  const locked = new Set<LockedField>();
  if (state.bankid_verified || state.kyc_status === 'SUCCEDED' || state.kyc_status === 'PENDING') IDENTITY_FIELDS.forEach((f) => locked.add(f));
  if (!state.can_change_name) NAME_FIELDS.forEach((f) => locked.add(f));
  // Type of person is chosen while completing the profile, then fixed (SPEC §5).
  if (state.type === 'STRICT') locked.add('type_of_person');
  return [...locked];
}

/** SPEC §5: the two confirmation phrases that delete an account (English, Swedish). */
export const DELETE_PHRASES = ['delete account', 'ta bort mitt konto permanent'] as const;
