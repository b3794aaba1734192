// Issue 18: stay rules in words, one wording for the editor, the public ad and the host's offer form.
import type { Locale } from '@/lib/constants';
import { formatMonthDay, weekdayNamesFromMonday } from '@/lib/format';
import type { StayRule, StayRuleViolation } from '@/lib/rules/stay-rules';

/** A translator of the `stayRules` namespace: next-intl's, on the server or in the browser. */
export type StayRulesT = (key: string, values?: Record<string, string | number>) => string;

/** Weekdays (0 = Monday) as the reader says them: 'Saturday', 'Friday or Saturday'. */
export function weekdayWords(days: readonly number[], locale: Locale): string {
  const names = weekdayNamesFromMonday(locale);
  const sorted = [...days].sort((a, b) => a - b).map((d) => names[d] ?? '');
  return new Intl.ListFormat(locale, { type: 'disjunction' }).format(sorted);
}

/** 'All year' or '1 July – 31 July'. */
export function seasonWords(season: StayRule['season'], t: StayRulesT, locale: Locale): string {
  return season ? t('seasonSpan', { from: formatMonthDay(season.from, locale), to: formatMonthDay(season.to, locale) }) : t('allYear');
}

/** What a rule asks, without its season: 'at least 7 nights, check-in Saturday, 1 day between guests'. */
export function stayRuleTerms(rule: StayRule, t: StayRulesT, locale: Locale): string {
  const parts: string[] = [];
  if (rule.min_nights !== null && rule.min_nights === rule.max_nights) parts.push(t('exactNights', { count: rule.min_nights }));
  else {
    if (rule.min_nights !== null) parts.push(t('minNightsWords', { count: rule.min_nights }));
    if (rule.max_nights !== null) parts.push(t('maxNightsWords', { count: rule.max_nights }));
  }
  if (rule.checkin_weekdays) parts.push(t('checkinWords', { days: weekdayWords(rule.checkin_weekdays, locale) }));
  if (rule.checkout_weekdays) parts.push(t('checkoutWords', { days: weekdayWords(rule.checkout_weekdays, locale) }));
  if (rule.preparation_days > 0) parts.push(t('preparationWords', { count: rule.preparation_days }));
  if (rule.book_ahead_days !== null) parts.push(t('bookAheadWords', { count: rule.book_ahead_days }));
  return parts.length ? parts.join(', ') : t('noLimits');
}

/** The whole rule: '1 July – 31 July: at least 7 nights, check-in Saturday, check-out Saturday'. */
export function stayRuleWords(rule: StayRule, t: StayRulesT, locale: Locale): string {
  return t('ruleSentence', { season: seasonWords(rule.season, t, locale), terms: stayRuleTerms(rule, t, locale) });
}

/** A broken rule: the API's sentence for its kind and the rule's own numbers or weekdays. */
export function stayViolationWords(violation: StayRuleViolation, t: StayRulesT, locale: Locale): string {
  const rule = (() => {
    switch (violation.kind) {
      case 'min_nights':
        return t('minNightsWords', { count: violation.min });
      case 'max_nights':
        return t('maxNightsWords', { count: violation.max });
      case 'checkin_weekday':
        return t('checkinWords', { days: weekdayWords(violation.weekdays, locale) });
      case 'checkout_weekday':
        return t('checkoutWords', { days: weekdayWords(violation.weekdays, locale) });
      case 'book_ahead':
        return t('bookAheadWords', { count: violation.days });
      case 'preparation':
        return t('preparationWords', { count: violation.days });
    }
  })();
  return t('violationSentence', { problem: t(violation.kind), rule });
}
