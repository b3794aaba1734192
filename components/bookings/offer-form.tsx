'use client';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { CheckboxField, SelectField, TextAreaField } from '@/components/ui/fields';
import { TextField } from '@/components/ui/text-field';
import { UnsavedChangesPrompt } from '@/components/layout/unsaved-changes-prompt';
import { api, ApiClientError } from '@/lib/api/client';
import { formatDate, formatMoney, formatStayDay } from '@/lib/format';
import type { Locale } from '@/lib/constants';
import { showMessage } from '@/lib/i18n/message';
import { feeHint } from '@/lib/rules/booking';
import { addMonths } from '@/lib/rules/dates';
import { BOOKING_YEARS_AHEAD, CLEANING_POLICIES, offerDefaults, offerPayload, withCheckIn, type OfferFormValues } from '@/lib/rules/booking-form';
import { useZodForm } from '@/components/forms/use-zod-form';
import { useApiMutation } from '@/components/query/use-api-mutation';
import { Dac7Dialog, type Dac7Cottage } from './dac7-dialog';
import type { CancellationPolicy, Overlap } from '@/lib/schemas/booking-dto';

export type OfferCottage = Dac7Cottage & { title_sv: string | null; commission_percentage: number; dac7_valid: boolean };
type Errors = Partial<Record<keyof OfferFormValues, string>>;

