// SPEC §5 "Payout person": the host information of the payout tab (PUT /api/user/host-information).
// The person (names, birthday, nationality, address, company) is the saved profile's, checked by
// profileSchema (the company number and VAT too); this form adds what payouts need on top of it.
import * as z from 'zod/mini';
import { isIban, needsRegion } from '../rules/payout';
import { isCountryCode } from '../data/countries';
import { safeString } from './common';
import { required, text, withValues } from './cottage-fields';

const maxChars = (max: number) => withValues('validation.maxChars', { max });
const filled = (max: number) => text(max).check(z.minLength(1, required));
const optional = (max: number) => z.optional(z.nullable(safeString().check(z.trim(), z.maxLength(max, maxChars(max)))));

/** What the rules depend on: a company (business or organisation) has a headquarters; terms are asked the first time. */
export type HostInformationContext = { company: boolean; nationality: string | null; termsNeeded: boolean };

export function hostInformationSchema(context: HostInformationContext) {
  return z
    .object({
      tin_number: safeString({ error: required }).check(z.trim(), z.minLength(10, 'profile.tinLength'), z.maxLength(80, 'profile.tinLength')),
      iban: safeString({ error: required }).check(z.trim(), z.minLength(1, { error: required, abort: true }), z.maxLength(60, 'payout.ibanInvalid'), z.refine(isIban, 'payout.ibanInvalid')),
      owner: filled(255),
      hq_address1: optional(40),
      hq_address2: optional(40),
      hq_postal_code: optional(8),
      hq_city: optional(40),
      hq_country: optional(2),
      hq_region: optional(40),
      accept_payment_terms: z.optional(z.boolean()),
      /** A STRICT user without BankID confirms with the password (SPEC §7: the form fields plus the password). */
      password: z.optional(safeString().check(z.maxLength(1024))),
    })
    .check(
      z.superRefine((v, ctx) => {
        const issue = (path: string, message: string) => ctx.issues.push({ code: 'custom', path: [path], message, input: v[path as keyof typeof v] });
        if (context.nationality === 'SE' && !/^\d{10}$/.test(v.tin_number)) issue('tin_number', 'profile.tinSwedish');
        if (context.termsNeeded && v.accept_payment_terms !== true) issue('accept_payment_terms', 'payout.termsRequired');
        if (!context.company) return;
        for (const field of ['hq_address1', 'hq_postal_code', 'hq_city', 'hq_country'] as const) if (!v[field]) issue(field, required);
        if (v.hq_country && !isCountryCode(v.hq_country)) issue('hq_country', required);
        if (needsRegion(v.hq_country) && !v.hq_region) issue('hq_region', required);
      }),
    );
}

export type HostInformationInput = z.input<ReturnType<typeof hostInformationSchema>>;
export type HostInformationBody = z.output<ReturnType<typeof hostInformationSchema>>;
/** The route reads the body loosely and checks it against the caller's own context. */
export const hostInformationBody = z.record(safeString(), z.unknown());
