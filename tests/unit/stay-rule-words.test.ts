import { createTranslator, type AbstractIntlMessages } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { rule } from './stay-rule-factory';
import en from '@/messages/en.json';
import sv from '@/messages/sv.json';
import { stayRuleWords, stayViolationWords, weekdayWords, type StayRulesT } from '@/components/cottages/stay-rule-words';
import { stayRuleViolations } from '@/lib/rules/stay-rules';

// As the screens pass it: any key of the namespace (its typed keys are checked where the messages are written).
function translator(locale: 'en' | 'sv', messages: AbstractIntlMessages): StayRulesT {
  const t = createTranslator({ locale, messages, namespace: 'stayRules' });
  return (key, values) => t(key, values as never);
}
const tEn = translator('en', en);
const tSv = translator('sv', sv);
const july = rule({ season: { from: '07-01', to: '07-31' }, min_nights: 7, checkin_weekdays: [5], checkout_weekdays: [5] });

describe('stay rules in words (issue 18)', () => {
  it('a July week from Saturday to Saturday', () => {
    expect(stayRuleWords(july, tEn, 'en')).toBe('1 July – 31 July: at least 7 nights, check-in Saturday, check-out Saturday');
    expect(stayRuleWords(july, tSv, 'sv')).toBe('1 juli – 31 juli: minst 7 nätter, incheckning lördag, utcheckning lördag');
  });

  it('all year, with days between guests and how far ahead, counted in plurals', () => {
    const r = rule({ min_nights: 2, preparation_days: 1, book_ahead_days: 365 });
    expect(stayRuleWords(r, tEn, 'en')).toBe('All year: at least 2 nights, 1 day between guests, bookable up to 365 days ahead');
    expect(stayRuleWords(r, tSv, 'sv')).toBe('Hela året: minst 2 nätter, 1 dag mellan gästerna, kan bokas upp till 365 dagar i förväg');
    expect(stayRuleWords(rule({ min_nights: 1, max_nights: 14, preparation_days: 2 }), tSv, 'sv')).toBe('Hela året: minst 1 natt, högst 14 nätter, 2 dagar mellan gästerna');
  });

  it('the same shortest and longest stay, a season over the new year, a rule without limits', () => {
    const r = rule({ season: { from: '12-20', to: '01-06' }, min_nights: 7, max_nights: 7 });
    expect(stayRuleWords(r, tEn, 'en')).toBe('20 December – 6 January: exactly 7 nights');
    expect(stayRuleWords(r, tSv, 'sv')).toBe('20 december – 6 januari: exakt 7 nätter');
    expect(stayRuleWords(rule({}), tEn, 'en')).toBe('All year: no limits');
  });

  it('several weekdays, from Monday, as one or the other', () => {
    expect(weekdayWords([6, 4, 5], 'en')).toBe('Friday, Saturday, or Sunday');
    expect(weekdayWords([5, 4], 'sv')).toBe('fredag eller lördag');
  });

  it("a broken rule: the API's sentence and the rule's numbers or weekdays", () => {
    // 2027-07-05 is a Monday: two nights in July break the week from Saturday.
    const broken = stayRuleViolations({ check_in: '2027-07-05', check_out: '2027-07-07' }, [july], '2027-03-01');
    expect(broken.map((v) => stayViolationWords(v, tEn, 'en'))).toEqual([
      'The stay is shorter than the shortest stay the ad accepts. The rule: at least 7 nights.',
      'The ad does not accept check-in on this weekday. The rule: check-in Saturday.',
      'The ad does not accept check-out on this weekday. The rule: check-out Saturday.',
    ]);
    expect(stayViolationWords({ kind: 'book_ahead', days: 90 }, tSv, 'sv')).toBe('Annonsen tar inte emot bokningar så långt fram. Regeln: kan bokas upp till 90 dagar i förväg.');
  });
});