/** SPEC §4 "Booking offer form flow": edit → preview (overlap check, acknowledgements, terms) → send. */
export function OfferForm(props: {
  conversationId: number;
  guestId: number;
  guestName: string;
  cottages: OfferCottage[];
  defaultCottageId: number | null;
  policies: CancellationPolicy[];
  today: string;
}) {
  const t = useTranslations('booking');
  const tv = useTranslations();
  const router = useRouter();
  const locale = useLocale() as Locale;
  const date = (value: string) => formatDate(value, locale);
  const [cottages, setCottages] = useState(props.cottages);
  const ids = { conversation_id: props.conversationId, guest_id: props.guestId };
  // The schema (and zod) load when the host first leaves a field, not with the page.
  const form = useZodForm(() => import('@/lib/schemas/booking').then((m) => m.offerForm(props.today, ids)), {
    defaultValues: offerDefaults(props.today, props.defaultCottageId ?? (props.cottages.length === 1 ? props.cottages[0]!.id : null)),
  });
  const values = form.watch();
  const errors = Object.fromEntries(Object.entries(form.formState.errors).map(([name, e]) => [name, showMessage(tv, e?.message)])) as Errors;
  const [checkOutTouched, setCheckOutTouched] = useState(false);
  const [step, setStep] = useState<'edit' | 'preview'>('edit');
  const [overlaps, setOverlaps] = useState<Overlap[]>([]);
  const [overlapAck, setOverlapAck] = useState(false);
  const [terms, setTerms] = useState(false);
  const [dac7Open, setDac7Open] = useState(false);
  // Switching between the form and the preview replaces what had focus: it moves to the new view's start.
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const formElement = useRef<HTMLFormElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    if (step === 'preview') previewHeading.current?.focus();
    else formElement.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }, [step]);

  const cottage = cottages.find((c) => String(c.id) === values.cottage_id) ?? null;
  const policy = props.policies.find((p) => String(p.id) === values.cancellation_policy_id) ?? null;
  const lastDay = addMonths(props.today, BOOKING_YEARS_AHEAD * 12);
  const kronor = /^\d{1,9}$/.test(values.total_price) ? Number(values.total_price) : null;
  const hint = kronor !== null && cottage ? feeHint(kronor * 100, cottage.commission_percentage) : null;

  // SPEC §4: a new check-in moves an untouched check-out to the next day and clears a later expiry.
  const checkIn = form.register('check_in', {
    onChange: () => {
      const current = form.getValues();
      const next = withCheckIn(current, current.check_in, checkOutTouched);
      for (const name of ['check_out', 'booking_expiration_date'] as const) {
        if (next[name] !== current[name]) form.setValue(name, next[name], { shouldDirty: true, shouldValidate: Boolean(form.formState.errors[name]) });
      }
    },
  });
  const checkOut = form.register('check_out', { onChange: () => setCheckOutTouched(true) });

  // A failed overlap check yields an empty list (SPEC §8).
  const overlapCheck = useApiMutation({
    mutationFn: (v: OfferFormValues) => api<Overlap[]>(`/bookings/${v.cottage_id}/overlap`, { body: { check_in: v.check_in, check_out: v.check_out } }).catch(() => []),
    onSuccess: (found) => {
      setOverlaps(found);
      setOverlapAck(false);
      setTerms(false);
      setStep('preview');
    },
  });
  const preview = (list = cottages) =>
    form.handleSubmit(() => {
      const v = form.getValues();
      const chosen = list.find((c) => String(c.id) === v.cottage_id);
      // SPEC §4: an ad without DAC7 data blocks sending; the fix dialog opens, and saving retries the preview.
      if (chosen && !chosen.dac7_valid) return setDac7Open(true);
      overlapCheck.mutate(v);
    })();

  const dac7Refused = (error: unknown) => error instanceof ApiClientError && error.code === 'booking.dac7Invalid';
  const send = useApiMutation({
    mutationFn: () => api<{ id: number }>('/bookings', { body: offerPayload(form.getValues(), ids) }),
    form,
    fallback: t('sendFailed'),
    quiet: dac7Refused,
    onError: (error) => {
      if (dac7Refused(error)) {
        setStep('edit');
        setDac7Open(true);
      } else if (error instanceof ApiClientError && error.errors.length) setStep('edit');
    },
    onSuccess: (booking) => router.push(`/dashboard/conversations/${props.conversationId}/bookings/${booking.id}`),
  });
  const busy = overlapCheck.isPending || send.isPending || send.isSuccess;
  const dirty = !send.isSuccess && form.formState.isDirty;

  if (step === 'preview') {
    const rows: [string, string][] = [
      [t('ad'), cottage?.title_sv ?? ''],
      [t('guest'), props.guestName],
      [t('checkIn'), formatStayDay(values.check_in, locale)],
      [t('checkOut'), formatStayDay(values.check_out, locale)],
      [t('numberOfGuests'), values.number_of_guests],
      [t('cleaningPolicy'), t(`cleaning_${values.cleaning_policy}`)],
      [t('cancellationPolicy'), policy ? t(`policy_${policy.name}`) : ''],
      [t('totalPrice'), formatMoney(Number(values.total_price) * 100)],
      [t('expiry'), date(values.booking_expiration_date)],
    ];
    return (
      <div className="flex flex-col gap-4" data-testid="offer-preview">
        <UnsavedChangesPrompt when={dirty} />
        <h2 ref={previewHeading} tabIndex={-1} className="text-lg font-semibold">
          {t('previewTitle')}
        </h2>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 rounded-lg bg-white p-5 shadow-sm sm:grid-cols-[max-content_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-sm text-muted">{label}</dt>
              <dd className="text-sm">{value}</dd>
            </div>
          ))}
        </dl>
        {overlaps.length ? (
          <div className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" role="alert" data-testid="overlap-warning">
            <p className="font-semibold">{t('overlapTitle')}</p>
            <ul className="list-disc pl-5">
              {overlaps.map((o) => (
                <li key={o.id}>{t('overlapItem', { id: o.id, checkIn: date(o.check_in), checkOut: date(o.check_out) })}</li>
              ))}
            </ul>
            <CheckboxField label={t('overlapAck')} checked={overlapAck} onChange={(e) => setOverlapAck(e.target.checked)} />
          </div>
        ) : null}
        <div className="rounded-lg bg-white p-5 text-sm shadow-sm">
          <p className="mb-2 font-semibold">{t('ackTitle')}</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>{t('ackPays', { amount: formatMoney(Number(values.total_price) * 100) })}</li>
            {hint && cottage ? <li>{t('feeHint', { fee: formatMoney(hint.fee), percent: cottage.commission_percentage, keep: formatMoney(hint.keep) })}</li> : null}
            <li>{t('ackExpiry', { date: date(values.booking_expiration_date) })}</li>
            {values.mark_as_booked_if_accepted ? <li>{t('ackCalendar')}</li> : null}
            <li>{t('ackInsurance')}</li>
          </ul>
          <div className="mt-3">
            <CheckboxField label={t('acceptTermsHost')} checked={terms} onChange={(e) => setTerms(e.target.checked)} />
          </div>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => send.mutate()} disabled={busy || !terms || (overlaps.length > 0 && !overlapAck)}>
            {t('send')}
          </Button>
          <Button variant="secondary" onClick={() => setStep('edit')} disabled={busy}>
            {t('backToEdit')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form
      ref={formElement}
      className="flex flex-col gap-1 rounded-lg bg-white p-5 shadow-sm"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void preview();
      }}
    >
      <UnsavedChangesPrompt when={dirty} />
      <SelectField label={t('ad')} error={errors.cottage_id} {...form.register('cottage_id')}>
        <option value="">{t('choose')}</option>
        {cottages.map((c) => (
          <option key={c.id} value={c.id}>
            {c.title_sv ?? `#${c.id}`}
          </option>
        ))}
      </SelectField>
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        <TextField type="date" label={t('checkIn')} min={props.today} max={lastDay} error={errors.check_in} {...checkIn} />
        <TextField type="date" label={t('checkOut')} min={values.check_in || props.today} max={lastDay} error={errors.check_out} {...checkOut} />
        <TextField label={t('numberOfGuests')} inputMode="numeric" error={errors.number_of_guests} {...form.register('number_of_guests')} />
        <SelectField label={t('cleaningPolicy')} error={errors.cleaning_policy} {...form.register('cleaning_policy')}>
          {CLEANING_POLICIES.map((c) => (
            <option key={c} value={c}>
              {t(`cleaning_${c}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <SelectField label={t('cancellationPolicy')} error={errors.cancellation_policy_id} {...form.register('cancellation_policy_id')}>
        <option value="">{t('choose')}</option>
        {props.policies.map((p) => (
          <option key={p.id} value={p.id}>
            {t(`policy_${p.name}`)} — {t('policyDays', { full: p.cancel_for_full_refund_in_days, half: p.cancel_for_half_refund_in_days })}
          </option>
        ))}
      </SelectField>
      <TextField label={t('totalPriceKr')} inputMode="numeric" error={errors.total_price} {...form.register('total_price')} />
      {hint && cottage ? (
        <p className="-mt-3 mb-3 text-sm text-muted" data-testid="fee-hint">
          {t('feeHint', { fee: formatMoney(hint.fee), percent: cottage.commission_percentage, keep: formatMoney(hint.keep) })}
        </p>
      ) : null}
      <TextField
        type="date"
        label={t('expiry')}
        min={props.today}
        max={values.check_in || undefined}
        disabled={!values.check_in}
        error={errors.booking_expiration_date}
        {...form.register('booking_expiration_date')}
      />
      <CheckboxField label={t('markAsBooked')} {...form.register('mark_as_booked_if_accepted')} />
      <TextAreaField label={t('additionalInformation')} maxLength={5000} {...form.register('additional_information')} />
      <div>
        <Button type="submit" disabled={busy}>
          {t('preview')}
        </Button>
      </div>
      {dac7Open && cottage ? (
        <Dac7Dialog
          cottage={cottage}
          onClose={() => setDac7Open(false)}
          onSaved={(saved) => {
            const list = cottages.map((c) => (c.id === saved.id ? { ...c, ...saved, dac7_valid: true } : c));
            setCottages(list);
            setDac7Open(false);
            void preview(list);
          }}
        />
      ) : null}
    </form>
  );
}
