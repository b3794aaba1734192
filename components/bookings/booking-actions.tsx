'use client';
import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/fields';
import { api } from '@/lib/api/client';
import { formatMoney } from '@/lib/format';
import { showMessage } from '@/lib/i18n/message';
import { CANCELLATION_REASON_MAX, type CardType } from '@/lib/rules/booking-form';
import { useZodForm } from '@/components/forms/use-zod-form';
import { useApiMutation } from '@/components/query/use-api-mutation';
import type { Booking } from '@/lib/schemas/booking-dto';
import { ActionRow, PayBox } from './booking-action-fields';

/**
 * What the reader may do with the booking (SPEC §4): pay, cancel with a reason, change the time limit, print.
 * Pages use the lazy one (booking-actions-lazy.tsx): this module and react-hook-form load after the page.
 */
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

  return (
    <section className="flex flex-col gap-4 no-print" aria-label={t('actions')}>
      {booking.actions.pay ? (
        <PayBox
          booking={booking}
          accept={payForm.register('accept_terms')}
          card={payForm.register('card_type')}
          error={payError ? showMessage(tv, payError) : undefined}
          onPay={() => void payForm.handleSubmit((body) => pay.mutate(body))()}
          paying={paying}
        />
      ) : null}
      <ActionRow booking={booking} cancel={{ id: cancelToggle, open: cancelOpen, toggle: () => setCancelOpen((open) => !open), busy: cancelling }} />

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
