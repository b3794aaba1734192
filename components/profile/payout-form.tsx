'use client';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import { showMessage } from '@/lib/i18n/message';
import { cleanIban, needsRegion } from '@/lib/rules/payout';
import type { HostInformationBody, HostInformationInput } from '@/lib/schemas/payout';
import type { HostInformationAnswer, User } from '@/lib/schemas/user-dto';
import { useZodForm } from '@/components/forms/use-zod-form';
import { UnsavedChangesPrompt } from '@/components/layout/unsaved-changes-prompt';
import { Button } from '@/components/ui/button';
import { CheckboxField, SelectField } from '@/components/ui/fields';
import { TextField } from '@/components/ui/text-field';
import { useCountries } from './profile-fields';
import { useConfirmedSave } from './use-confirmed-save';

type Name = keyof HostInformationInput & string;

/** SPEC §2 /profile/payout step 1: the host information and the bank account payouts go to (SPEC §5 "Payout person"). */
export function PayoutForm({ user }: { user: User }) {
  const t = useTranslations('payout');
  const tAll = useTranslations();
  const countries = useCountries();
  const company = user.type_of_person === 'LEGAL' && (user.business_type === 'BUSINESS' || user.business_type === 'ORGANIZATION');
  const context = { company, nationality: user.nationality, termsNeeded: !user.payment_terms_accepted };
  const defaults = {
    tin_number: user.tin_number ?? '',
    iban: user.iban ?? '',
    owner: user.bank_owner ?? (company ? (user.business_name ?? '') : `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim()),
    hq_address1: user.hq_address1 ?? '',
    hq_address2: user.hq_address2 ?? '',
    hq_postal_code: user.hq_postal_code ?? '',
    hq_city: user.hq_city ?? '',
    hq_country: user.hq_country ?? 'SE',
    hq_region: user.hq_region ?? '',
    accept_payment_terms: false,
  };
  // The schema (and zod) load when the form is first checked: the page's first load stays small.
  const form = useZodForm(() => import('@/lib/schemas/payout').then((m) => m.hostInformationSchema(context)), { defaultValues: defaults });
  const save = useConfirmedSave({
    askPassword: user.type === 'STRICT' && !user.bankid_verified_at,
    // SPEC §5: spaces and hyphens are stripped from the IBAN before it is sent.
    send: (values: HostInformationBody) => api<HostInformationAnswer>('/user/host-information', { method: 'PUT', body: { ...values, iban: cleanIban(values.iban) } }),
    form,
    success: t('saved'),
    onSaved: (saved, values) => {
      form.reset({ ...values, password: undefined, accept_payment_terms: false });
      // SPEC §4 "Payout save": a new bank account is confirmed with SCA at the payment provider first.
      if (saved.sca_bank_status === 'PENDING' && saved.sca_bank_action_url) window.location.assign(saved.sca_bank_action_url);
    },
  });
  const error = (name: Name) => showMessage(tAll, form.formState.errors[name]?.message as string | undefined);
  const text = (name: Name, extra: { autoComplete?: string; placeholder?: string; inputMode?: 'numeric' | 'text' } = {}) => (
    <TextField label={t(name)} error={error(name)} {...extra} {...form.register(name)} />
  );
  const hqCountry = form.watch('hq_country');

  return (
    <form onSubmit={form.handleSubmit((values) => save.request(values))} noValidate className="flex flex-col gap-6">
      <fieldset className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-x-4 sm:grid-cols-2">
        <legend className="mb-3 text-base font-semibold text-ink">{t('bankSection')}</legend>
        {text('iban', { autoComplete: 'off', placeholder: 'SE45 5000 0000 0583 9825 7466' })}
        {text('owner', { autoComplete: 'name' })}
        {text('tin_number', { inputMode: user.nationality === 'SE' ? 'numeric' : 'text', placeholder: user.nationality === 'SE' ? t('tinHintSwedish') : undefined })}
      </fieldset>
      {company ? (
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
      <div>
        <Button type="submit" disabled={!form.formState.isDirty || save.isPending}>
          {t('save')}
        </Button>
      </div>
      <UnsavedChangesPrompt when={form.formState.isDirty && !save.isSuccess} />
      {save.dialogs}
    </form>
  );
}
