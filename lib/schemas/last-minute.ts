// SPEC §5 last-minute deal: from today to about two months ahead; titles max 50; price in öre.
import * as z from 'zod/mini';
import { safeString } from './common';
import { addDays, addMonths, isDay } from '../rules/dates';
import { AD_TITLE_MAX, optionalText, PRICE_MAX_SEK } from './cottage-fields';

export const LAST_MINUTE_MONTHS = 2;

export const lastMinuteSchema = (today: string) => {
  const last = addMonths(today, LAST_MINUTE_MONTHS);
  return z
    .object({
      from_date: safeString({ error: 'cottage.fromDateRequired' }).check(z.minLength(1, 'cottage.fromDateRequired'), z.refine(isDay, 'validation.invalidDate')),
      to_date: safeString({ error: 'cottage.toDateRequired' }).check(z.minLength(1, 'cottage.toDateRequired'), z.refine(isDay, 'validation.invalidDate')),
      price: z.int({ error: 'cottage.priceInvalid' }).check(z.minimum(100, 'cottage.priceRange'), z.maximum(PRICE_MAX_SEK * 100, 'cottage.priceRange')),
      title_sv: optionalText(AD_TITLE_MAX),
      title_en: optionalText(AD_TITLE_MAX),
      title_de: optionalText(AD_TITLE_MAX),
    })
    .check(
      z.superRefine((v, ctx) => {
        if (isDay(v.from_date) && (v.from_date < today || v.from_date > addDays(last, -1))) {
          ctx.issues.push({ code: 'custom', path: ['from_date'], message: 'cottage.lastMinuteWindow', input: v.from_date });
        }
        if (isDay(v.to_date) && (v.to_date < v.from_date || v.to_date > last)) {
          ctx.issues.push({ code: 'custom', path: ['to_date'], message: 'cottage.lastMinuteWindow', input: v.to_date });
        }
      }),
    );
};

/** The deal form's fields as typed (kronor, '' for none). */
export type LastMinuteFormValues = { from_date: string; to_date: string; price: string; title_sv: string };

/** The form's schema: what is typed, turned into the payload (öre, null titles) and checked by the API's schema. */
export const lastMinuteForm = (today: string) =>
  z.pipe(
    z.transform((v: LastMinuteFormValues): z.input<ReturnType<typeof lastMinuteSchema>> => ({
      from_date: v.from_date,
      to_date: v.to_date,
      price: v.price ? Number(v.price) * 100 : Number.NaN,
      title_sv: v.title_sv.trim() || null,
    })),
    lastMinuteSchema(today),
  );

export type LastMinutePayload = z.output<ReturnType<typeof lastMinuteSchema>>;
