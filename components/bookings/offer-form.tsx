'use client';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/fields';
import { UnsavedChangesPrompt } from '@/components/layout/unsaved-changes-prompt';
import { api, ApiClientError } from '@/lib/api/client';
import { formatDate, formatMoney, formatStayDay } from '@/lib/format';
import type { Locale } from '@/lib/constants';
import { offerPayload, withCheckIn, type OfferFormValues } from '@/lib/rules/booking-form';
import { useZodForm } from '@/components/forms/use-zod-form';
import { useApiMutation } from '@/components/query/use-api-mutation';
import { Dac7Dialog } from './dac7-dialog';
import { OfferFields, offerFee, offerStart, type OfferCottage } from './offer-fields';
import type { CancellationPolicy, Overlap } from '@/lib/schemas/booking-dto';

// The stay rules' check, its words and its query load after the form (the page's JS budget, docs/performance.md).
const OfferStayRules = dynamic(() => import('./offer-stay-rules').then((m) => m.OfferStayRules), { ssr: false });

export type OfferFormProps = {
  conversationId: number;
  guestId: number;
  guestName: string;
  cottages: OfferCottage[];
  defaultCottageId: number | null;
  policies: CancellationPolicy[];
  today: string;
};

/**
 * SPEC §4 "Booking offer form flow": edit → preview (overlap check, acknowledgements, terms) → send.
 * Pages use the lazy one (offer-form-lazy.tsx): this module and react-hook-form load after the page.
 */
export function OfferForm(props: OfferFormProps) {
  const t = useTranslations('booking');
  const router = useRouter();
  const locale = useLocale() as Locale;
  const date = (value: string) => formatDate(value, locale);
  const [cottages, setCottages] = useState(props.cottages);
  const ids = { conversation_id: props.conversationId, guest_id: props.guestId };
  // The schema (and zod) load when the host first leaves a field, not with the page.
  const form = useZodForm(() => import('@/lib/schemas/booking').then((m) => m.offerForm(props.today, ids)), { defaultValues: offerStart(props) });
  const values = form.watch();
  const [checkOutTouched, setCheckOutTouched] = useState(false);
  const [step, setStep] = useState<'edit' | 'preview'>('edit');
  const [overlaps, setOverlaps] = useState<Overlap[]>([]);
  const [overlapAck, setOverlapAck] = useState(false);
  const [terms, setTerms] = useState(false);
  const [dac7Open, setDac7Open] = useState(false);
  // The API's refusal by stay rules, for the dates it was given (it also knows the ad's other stays).
  const [refusal, setRefusal] = useState<{ dates: string; messages: string[] } | null>(null);
  const datesKey = (v: OfferFormValues) => `${v.cottage_id} ${v.check_in} ${v.check_out}`;
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

  const { cottage, hint } = offerFee(values, cottages);
  const policy = props.policies.find((p) => String(p.id) === values.cancellation_policy_id) ?? null;

  // SPEC §4: a new check-in moves an untouched check-out to the next day and clears a later expiry.
  const onCheckIn = () => {
    const current = form.getValues();
    const next = withCheckIn(current, current.check_in, checkOutTouched);
    for (const name of ['check_out', 'booking_expiration_date'] as const) {
      if (next[name] !== current[name]) form.setValue(name, next[name], { shouldDirty: true, shouldValidate: Boolean(form.formState.errors[name]) });
    }
  };

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
  // Issue 18: nights booked on another site (its name in the API's text) are the dates' fault: shown on check-in.
  const importedNights = (error: unknown): error is ApiClientError => error instanceof ApiClientError && error.code === 'feed.imported';
  const send = useApiMutation({
    mutationFn: () => api<{ id: number }>('/bookings', { body: offerPayload(form.getValues(), ids) }),
    form,
    fallback: t('sendFailed'),
    quiet: dac7Refused,
    onError: (error) => {
      if (dac7Refused(error)) {
        setStep('edit');
        setDac7Open(true);
      } else if (importedNights(error)) {
        setStep('edit');
        form.setError('check_in', { type: 'server', message: error.message });
      } else if (error instanceof ApiClientError && error.errors.length) {
        if (error.code === 'stayRules.violated') setRefusal({ dates: datesKey(form.getValues()), messages: error.errors.map((e) => e.message) });
        setStep('edit');
      }
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
      <OfferFields
        form={form}
        cottages={cottages}
        policies={props.policies}
        today={props.today}
        onCheckIn={onCheckIn}
        onCheckOut={() => setCheckOutTouched(true)}
        stayRules={
          <OfferStayRules
            cottageId={cottage?.id ?? null}
            checkIn={values.check_in}
            checkOut={values.check_out}
            today={props.today}
            refused={refusal?.dates === datesKey(values) ? refusal.messages : []}
            override={form.register('override_stay_rules')}
          />
        }
      />
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
