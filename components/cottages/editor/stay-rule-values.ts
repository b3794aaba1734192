import { toInt } from '@/components/forms/inputs';
import type { StayRule } from '@/lib/rules/stay-rules';

/** One rule as the rules dialog shows it: digits as typed ('' for none), the season as month and day selects. */
export type StayRuleValues = {
  all_year: 'yes' | 'no';
  from_month: string;
  from_day: string;
  to_month: string;
  to_day: string;
  min_nights: string;
  max_nights: string;
  /** Ticked weekdays ('0' = Monday); none ticked: any day. */
  checkin_weekdays: string[];
  checkout_weekdays: string[];
  preparation_days: string;
  book_ahead_days: string;
};
export type StayRulesValues = { rules: StayRuleValues[] };

const text = (n: number | null) => (n === null ? '' : String(n));
const days = (list: number[] | null) => (list ?? []).map(String);
const list = (ticked: string[]) => (ticked.length ? ticked.map(Number).sort((a, b) => a - b) : null);

export function stayRuleValues(rule: StayRule): StayRuleValues {
  const [fromMonth, fromDay] = (rule.season?.from ?? '07-01').split('-');
  const [toMonth, toDay] = (rule.season?.to ?? '07-31').split('-');
  return {
    all_year: rule.season ? 'no' : 'yes',
    from_month: fromMonth!,
    from_day: fromDay!,
    to_month: toMonth!,
    to_day: toDay!,
    min_nights: text(rule.min_nights),
    max_nights: text(rule.max_nights),
    checkin_weekdays: days(rule.checkin_weekdays),
    checkout_weekdays: days(rule.checkout_weekdays),
    preparation_days: String(rule.preparation_days),
    book_ahead_days: text(rule.book_ahead_days),
  };
}

/** The rule as the API takes it (empty preparation days: none). */
export function stayRuleOf(v: StayRuleValues): StayRule {
  return {
    season: v.all_year === 'yes' ? null : { from: `${v.from_month}-${v.from_day}`, to: `${v.to_month}-${v.to_day}` },
    min_nights: toInt(v.min_nights),
    max_nights: toInt(v.max_nights),
    checkin_weekdays: list(v.checkin_weekdays),
    checkout_weekdays: list(v.checkout_weekdays),
    preparation_days: toInt(v.preparation_days) ?? 0,
    book_ahead_days: toInt(v.book_ahead_days),
  };
}

/** A new rule: all year when the ad has no all-year rule yet, otherwise a season (July, to change). */
export function newStayRule(rules: readonly StayRuleValues[]): StayRuleValues {
  const blank: StayRule = { season: null, min_nights: null, max_nights: null, checkin_weekdays: null, checkout_weekdays: null, preparation_days: 0, book_ahead_days: null };
  return { ...stayRuleValues(blank), all_year: rules.some((r) => r.all_year === 'yes') ? 'no' : 'yes' };
}
