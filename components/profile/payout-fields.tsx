'use client';
import { useTranslations } from 'next-intl';
import type { UseFormReturn } from 'react-hook-form';
import { showMessage } from '@/lib/i18n/message';
import { needsRegion } from '@/lib/rules/payout';
import type { HostInformationBody, HostInformationInput } from '@/lib/schemas/payout';
import type { User } from '@/lib/schemas/user-dto';
import { CheckboxField, SelectField } from '@/components/ui/fields';
import { TextField } from '@/components/ui/text-field';
import { useCountries } from './profile-fields';

type Name = keyof HostInformationInput & string;
export type PayoutFormValues = UseFormReturn<HostInformationInput, unknown, HostInformationBody>;

/** SPEC §5 "Payout person": a company pays out to its own name and gives its head office. */
export const isCompany = (user: User) => user.type_of_person === 'LEGAL' && (user.business_type === 'BUSINESS' || user.business_type === 'ORGANIZATION');

/** The payout form's starting values from the stored user. */
export function payoutDefaults(user: User): HostInformationInput {
  return {
    tin_number: user.tin_number ?? '',
    iban: user.iban ?? '',
    owner: user.bank_owner ?? (isCompany(user) ? (user.business_name ?? '') : `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim()),
    hq_address1: user.hq_address1 ?? '',
    hq_address2: user.hq_address2 ?? '',
    hq_postal_code: user.hq_postal_code ?? '',
    hq_city: user.hq_city ?? '',
    hq_country: user.hq_country ?? 'SE',
    hq_region: user.hq_region ?? '',
    accept_payment_terms: false,
  };
}

/** The payout form's fields, shared by the form (payout-form.tsx) and its preview (payout-form-lazy.tsx). */
export function PayoutFields({ form, user }: { form: PayoutFormValues; user: User }) {
  const t = useTranslations('payout');
  const tAll = useTranslations();
  const countries = useCountries();
  const error = (name: Name) => showMessage(tAll, form.formState.errors[name]?.message as string | undefined);
  const text = (name: Name, extra: { autoComplete?: string; placeholder?: string; inputMode?: 'numeric' | 'text' } = {}) => (
    <TextField label={t(name)} error={error(name)} {...extra} {...form.register(name)} />
  );
  const hqCountry = form.watch('hq_country');
  return (
    <>
      <fieldset className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-x-4 sm:grid-cols-2">
        <legend className="mb-3 text-base font-semibold text-ink">{t('bankSection')}</legend>
        {text('iban', { autoComplete: 'off', placeholder: 'SE45 5000 0000 0583 9825 7466' })}
        {text('owner', { autoComplete: 'name' })}
        {text('tin_number', { inputMode: user.nationality === 'SE' ? 'numeric' : 'text', placeholder: user.nationality === 'SE' ? t('tinHintSwedish') : undefined })}
      </fieldset>
      {isCompany(user) ? (
        <fieldset className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-x-4 sm:grid-cols-2">
          <legend className="mb-3 text-base font-semibold text-ink">{t('hqSection')}</legend>
          {text('hq_address1', { autoComplete: 'address-line1' })}
          {text('hq_address2', { autoComplete: 'address-line2' })}
          {text('hq_postal_code', { autoComplete: 'postal-code', inputMode: 'numeric' })}
          {text('hq_city', { autoComplete: 'address-level2' })}
          <SelectField label={t('hq_country')} error={error('hq_country')} {...form.register('hq_country')}>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </SelectField>
          {needsRegion(hqCountry) ? text('hq_region', { autoComplete: 'address-level1' }) : null}
        </fieldset>
      ) : null}
      {user.payment_terms_accepted ? null : <CheckboxField label={t('accept_payment_terms')} error={error('accept_payment_terms')} {...form.register('accept_payment_terms')} />}
    </>
  );
}
