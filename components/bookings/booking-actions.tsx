'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useSnackbar } from '@/components/layout/snackbar';
import { Button, buttonClass } from '@/components/ui/button';
import { CheckboxField, TextAreaField } from '@/components/ui/fields';
import { api, ApiClientError } from '@/lib/api/client';
import { formatMoney } from '@/lib/format';
import { showMessage } from '@/lib/i18n/message';
import { CANCELLATION_REASON_MAX, CARD_TYPES, cancellationReasonError, type CardType } from '@/lib/rules/booking-form';
import type { Booking, PaymentStart } from '@/lib/schemas/booking-dto';

/** What the reader may do with the booking (SPEC §4): pay, cancel with a reason, change the time limit, print. */
export function BookingActions({ booking }: { booking: Booking }) {
  const t = useTranslations('booking');
  const tv = useTranslations();
  const snackbar = useSnackbar();
  const router = useRouter();
  const [terms, setTerms] = useState(false);
  const [cardType, setCardType] = useState<CardType | ''>('');
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [cancelling, setCancelling] = useState(false);
  const cancelToggle = useId();
  // Closing the cancel box removes what had focus: it goes back to the button that opened it.
  const keep = () => {
    setCancelOpen(false);
    document.getElementById(cancelToggle)?.focus();
  };

  async function pay() {
    if (!terms) return setPayError(t('termsRequired'));
    if (!cardType) return setPayError(t('cardTypeRequired'));
    setPayError(null);
    setPaying(true);
    try {
      const { RedirectURL } = await api<PaymentStart>(`/bookings/${booking.id}/payment`, { body: { card_type: cardType, accept_terms: true } });
      window.location.assign(RedirectURL);
    } catch (error) {
      setPaying(false);
      snackbar(error instanceof ApiClientError && error.message ? error.message : t('paymentFailedRetry'));
    }
  }

  async function cancel() {
    const problem = cancellationReasonError(reason);
    if (problem) return setReasonError(showMessage(tv, problem));
    setCancelling(true);
    try {
      await api(`/bookings/${booking.id}/cancel`, { method: 'PUT', body: { cancellation_reason: reason.trim() } });
      setCancelOpen(false);
      snackbar(t('cancelledNotice'), { severity: 'success' });
      router.refresh();
    } catch (error) {
      snackbar(error instanceof ApiClientError && error.message ? error.message : t('cancelFailed'));
    } finally {
      setCancelling(false);
    }
  }

  const { actions } = booking;
  return (
    <section className="flex flex-col gap-4 no-print" aria-label={t('actions')}>
      {actions.pay ? (
        booking.guest_profile_complete ? (
          <div className="flex flex-col gap-3 rounded-lg bg-white p-5 shadow-sm" data-testid="pay-box">
            <h2 className="text-lg font-semibold">{t('acceptTitle')}</h2>
            <CheckboxField label={booking.insurance ? t('acceptTermsInsurance') : t('acceptTerms')} checked={terms} onChange={(e) => setTerms(e.target.checked)} />
            <fieldset className="flex flex-wrap gap-4">
              <legend className="mb-1 text-sm font-medium">{t('cardType')}</legend>
              {CARD_TYPES.map((type) => (
                <label key={type} className="flex items-center gap-2 text-sm">
                  <input type="radio" name="card_type" value={type} checked={cardType === type} onChange={() => setCardType(type)} className="accent-brand-700" />
                  {t(`card_${type}`)}
                </label>
              ))}
            </fieldset>
            {payError ? (
              <p role="alert" className="text-sm text-red-700">
                {payError}
              </p>
            ) : null}
            <div>
              <Button onClick={() => void pay()} disabled={paying}>
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
            value={reason}
            maxLength={CANCELLATION_REASON_MAX}
            error={reasonError}
            onChange={(e) => {
              setReason(e.target.value);
              setReasonError(undefined);
            }}
          />
          <div className="flex gap-3">
            <Button onClick={() => void cancel()} disabled={cancelling}>
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
