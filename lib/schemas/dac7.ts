// SPEC §2/§4: the DAC7 fix dialog of the offer form: the ad's designation and address, all required.
import * as z from 'zod/mini';
import { dac7Missing } from '../rules/ad';
import { safeString } from './common';

const field = safeString().check(z.maxLength(255, 'validation.maxChars?max=255'));

export const dac7FixForm = z.object({ property_designation: field, address_street: field, address_postal_code: field, address_city: field }).check(
  z.superRefine((v, ctx) => {
    for (const name of dac7Missing(v)) ctx.issues.push({ code: 'custom', path: [name], message: 'validation.required', input: v[name] });
  }),
);

export type Dac7FixForm = z.output<typeof dac7FixForm>;
