import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { LazyBookingActions } from '@/components/bookings/booking-actions-lazy';
import { loadBooking } from '@/components/bookings/load-booking';
import { PaymentPoll } from '@/components/bookings/payment-poll';
import { PaymentProviderLogo } from '@/components/bookings/provider-logo';
import { StatusBanner } from '@/components/bookings/status';
import { Timeline } from '@/components/bookings/timeline';
import type { Booking } from '@/lib/schemas/booking-dto';
import { Notice } from '@/components/ui/notice';
import { apiGet } from '@/lib/api/server';
import { SUPPORT_EMAIL, type Locale } from '@/lib/constants';
import { formatDate, formatMoney, formatStayDay } from '@/lib/format';
import { paymentErrorText } from '@/lib/i18n/payment-errors';
import ArrowLeft from 'lucide-react/icons/arrow-left';

type Params = { id: string; bookingId: string };
type Search = { transaction?: string; errorCode?: string; errorMessage?: string; transactionId?: string };

const valid = (p: Params) => /^\d{1,9}$/.test(p.id) && /^\d{1,9}$/.test(p.bookingId);

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const p = await params;
  const t = await getTranslations('booking');
  if (!valid(p)) return { title: t('bookingTitle', { title: '', id: '' }) };
  try {
    const booking = await apiGet<Booking>(`/api/bookings/${p.bookingId}`);
    return { title: t('bookingTitle', { title: booking.cottage?.title_sv ?? '', id: booking.id }) };
  } catch {
    return { title: t('bookingTitle', { title: '', id: p.bookingId }) };
  }
}

