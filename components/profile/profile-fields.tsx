'use client';
import { useMemo } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { UseFormReturn } from 'react-hook-form';
import { COUNTRY_CODES } from '@/lib/data/countries';
import { showMessage } from '@/lib/i18n/message';
import { BIRTHDAY_FIRST, BIRTHDAY_LAST, type LockedField } from '@/lib/rules/profile';
import type { ProfileBody, ProfileInput } from '@/lib/schemas/profile';
import type { User as ProfileUser } from '@/lib/schemas/user-dto';
import { CheckboxField, SelectField } from '@/components/ui/fields';
import { TextField } from '@/components/ui/text-field';

export type ProfileForm = UseFormReturn<ProfileInput, unknown, ProfileBody>;
type Name = keyof ProfileInput & string;

/** The countries in the reader's language, sorted by name (Intl.DisplayNames, no list to translate). */
export function useCountries() {
  const locale = useLocale();
  return useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    const collator = new Intl.Collator(locale);
    return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
  }, [locale]);
}

/** Field helpers bound to one form: label, error and lock from the field's name. */
function useField(form: ProfileForm, locked: LockedField[]) {
  const t = useTranslations('profile');
  const tAll = useTranslations();
  const error = (name: Name) => showMessage(tAll, form.formState.errors[name]?.message as string | undefined);
  const isLocked = (name: Name) => (locked as string[]).includes(name);
  type Extra = { type?: string; autoComplete?: string; placeholder?: string; inputMode?: 'numeric' | 'tel' | 'email' | 'decimal'; min?: string; max?: string };
  /** `unregister`: a field shown only in some cases leaves the values while hidden. */
  const text = (name: Name, extra: Extra = {}, unregister = false) => (
    <TextField
      label={t(name)}
      error={error(name)}
      readOnly={isLocked(name)}
      aria-readonly={isLocked(name) || undefined}
      title={isLocked(name) ? t('lockedHint') : undefined}
      {...extra}
      {...form.register(name, { shouldUnregister: unregister })}
    />
  );
  return { t, error, isLocked, text };
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-x-4 sm:grid-cols-2">
      <legend className="mb-3 text-base font-semibold text-ink">{title}</legend>
      {children}
    </fieldset>
  );
}

