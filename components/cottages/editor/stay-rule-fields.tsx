'use client';
import { useId } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/fields';
import { TextField } from '@/components/ui/text-field';
import { digits, filtered } from '@/components/forms/inputs';
import type { Locale } from '@/lib/constants';
import { monthNames, weekdayNamesFromMonday } from '@/lib/format';
import { showMessage } from '@/lib/i18n/message';
import type { StayRulesBody } from '@/lib/schemas/stay-rules';
import { stayRuleWords } from '../stay-rule-words';
import { stayRuleOf, type StayRulesValues, type StayRuleValues } from './stay-rule-values';

type Form = UseFormReturn<StayRulesValues, unknown, StayRulesBody>;
type Props = { form: Form; index: number; values: StayRuleValues; onRemove: () => void };

const pad = (n: number) => String(n).padStart(2, '0');
const DAYS = Array.from({ length: 31 }, (_, i) => pad(i + 1));
const select = 'rounded-md border border-gray-300 bg-white px-2 py-2 text-base outline-none focus-visible:ring-2 focus-visible:ring-brand-600';

/** One stay rule of the rules dialog: its summary in words, then its season, nights, weekdays and days. */
export function StayRuleFields({ form, index, values, onRemove }: Props) {
  const t = useTranslations('stayRules');
  const tAll = useTranslations();
  const locale = useLocale() as Locale;
  const id = useId();
  const name = `rules.${index}` as const;
  // The schema's paths: the rule's own fields, and its season's ends (rules.N.season.from).
  const errors = form.formState.errors.rules?.[index] as Record<string, { message?: string; from?: { message?: string }; to?: { message?: string } }> | undefined;
  const error = (field: string) => showMessage(tAll, errors?.[field]?.message);
  const seasonError = showMessage(tAll, errors?.season?.from?.message ?? errors?.season?.to?.message);
  const months = monthNames(locale);
  const weekdays = weekdayNamesFromMonday(locale);
  const number = (field: 'min_nights' | 'max_nights' | 'preparation_days' | 'book_ahead_days', label: string) => (
    <TextField
      label={label}
      inputMode="numeric"
      error={error(field)}
      // The shortest stay is checked against the longest: a change to it checks both.
      {...filtered(form.register(`${name}.${field}`, field === 'min_nights' ? { deps: [`${name}.max_nights`] } : {}), digits)}
    />
  );
  const monthDay = (end: 'from' | 'to') => (
    <div className="flex flex-wrap items-center gap-2">
      <span className="w-10 text-sm">{t(end)}</span>
      <select aria-label={`${t(end)}: ${t('day')}`} className={select} {...form.register(`${name}.${end}_day`)}>
        {DAYS.map((d) => (
          <option key={d} value={d}>
            {Number(d)}
          </option>
        ))}
      </select>
      <select aria-label={`${t(end)}: ${t('month')}`} className={select} {...form.register(`${name}.${end}_month`)}>
        {months.map((m, i) => (
          <option key={m} value={pad(i + 1)}>
            {m}
          </option>
        ))}
      </select>
    </div>
  );
  const weekdayGroup = (field: 'checkin_weekdays' | 'checkout_weekdays', legend: string) => (
    <fieldset className="mb-3" aria-describedby={`${id}-${field}-hint`}>
      <legend className="text-sm font-medium text-ink">{legend}</legend>
      <p id={`${id}-${field}-hint`} className="text-xs text-muted">
        {t('anyDayHint')}
      </p>
      <div className="flex flex-wrap gap-x-4">
        {weekdays.map((day, d) => (
          <CheckboxField key={day} label={day} value={String(d)} {...form.register(`${name}.${field}`)} />
        ))}
      </div>
      {error(field) ? (
        <p role="alert" className="text-sm text-red-700">
          {error(field)}
        </p>
      ) : null}
    </fieldset>
  );

  return (
    <fieldset className="rounded-lg border border-gray-200 p-4" data-testid="stay-rule">
      <legend className="px-1 font-semibold">{t('ruleHeading', { number: index + 1 })}</legend>
      <p className="mb-4 rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900" data-testid="stay-rule-summary">
        {stayRuleWords(stayRuleOf(values), t, locale)}
      </p>
      <fieldset className="mb-4" aria-describedby={`${id}-season-hint`}>
        <legend className="mb-1 text-sm font-medium text-ink">{t('season')}</legend>
        <div className="flex flex-wrap gap-x-6">
          <CheckboxField type="radio" label={t('allYear')} value="yes" {...form.register(`${name}.all_year`)} />
          <CheckboxField type="radio" label={t('seasonChoice')} value="no" {...form.register(`${name}.all_year`)} />
        </div>
        {values.all_year === 'no' ? (
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            {monthDay('from')}
            {monthDay('to')}
          </div>
        ) : null}
        <p id={`${id}-season-hint`} className="mt-1 text-xs text-muted">
          {values.all_year === 'no' ? t('seasonHint') : t('allYearHint')}
        </p>
        {seasonError ? (
          <p role="alert" className="text-sm text-red-700">
            {seasonError}
          </p>
        ) : null}
      </fieldset>
      <p className="mb-1 text-xs text-muted">{t('emptyNone')}</p>
      <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
        {number('min_nights', t('minNights'))}
        {number('max_nights', t('maxNights'))}
        {number('preparation_days', t('preparationDays'))}
        {number('book_ahead_days', t('bookAheadDays'))}
      </div>
      {weekdayGroup('checkin_weekdays', t('checkinDays'))}
      {weekdayGroup('checkout_weekdays', t('checkoutDays'))}
      <Button variant="text" onClick={onRemove}>
        {t('removeRule')}
      </Button>
    </fieldset>
  );
}
