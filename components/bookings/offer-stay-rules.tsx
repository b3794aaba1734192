'use client';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CheckboxField } from '@/components/ui/fields';
import { stayViolationWords } from '@/components/cottages/stay-rule-words';
import { api } from '@/lib/api/client';
import type { Locale } from '@/lib/constants';
import { queryKeys } from '@/lib/query/keys';
import { isDay } from '@/lib/rules/dates';
import { stayRuleViolations, type StayRule } from '@/lib/rules/stay-rules';

type Props = {
  cottageId: number | null;
  checkIn: string;
  checkOut: string;
  today: string;
  /** The API's refusal of these dates, in words (it also knows the ad's other stays): shown when the form found nothing. */
  refused: string[];
  override: UseFormRegisterReturn<'override_stay_rules'>;
};

/**
 * Issue 18: the offer's dates against the ad's stay rules, in words, as the host picks them; the host
 * may send the offer anyway (the API refuses it otherwise). What only the API can see (the days
 * between guests next to another booking) comes back as its refusal, listed here the same way.
 */
export function OfferStayRules({ cottageId, checkIn, checkOut, today, refused, override }: Props) {
  const t = useTranslations('stayRules');
  const locale = useLocale() as Locale;
  const { data } = useQuery({
    queryKey: queryKeys.cottages.stayRules(cottageId ?? 0),
    queryFn: () => api<{ rules: StayRule[] }>(`/cottages/${cottageId}/stay-rules`),
    enabled: cottageId !== null,
  });
  const rules = data?.rules ?? [];
  const dated = isDay(checkIn) && isDay(checkOut) && checkIn < checkOut;
  const found = dated && rules.length ? stayRuleViolations({ check_in: checkIn, check_out: checkOut }, rules, today).map((v) => stayViolationWords(v, t, locale)) : [];
  const violations = found.length ? found : refused;
  // The live region stays in the page, so that a warning appearing in it is announced.
  return (
    <div className={violations.length ? 'mb-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900' : ''} data-testid="stay-rules-warning">
      <div role="status">
        {violations.length ? (
          <>
            <p className="font-semibold">{t('warningTitle')}</p>
            <ul className="mb-2 list-disc pl-5">
              {violations.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
      {violations.length ? <CheckboxField label={t('override')} {...override} /> : null}
    </div>
  );
}