function CountrySelect({ form, name, label, error, disabled }: { form: ProfileForm; name: Name; label: string; error?: string; disabled?: boolean }) {
  const countries = useCountries();
  const t = useTranslations('profile');
  return (
    <SelectField label={label} error={error} disabled={disabled} {...form.register(name)}>
      <option value="">{t('chooseOne')}</option>
      {countries.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </SelectField>
  );
}

export function PersonFields({ form, locked, canChooseType }: { form: ProfileForm; locked: LockedField[]; canChooseType: boolean }) {
  const { t, error, isLocked, text } = useField(form, locked);
  return (
    <Section title={t('sectionPerson')}>
      {canChooseType ? (
        <SelectField label={t('type_of_person')} error={error('type_of_person')} {...form.register('type_of_person')}>
          <option value="NATURAL">{t('NATURAL')}</option>
          <option value="LEGAL">{t('LEGAL')}</option>
        </SelectField>
      ) : null}
      <div className="sm:col-span-2" />
      {text('first_name', { autoComplete: 'given-name' })}
      {text('last_name', { autoComplete: 'family-name' })}
      {text('birthday', { type: 'date', min: BIRTHDAY_FIRST, max: BIRTHDAY_LAST, autoComplete: 'bday' })}
      <CountrySelect form={form} name="nationality" label={t('nationality')} error={error('nationality')} disabled={isLocked('nationality')} />
      {text('personal_number', { inputMode: 'numeric', placeholder: t('personalNumberHint') })}
      <SelectField label={t('language')} error={error('language')} {...form.register('language')}>
        <option value="sv">Svenska</option>
        <option value="en">English</option>
      </SelectField>
      <CheckboxField label={t('hide_last_name')} {...form.register('hide_last_name')} />
    </Section>
  );
}

/** SPEC §6: the show-phone option only for hosts with a fixed-price ad. */
export function ContactFields({ form, emailChanged, phoneOption }: { form: ProfileForm; emailChanged: boolean; phoneOption: boolean }) {
  const { t, text } = useField(form, []);
  return (
    <Section title={t('sectionContact')}>
      {text('username', { type: 'email', autoComplete: 'email' })}
      {emailChanged ? text('confirm_username', { type: 'email', autoComplete: 'off' }) : <div />}
      {text('phone_1', { type: 'tel', autoComplete: 'tel', placeholder: t('phoneHint'), inputMode: 'tel' })}
      {text('phone_2', { type: 'tel', placeholder: t('phoneHint'), inputMode: 'tel' })}
      {phoneOption ? <CheckboxField label={t('hide_phone_number')} {...form.register('hide_phone_number')} /> : null}
    </Section>
  );
}

export function AddressFields({ form }: { form: ProfileForm }) {
  const { t, error, text } = useField(form, []);
  return (
    <Section title={t('sectionAddress')}>
      {text('u_address1', { autoComplete: 'address-line1' })}
      {text('u_address2', { autoComplete: 'address-line2' })}
      {text('u_postal_code', { inputMode: 'numeric', autoComplete: 'postal-code' })}
      {text('u_city', { autoComplete: 'address-level2' })}
      {text('u_region', { autoComplete: 'address-level1' })}
      <CountrySelect form={form} name="u_country" label={t('u_country')} error={error('u_country')} />
      <CountrySelect form={form} name="country_of_residence" label={t('country_of_residence')} error={error('country_of_residence')} />
    </Section>
  );
}

const nullIfBlank = (v: unknown) => (v === '' || v === null || v === undefined ? null : v);

export function CompanyFields({ form, locked }: { form: ProfileForm; locked: LockedField[] }) {
  const { t, error, isLocked, text } = useField(form, locked);
  const [legal, businessType, vatRegistered] = form.watch(['type_of_person', 'business_type', 'vat_registered']);
  return (
    <>
      {legal === 'LEGAL' ? (
        <Section title={t('sectionCompany')}>
          <SelectField label={t('business_type')} error={error('business_type')} disabled={isLocked('business_type')} {...form.register('business_type', { setValueAs: nullIfBlank })}>
            <option value="">{t('chooseOne')}</option>
            <option value="SOLETRADER">{t('SOLETRADER')}</option>
            <option value="BUSINESS">{t('BUSINESS')}</option>
            <option value="ORGANIZATION">{t('ORGANIZATION')}</option>
          </SelectField>
          {businessType === 'SOLETRADER' ? <p className="self-center text-sm text-muted">{t('soleTraderName')}</p> : text('business_name', { autoComplete: 'organization' }, true)}
          {businessType === 'SOLETRADER' ? null : text('organization_number', { placeholder: t('organizationNumberHint') }, true)}
        </Section>
      ) : null}
      <Section title={t('sectionTax')}>
        {text('tin_number')}
        <SelectField label={t('vat_registered')} error={error('vat_registered')} {...form.register('vat_registered', { setValueAs: nullIfBlank })}>
          <option value="">{t('chooseOne')}</option>
          <option value="YES">{t('YES')}</option>
          <option value="NO">{t('NO')}</option>
        </SelectField>
        {vatRegistered === 'YES' ? (
          <>
            {text('vat_number', {}, true)}
            <TextField
              label={t('vat_rate')}
              type="number"
              step="0.1"
              min="0"
              max="100"
              inputMode="decimal"
              error={error('vat_rate')}
              {...form.register('vat_rate', { shouldUnregister: true, setValueAs: (v) => (v === '' || v === null || v === undefined ? null : Number(v)) })}
            />
          </>
        ) : null}
      </Section>
    </>
  );
}

/** The profile form's sections, shared by the form and its preview (profile-form-lazy.tsx). */
export function ProfileSections({ form, user }: { form: ProfileForm; user: ProfileUser }) {
  const username = form.watch('username');
  return (
    <>
      <PersonFields form={form} locked={user.locked_fields} canChooseType={!user.locked_fields.includes('type_of_person')} />
      <ContactFields form={form} emailChanged={username.trim().toLowerCase() !== user.username.toLowerCase()} phoneOption={user.has_fixed_cottages} />
      <AddressFields form={form} />
      <CompanyFields form={form} locked={user.locked_fields} />
    </>
  );
}
