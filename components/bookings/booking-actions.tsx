'use client';
import Link from 'next/link';
import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button, buttonClass } from '@/components/ui/button';
import { CheckboxField, TextAreaField } from '@/components/ui/fields';
import { api } from '@/lib/api/client';
import { formatMoney } from '@/lib/format';
import { showMessage } from '@/lib/i18n/message';
import { CANCELLATION_REASON_MAX, CARD_TYPES, type CardType } from '@/lib/rules/booking-form';
import { useZodForm } from '@/components/forms/use-zod-form';
import { useApiMutation } from '@/components/query/use-api-mutation';
import type { Booking } from '@/lib/schemas/booking-dto';

/** What the reader may do with the booking (SPEC §4): pay, cancel with a reason, change the time limit, print. */
export function BookingActions({ booking }: { booking: Booking }) {
  const t = useTranslations('booking');
  const tv = useTranslations();
  const [cancelOpen, setCancelOpen] = useState(false);
  // The schemas (and zod) load when the reader first pays or cancels, not with the booking page.
  const payForm = useZodForm(() => import('@/lib/schemas/booking').then((m) => m.bookingPaymentBody), { defaultValues: { accept_terms: false as true, card_type: '' as CardType } });
  const cancelForm = useZodForm(() => import('@/lib/schemas/booking').then((m) => m.cancelBookingBody), { defaultValues: { cancellation_reason: '' } });
  const payError = payForm.formState.errors.accept_terms?.message ?? payForm.formState.errors.card_type?.message;

  const pay = useApiMutation({
    mutationFn: (body: { card_type: CardType; accept_terms: true }) => api<{ RedirectURL: string }>(`/bookings/${booking.id}/payment`, { body }),
    fallback: t('paymentFailedRetry'),
    onSuccess: ({ RedirectURL }) => window.location.assign(RedirectURL),
  });
  const cancel = useApiMutation({
    mutationFn: (body: { cancellation_reason: string }) => api(`/bookings/${booking.id}/cancel`, { method: 'PUT', body }),
    form: cancelForm,
    fallback: t('cancelFailed'),
    success: t('cancelledNotice'),
    refresh: true,
    onSuccess: () => setCancelOpen(false),
  });
  const cancelToggle = useId();
  // Closing the cancel box removes what had focus: it goes back to the button that opened it.
  const keep = () => {
    setCancelOpen(false);
    document.getElementById(cancelToggle)?.focus();
  };
  const paying = pay.isPending || pay.isSuccess;
  const cancelling = cancel.isPending;

  const { actions } = booking;
  return (
    <section className="flex flex-col gap-4 no-print" aria-label={t('actions')}>
      {actions.pay ? (
        booking.guest_profile_complete ? (
          <div className="flex flex-col gap-3 rounded-lg bg-white p-5 shadow-sm" data-testid="pay-box">
            <h2 className="text-lg font-semibold">{t('acceptTitle')}</h2>
            <CheckboxField label={booking.insurance ? t('acceptTermsInsurance') : t('acceptTerms')} {...payForm.register('accept_terms')} />
            <fieldset className="flex flex-wrap gap-4">
              <legend className="mb-1 text-sm font-medium">{t('cardType')}</legend>
              {CARD_TYPES.map((type) => (
                <label key={type} className="flex items-center gap-2 text-sm">
                  <input type="radio" value={type} className="accent-brand-700" {...payForm.register('card_type')} />
                  {t(`card_${type}`)}
                </label>
              ))}
            </fieldset>
            {payError ? (
              <p role="alert" className="text-sm text-red-700">
                {showMessage(tv, payError)}
              </p>
            ) : null}
            <div>
              <Button onClick={() => void payForm.handleSubmit((body) => pay.mutate(body))()} disabled={paying}>
                {t('acceptAndPay', { amount: formatMoney(booking.total_price) })}
              </Button>
            </div>
          </div>
        ) : (
          <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" role="status">
            {t('completeContactDetails')}{' '}
            <Link href={`/dashboard/profile?next=${encodeURIComponent(`/conversations/${booking.conversation_id}/bookings/${booking.id}`)}&booking=true`} className="font-semibold underline">
              {t('toProfile')}
            </Link>
          </div>
        )
      ) : null}

      <div className="flex flex-wrap gap-3">
        {actions.editExpiry ? (
          <Link href={`/dashboard/conversations/${booking.conversation_id}/bookings/${booking.id}/edit`} className={buttonClass('secondary')}>
            {t('changeExpiry')}
          </Link>
        ) : null}
        {actions.cancel ? (
          <Button id={cancelToggle} variant="secondary" onClick={() => setCancelOpen((open) => !open)} aria-expanded={cancelOpen} aria-controls={`${cancelToggle}-box`} disabled={cancelling}>
            {booking.status === 'PAID' ? t('cancelBooking') : t('cancelOffer')}
          </Button>
        ) : null}
        <Button variant="text" onClick={() => window.print()}>
          {t('print')}
        </Button>
      </div>

      {cancelOpen ? (
        <div
          id={`${cancelToggle}-box`}
          className="flex flex-col gap-2 rounded-lg border border-red-200 bg-white p-5 shadow-sm"
          data-testid="cancel-box"
          onKeyDown={(e) => {
            if (e.key === 'Escape') keep();
          }}
        >
          {booking.refund_now ? (
            <p className="text-sm font-medium" data-testid="refund-now">
              {booking.refund_now.percent > 0 ? t('refundWillBe', { amount: formatMoney(booking.refund_now.amount), percent: booking.refund_now.percent }) : t('refundNone')}
            </p>
          ) : null}
          <TextAreaField
            label={t('cancellationReason')}
            maxLength={CANCELLATION_REASON_MAX}
            error={showMessage(tv, cancelForm.formState.errors.cancellation_reason?.message)}
            {...cancelForm.register('cancellation_reason')}
          />
          <div className="flex gap-3">
            <Button onClick={() => void cancelForm.handleSubmit((body) => cancel.mutate(body))()} disabled={cancelling}>
              {t('confirmCancel')}
            </Button>
            <Button variant="secondary" onClick={keep}>
              {t('keep')}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