// /dashboard/conversations/{c}/bookings/{b}[?transaction=&errorCode=&errorMessage=] — the offer or booking
export default async function BookingPage({ params, searchParams }: { params: Promise<Params>; searchParams: Promise<Search> }) {
  const booking = await loadBooking(await params);
  const search = await searchParams;
  const t = await getTranslations('booking');
  const tSync = await getTranslations('calendarSync');
  const locale = (await getLocale()) as Locale;
  if (!booking) return <Notice tone="error">{t('loadFailed')}</Notice>;
  const date = (value: string | null, time = false) => (value ? formatDate(value, locale, time) : '');
  const other = booking.role === 'host' ? booking.Guest : booking.Host;
  const otherName = other.deleted ? t('deleted') : other.name;
  const policy = booking.cancellation_policy;

  // SPEC §4 "Payment return": success only when the provider said so and the booking is paid.
  let paymentNotice: React.ReactNode = null;
  if (search.transaction === 'success' && booking.paid_at) {
    paymentNotice = <Notice tone="success">{t('paymentSuccess')}</Notice>;
  } else if (search.transaction === 'pending') {
    // SPEC §4: the provider has not settled the pay-in yet: its status is polled until it has.
    const valid = search.transactionId && /^[A-Za-z0-9_-]{1,64}$/.test(search.transactionId);
    paymentNotice = valid ? <PaymentPoll transactionId={search.transactionId!} /> : <Notice>{t('paymentPending')}</Notice>;
  } else if (search.transaction) {
    // What the provider answered is read from the stored pay-in, not from the address (anyone can write a link).
    const last = booking.last_payment;
    const providerText = await paymentErrorText(last?.result_code ?? search.errorCode, last?.result_message ?? undefined);
    paymentNotice = (
      <Notice tone="error">
        <p>{t('paymentReturnFailed', { email: SUPPORT_EMAIL })}</p>
        {providerText ? (
          <p className="mt-1 font-medium" data-testid="provider-message">
            {t('paymentFailedBank', { message: providerText })}
          </p>
        ) : null}
      </Notice>
    );
  }

  const rows: [string, React.ReactNode][] = [
    [
      t('ad'),
      booking.cottage ? (
        <a href={`/sv/stuga/${booking.cottage.id}`} className="text-brand-700 underline">
          {booking.cottage.title_sv ?? `#${booking.cottage.id}`}
        </a>
      ) : (
        '—'
      ),
    ],
    [booking.role === 'host' ? t('guest') : t('host'), otherName],
    [t('checkIn'), formatStayDay(booking.check_in, locale)],
    [t('checkOut'), formatStayDay(booking.check_out, locale)],
    [t('numberOfGuests'), booking.number_of_guests],
    [t('cleaningPolicy'), t(`cleaning_${booking.cleaning_policy}`)],
    [
      t('cancellationPolicy'),
      policy ? (
        <>
          {t(`policy_${policy.name}`)}
          <span className="block text-xs text-muted">
            {t('policyDeadlines', { full: date(booking.cancel_for_full_refund_deadline, true), half: date(booking.cancel_for_half_refund_deadline, true) })}
          </span>
        </>
      ) : (
        '—'
      ),
    ],
    [t('totalPrice'), <strong key="total">{formatMoney(booking.total_price)}</strong>],
    ...(booking.role === 'host' ? ([[t('feeKept'), t('feeKeptValue', { fee: formatMoney(booking.fee ?? 0), keep: formatMoney(booking.kept_amount ?? 0) })]] as [string, React.ReactNode][]) : []),
    ...(booking.refund_amount !== null ? ([[t('refunded'), formatMoney(booking.refund_amount)]] as [string, React.ReactNode][]) : []),
    [t('createdAt'), date(booking.created_at, true)],
  ];

  return (
    <div className="flex flex-col gap-5 print:gap-3">
      <Link href={`/dashboard/conversations/${booking.conversation_id}`} className="text-sm text-brand-700 hover:underline no-print">
        <ArrowLeft className="mr-1 inline size-4 align-[-3px]" aria-hidden />
        {t('backToConversation')}
      </Link>
      <h1 className="text-2xl font-semibold">{t('bookingTitle', { title: booking.cottage?.title_sv ?? '', id: booking.id })}</h1>
      {paymentNotice}
      <StatusBanner booking={booking} />

      {booking.role === 'host' && booking.status === 'PENDING' ? (
        <Notice>
          <strong>{t('guestMustDecide')}</strong> {date(booking.booking_expiration_date, true)}
        </Notice>
      ) : null}
      {booking.role === 'host' && booking.status === 'PENDING' && !booking.guest_profile_complete ? <Notice>{t('softGuestNote')}</Notice> : null}
      {booking.role === 'host' && booking.mark_as_booked_if_accepted && (booking.status === 'PENDING' || booking.status === 'PAID') ? (
        <Notice>{booking.status === 'PAID' ? t('calendarMarked') : t('calendarWillMark')}</Notice>
      ) : null}
      {booking.role === 'host' && booking.imported_overlap ? (
        <section className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950" data-testid="imported-overlap">
          <p>{tSync('bookingOverlap', { source: booking.imported_overlap })}</p>
          <Link href={`/dashboard/cottages/${booking.cottage_id}/sync`} className="font-semibold underline no-print">
            {tSync('bookingOverlapLink')}
          </Link>
        </section>
      ) : null}
      {booking.role === 'host' && booking.omocom_id ? (
        <section className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900" data-testid="insurance-box">
          <p className="font-semibold">{t('insuranceTitle')}</p>
          <p>{t('insuranceText', { number: booking.omocom_id })}</p>
          {booking.insurance_claim_url ? (
            <a href={booking.insurance_claim_url} className="font-semibold underline no-print">
              {t('insuranceClaim')}
            </a>
          ) : null}
        </section>
      ) : null}
      {booking.role === 'guest' && booking.status === 'PAID' ? (
        <Notice tone="success">{t('guestContactHost', { name: otherName ?? '', phone: [other.phone_1, other.phone_2].filter(Boolean).join(', ') || '—' })}</Notice>
      ) : null}
      {booking.actions.contactSupportToCancel ? <Notice>{t('hostCancelSupport', { email: SUPPORT_EMAIL })}</Notice> : null}

      <section className="rounded-lg bg-white p-5 shadow-sm print:p-0">
        <dl className="grid grid-cols-1 gap-x-6 gap-y-0.5 sm:grid-cols-[max-content_1fr] sm:gap-y-3 print:grid-cols-[max-content_1fr_max-content_1fr] print:gap-y-1">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="pt-2 text-sm text-muted sm:pt-0 print:pt-0">{label}</dt>
              <dd className="text-sm">{value}</dd>
            </div>
          ))}
        </dl>
        {booking.additional_information ? (
          <div className="mt-4 border-t border-gray-100 pt-3">
            <p className="text-sm text-muted">{t('additionalInformation')}</p>
            <p className="whitespace-pre-wrap text-sm">{booking.additional_information}</p>
          </div>
        ) : null}
        {booking.cancellation_reason ? (
          <div className="mt-4 border-t border-gray-100 pt-3">
            <p className="text-sm text-muted">{t('cancellationReason')}</p>
            <p className="whitespace-pre-wrap text-sm">{booking.cancellation_reason}</p>
          </div>
        ) : null}
      </section>

      <LazyBookingActions booking={booking} />

      <Timeline booking={booking} />
      <PaymentProviderLogo />
    </div>
  );
}
