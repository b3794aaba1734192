'use client';
import { useTranslations } from 'next-intl';
import type { UseFormReturn } from 'react-hook-form';
import { CheckboxField, SelectField, TextAreaField } from '@/components/ui/fields';
import { TextField } from '@/components/ui/text-field';
import { formatMoney } from '@/lib/format';
import { showMessage } from '@/lib/i18n/message';
import { feeHint } from '@/lib/rules/booking';
import { BOOKING_YEARS_AHEAD, CLEANING_POLICIES, offerDefaults, type OfferFormValues } from '@/lib/rules/booking-form';
import { addMonths } from '@/lib/rules/dates';
import type { CancellationPolicy } from '@/lib/schemas/booking-dto';
import type { Dac7Cottage } from './dac7-dialog';

export type OfferCottage = Dac7Cottage & { title_sv: string | null; commission_percentage: number; dac7_valid: boolean };
/** The offer's form or its preview's `staticForm`: the fields only read and register (the submitted shape is the form's). */
export type OfferFieldsForm = UseFormReturn<OfferFormValues, unknown, unknown>;

/** The form's starting values: the conversation's ad, or the host's only one (SPEC §4). */
export function offerStart({ today, defaultCottageId, cottages }: { today: string; defaultCottageId: number | null; cottages: OfferCottage[] }) {
  return offerDefaults(today, defaultCottageId ?? (cottages.length === 1 ? cottages[0]!.id : null));
}

/** The chosen ad and, for a whole-kronor price, the fee the host pays and what they keep (SPEC §4). */
export function offerFee(values: OfferFormValues, cottages: OfferCottage[]) {
  const cottage = cottages.find((c) => String(c.id) === values.cottage_id) ?? null;
  const kronor = /^\d{1,9}$/.test(values.total_price) ? Number(values.total_price) : null;
  return { cottage, hint: kronor !== null && cottage ? feeHint(kronor * 100, cottage.commission_percentage) : null };
}

type Props = {
  form: OfferFieldsForm;
  cottages: OfferCottage[];
  policies: CancellationPolicy[];
  today: string;
  /** The form's reactions to the dates (SPEC §4: a new check-in moves an untouched check-out). */
  onCheckIn?: () => void;
  onCheckOut?: () => void;
  /** Under the dates: the stay rules' warning (offer-stay-rules.tsx), in the form only. */
  stayRules?: React.ReactNode;
};

/** The offer's edit step, shared by the form (offer-form.tsx) and its preview while it loads (offer-form-lazy.tsx). */
export function OfferFields({ form, cottages, policies, today, onCheckIn, onCheckOut, stayRules }: Props) {
  const t = useTranslations('booking');
  const tAll = useTranslations();
  const values = form.watch();
  const error = (name: keyof OfferFormValues) => showMessage(tAll, form.formState.errors[name]?.message);
  const lastDay = addMonths(today, BOOKING_YEARS_AHEAD * 12);
  const { cottage, hint } = offerFee(values, cottages);
  return (
    <>
      <SelectField label={t('ad')} error={error('cottage_id')} {...form.register('cottage_id')}>
        <option value="">{t('choose')}</option>
        {cottages.map((c) => (
          <option key={c.id} value={c.id}>
            {c.title_sv ?? `#${c.id}`}
          </option>
        ))}
      </SelectField>
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        <TextField type="date" label={t('checkIn')} min={today} max={lastDay} error={error('check_in')} {...form.register('check_in', { onChange: onCheckIn })} />
        <TextField type="date" label={t('checkOut')} min={values.check_in || today} max={lastDay} error={error('check_out')} {...form.register('check_out', { onChange: onCheckOut })} />
        <div className="sm:col-span-2">{stayRules}</div>
        <TextField label={t('numberOfGuests')} inputMode="numeric" error={error('number_of_guests')} {...form.register('number_of_guests')} />
        <SelectField label={t('cleaningPolicy')} error={error('cleaning_policy')} {...form.register('cleaning_policy')}>
          {CLEANING_POLICIES.map((c) => (
            <option key={c} value={c}>
              {t(`cleaning_${c}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <SelectField label={t('cancellationPolicy')} error={error('cancellation_policy_id')} {...form.register('cancellation_policy_id')}>
        <option value="">{t('choose')}</option>
        {policies.map((p) => (
          <option key={p.id} value={p.id}>
            {t(`policy_${p.name}`)} — {t('policyDays', { full: p.cancel_for_full_refund_in_days, half: p.cancel_for_half_refund_in_days })}
          </option>
        ))}
      </SelectField>
      <TextField label={t('totalPriceKr')} inputMode="numeric" error={error('total_price')} {...form.register('total_price')} />
      {hint && cottage ? (
        <p className="-mt-3 mb-3 text-sm text-muted" data-testid="fee-hint">
          {t('feeHint', { fee: formatMoney(hint.fee), percent: cottage.commission_percentage, keep: formatMoney(hint.keep) })}
        </p>
      ) : null}
      <TextField
        type="date"
        label={t('expiry')}
        min={today}
        max={values.check_in || undefined}
        disabled={!values.check_in}
        error={error('booking_expiration_date')}
        {...form.register('booking_expiration_date')}
      />
      <CheckboxField label={t('markAsBooked')} {...form.register('mark_as_booked_if_accepted')} />
      <TextAreaField label={t('additionalInformation')} maxLength={5000} {...form.register('additional_information')} />
    </>
  );
}
