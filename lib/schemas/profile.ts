// SPEC §5 "User and profile": one schema for the profile form and PUT /api/user. Messages are
// catalogue keys. Optional fields may arrive empty (''), which the API stores as null.
import * as z from 'zod/mini';
import { AGE_MAX, AGE_MIN, BIRTHDAY_FIRST, BIRTHDAY_LAST, DELETE_PHRASES, PHONE, ageOn, isOrganizationNumber, isPersonalNumber, vatRateTenths } from '../rules/profile';
import { isCountryCode } from '../data/countries';
import { isDay } from '../rules/dates';
import { emailField } from './auth';
import { safeString } from './common';
import { required, text, withValues } from './cottage-fields';

export const PROFILE_LANGUAGES = ['sv', 'en'] as const;
export const PERSON_TYPES = ['NATURAL', 'LEGAL'] as const;
export const BUSINESS_TYPES = ['SOLETRADER', 'BUSINESS', 'ORGANIZATION'] as const;

const blank = z.literal('');
const maybe = <T extends z.core.SomeType>(schema: T) => z.optional(z.nullable(z.union([blank, schema])));
const maxChars = (max: number) => withValues('validation.maxChars', { max });
const optionalText = (max: number) => maybe(safeString().check(z.trim(), z.maxLength(max, maxChars(max))));
const country = safeString({ error: required }).check(z.refine(isCountryCode, required));
const phone = safeString({ error: required }).check(z.trim(), z.regex(PHONE, 'profile.invalidPhone'));
const postalCode = safeString({ error: required }).check(z.trim(), z.minLength(1, { error: required, abort: true }), z.maxLength(8, maxChars(8)), z.regex(/^\d+$/, 'validation.digitsOnly'));

export function profileSchema(today: string) {
  return z
    .object({
      first_name: text(255).check(z.minLength(1, required)),
      last_name: text(255).check(z.minLength(1, required)),
      username: emailField({ required: 'profile.emailRequired', invalid: 'profile.emailInvalid' }),
      confirm_username: maybe(safeString().check(z.trim(), z.maxLength(254))),
      birthday: safeString({ error: required }).check(z.minLength(1, required)),
      nationality: country,
      country_of_residence: country,
      language: z.enum(PROFILE_LANGUAGES, { error: required }),
      phone_1: phone,
      phone_2: maybe(phone),
      hide_phone_number: z._default(z.boolean(), false),
      hide_last_name: z._default(z.boolean(), false),
      u_address1: text(40).check(z.minLength(1, required)),
      u_address2: optionalText(40),
      u_postal_code: postalCode,
      u_city: text(40).check(z.minLength(1, required)),
      u_region: text(40).check(z.minLength(1, required)),
      u_country: country,
      type_of_person: z.optional(z.enum(PERSON_TYPES)),
      business_type: z.optional(z.nullable(z.enum(BUSINESS_TYPES))),
      business_name: optionalText(255),
      organization_number: maybe(safeString().check(z.trim(), z.refine(isOrganizationNumber, 'profile.organizationNumberFormat'))),
      personal_number: maybe(safeString().check(z.trim(), z.refine(isPersonalNumber, 'profile.personalNumberFormat'))),
      tin_number: maybe(safeString().check(z.trim(), z.minLength(10, 'profile.tinLength'), z.maxLength(80, 'profile.tinLength'))),
      vat_registered: z.optional(z.nullable(z.enum(['YES', 'NO']))),
      vat_number: maybe(safeString().check(z.trim(), z.minLength(5, 'profile.badVat'), z.maxLength(50, 'profile.badVat'), z.regex(/^[A-Za-z0-9 -]+$/, 'profile.badVat'))),
      vat_rate: z.optional(z.nullable(z.number({ error: 'profile.vatRate' }))),
      /** A STRICT user without BankID confirms a save with the password (SPEC §4 "Profile save"). */
      password: z.optional(safeString().check(z.maxLength(1024))),
    })
    .check(
      z.superRefine((v, ctx) => {
        const issue = (path: string, message: string) => ctx.issues.push({ code: 'custom', path: [path], message, input: v[path as keyof typeof v] });
        if (v.confirm_username && v.confirm_username.toLowerCase() !== v.username) issue('confirm_username', 'profile.emailMismatch');
        if (v.birthday) {
          if (!isDay(v.birthday)) issue('birthday', 'validation.invalidDate');
          else if (v.birthday < BIRTHDAY_FIRST || v.birthday > BIRTHDAY_LAST) issue('birthday', 'profile.invalidAge');
          else if (ageOn(v.birthday, today) < AGE_MIN) issue('birthday', 'profile.ageTooLow');
          else if (ageOn(v.birthday, today) > AGE_MAX) issue('birthday', 'profile.invalidAge');
        }
        if (v.type_of_person === 'LEGAL' && !v.business_type) issue('business_type', required);
        const company = v.business_type === 'BUSINESS' || v.business_type === 'ORGANIZATION';
        if (company && !v.business_name) issue('business_name', required);
        if (company && !v.organization_number) issue('organization_number', required);
        if (v.tin_number && v.nationality === 'SE' && !/^\d{10}$/.test(v.tin_number)) issue('tin_number', 'profile.tinSwedish');
        if (v.vat_registered === 'YES') {
          if (!v.vat_number) issue('vat_number', 'profile.badVat');
          if (v.vat_rate === null || v.vat_rate === undefined || vatRateTenths(v.vat_rate) === null) issue('vat_rate', 'profile.vatRate');
        } else if (v.vat_rate !== null && v.vat_rate !== undefined) issue('vat_rate', 'profile.vatRateUnregistered');
      }),
    );
}

export type ProfileInput = z.input<ReturnType<typeof profileSchema>>;
export type ProfileBody = z.output<ReturnType<typeof profileSchema>>;

/** DELETE /api/user (SPEC §5 "Account deletion"): the box ticked and the phrase typed. */
export const deleteAccountBody = z.object({
  confirm: z.literal(true, { error: 'profile.deleteConfirmRequired' }),
  phrase: safeString({ error: 'profile.deletePhrase' }).check(
    z.maxLength(100, 'profile.deletePhrase'),
    z.refine((v) => (DELETE_PHRASES as readonly string[]).includes(v.trim().toLowerCase()), 'profile.deletePhrase'),
  ),
});

/** POST /api/auth/bankid/login: the session token from GET /api/auth/bankid/token. */
export const bankIdLoginBody = z.object({ token: safeString().check(z.minLength(16, 'errors.form'), z.maxLength(200, 'errors.form')) });
