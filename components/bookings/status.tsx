import { getLocale, getTranslations } from 'next-intl/server';
import { formatDate } from '@/lib/format';
import type { Locale } from '@/lib/constants';
import { StatusChip, STATUS_COLOURS } from './status-chip';
import type { Booking } from '@/lib/schemas/booking-dto';

export { StatusChip, STATUS_COLOURS };

/** The banner at the top of a booking: what state it is in, for this reader, in the spec's words. */
export async function StatusBanner({ booking }: { booking: Booking }) {
  const t = await getTranslations('booking');
  const locale = (await getLocale()) as Locale;
  const date = (value: string | null) => (value ? formatDate(value, locale, true) : '');
  let text: string;
  switch (booking.status) {
    case 'PENDING':
      text = booking.role === 'guest' ? t('bannerPendingGuest', { date: date(booking.booking_expiration_date) }) : t('bannerPendingHost', { date: date(booking.booking_expiration_date) });
      break;
    case 'EXPIRED':
      text = t('bannerExpired', { date: date(booking.booking_expiration_date) });
      break;
    case 'PAID':
      text = t('bannerPaid', { date: date(booking.paid_at) });
      break;
    case 'FINISHED':
      text = t('bannerFinished', { date: date(booking.finished_at ?? booking.check_out) });
      break;
    case 'CANCELLED':
      // SPEC §4: by the guest when Cancellation.user_id is the guest, otherwise by the host.
      text = t('bannerCancelled', { date: date(booking.cancelled_at), user: booking.Cancellation?.user_id === booking.guest_id ? t('byGuest') : t('byHost') });
      break;
  }
  return (
    <div role="status" className={`rounded-lg border px-4 py-3 ${STATUS_COLOURS[booking.label]}`} data-testid="status-banner" data-status={booking.label}>
      <p className="text-xs font-semibold uppercase tracking-wide">{t(`status_${booking.label}`)}</p>
      <p className="mt-1 text-base font-medium">{text}</p>
    </div>
  );
}
