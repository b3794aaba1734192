// SPEC §5 "User and profile": the fields a complete profile has. Used by the profile-completion
// dialog and, later, by the rules that require a complete profile (offers, ads, payments).
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
