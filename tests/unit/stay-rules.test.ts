import { describe, expect, it } from 'vitest';
import { rule } from './stay-rule-factory';
import * as z from 'zod/mini';
import { stayRulesBody } from '@/lib/schemas/stay-rules';
import { inSeason, rulesFor, stayRuleError, stayRuleViolations } from '@/lib/rules/stay-rules';

// July: a week from Saturday to Saturday; otherwise at least two nights; a day to clean between guests.
const RULES = [rule({ season: { from: '07-01', to: '07-31' }, min_nights: 7, checkin_weekdays: [5], checkout_weekdays: [5] }), rule({ min_nights: 2, preparation_days: 1, book_ahead_days: 365 })];
const TODAY = '2027-01-10';

describe('stay rules (issue 18)', () => {
  it.each([
    ['a July Saturday to Saturday week', { check_in: '2027-07-03', check_out: '2027-07-10' }, []],
    ['a July stay from Sunday', { check_in: '2027-07-04', check_out: '2027-07-11' }, ['checkin_weekday', 'checkout_weekday']],
    ['three July nights', { check_in: '2027-07-03', check_out: '2027-07-06' }, ['min_nights', 'checkout_weekday']],
    ['one night in May', { check_in: '2027-05-03', check_out: '2027-05-04' }, ['min_nights']],
    ['two nights in May', { check_in: '2027-05-03', check_out: '2027-05-05' }, []],
    ['more than a year ahead', { check_in: '2028-02-03', check_out: '2028-02-06' }, ['book_ahead']],
    ['a stay beginning 31 July follows the July rule', { check_in: '2027-07-31', check_out: '2027-08-07' }, []],
  ] as const)('%s', (_, stay, kinds) => {
    expect(stayRuleViolations(stay, RULES, TODAY).map((v) => v.kind)).toEqual(kinds);
  });

  it('keeps the preparation night free before and after other stays', () => {
    const others = [{ check_in: '2027-05-10', check_out: '2027-05-14' }];
    expect(stayRuleViolations({ check_in: '2027-05-14', check_out: '2027-05-16' }, RULES, TODAY, others).map((v) => v.kind)).toEqual(['preparation']);
    expect(stayRuleViolations({ check_in: '2027-05-15', check_out: '2027-05-17' }, RULES, TODAY, others)).toEqual([]);
    expect(stayRuleViolations({ check_in: '2027-05-07', check_out: '2027-05-10' }, RULES, TODAY, others).map((v) => v.kind)).toEqual(['preparation']);
    expect(stayRuleViolations({ check_in: '2027-05-06', check_out: '2027-05-09' }, RULES, TODAY, others)).toEqual([]);
  });

  it('a season may cross the new year; a seasonal rule replaces the all-year one', () => {
    expect(inSeason('2027-12-28', { from: '12-20', to: '01-06' })).toBe(true);
    expect(inSeason('2028-01-06', { from: '12-20', to: '01-06' })).toBe(true);
    expect(inSeason('2028-01-07', { from: '12-20', to: '01-06' })).toBe(false);
    expect(rulesFor({ check_in: '2027-07-10', check_out: '2027-07-17' }, RULES)).toEqual([RULES[0]]);
    expect(rulesFor({ check_in: '2027-06-10', check_out: '2027-06-17' }, RULES)).toEqual([RULES[1]]);
  });

  it('checks a rule’s own fields', () => {
    expect(stayRuleError(RULES[0]!)).toBeNull();
    expect(stayRuleError(rule({ season: { from: '13-01', to: '07-31' } }))).toBe('stayRules.badSeason');
    expect(stayRuleError(rule({ min_nights: 8, max_nights: 7 }))).toBe('stayRules.minOverMax');
    expect(stayRuleError(rule({ checkin_weekdays: [] }))).toBe('stayRules.badWeekdays');
    expect(stayRuleError(rule({ checkin_weekdays: [7] }))).toBe('stayRules.badWeekdays');
    expect(stayRuleError(rule({ preparation_days: 15 }))).toBe('stayRules.badPreparation');
    expect(stayRuleError(rule({ book_ahead_days: 0 }))).toBe('stayRules.badBookAhead');
  });

  it('the schema names each problem once, on its field (the editor shows them by field)', () => {
    const issues = z.safeParse(stayRulesBody, { rules: [rule({ min_nights: 0, max_nights: 5 }), rule({ season: { from: '07-01', to: '07-31' }, min_nights: 8, max_nights: 7 })] }).error?.issues;
    expect(issues?.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['rules.0.min_nights', 'stayRules.badNights'],
      ['rules.1.max_nights', 'stayRules.minOverMax'],
    ]);
  });
});
