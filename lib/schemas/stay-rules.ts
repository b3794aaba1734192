// Issue 18, stay rules: one schema for the editor step, the API and the tests (rules in lib/rules/stay-rules.ts).
import * as z from 'zod/mini';
import { isMonthDay, STAY_RULES_MAX, stayRuleError, type StayRule } from '../rules/stay-rules';
import { safeString } from './common';

const nights = z.nullable(z.int('validation.required').check(z.minimum(1, 'stayRules.badNights'), z.maximum(365, 'stayRules.badNights')));
const weekdays = z.nullable(
  z.array(z.int().check(z.minimum(0, 'stayRules.badWeekdays'), z.maximum(6, 'stayRules.badWeekdays'))).check(z.minLength(1, 'stayRules.badWeekdays'), z.maxLength(7, 'stayRules.badWeekdays')),
);
const monthDay = safeString().check(z.refine(isMonthDay, 'stayRules.badSeason'));

export const stayRuleSchema = z
  .object({
    season: z.nullable(z.object({ from: monthDay, to: monthDay })),
    min_nights: nights,
    max_nights: nights,
    checkin_weekdays: weekdays,
    checkout_weekdays: weekdays,
    preparation_days: z.int('validation.required').check(z.minimum(0, 'stayRules.badPreparation'), z.maximum(14, 'stayRules.badPreparation')),
    book_ahead_days: z.nullable(z.int('validation.required').check(z.minimum(1, 'stayRules.badBookAhead'), z.maximum(730, 'stayRules.badBookAhead'))),
  })
  .check(
    // Once the fields pass on their own (`when`), so that no field's message repeats: what is left is the
    // check across two fields, shown on the longest stay (a form's error for the whole rule would hide its fields').
    z.superRefine(
      (v, ctx) => {
        const error = stayRuleError(v as StayRule);
        if (error) ctx.issues.push({ code: 'custom', path: error === 'stayRules.minOverMax' ? ['max_nights'] : [], message: error, input: v });
      },
      { when: (payload) => payload.issues.length === 0 },
    ),
  );

/** PUT /api/cottages/{id}/stay-rules: at most one all-year rule and ten in all. */
export const stayRulesBody = z.object({ rules: z.array(stayRuleSchema).check(z.maxLength(STAY_RULES_MAX, 'stayRules.tooMany')) }).check(
  z.superRefine((v, ctx) => {
    if (v.rules.filter((r) => r.season === null).length > 1) ctx.issues.push({ code: 'custom', path: ['rules'], message: 'stayRules.oneAllYear', input: v.rules });
  }),
);
export type StayRulesBody = z.output<typeof stayRulesBody>;

export const stayRulesDto = z.object({ rules: z.array(stayRuleSchema) });

/** A broken rule as the API answers it, for the form's warning in words. */
export const stayViolationDto = z.object({ kind: safeString(), min: z.optional(z.int()), max: z.optional(z.int()), weekdays: z.optional(z.array(z.int())), days: z.optional(z.int()) });
