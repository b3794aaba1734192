import { useTranslations } from 'next-intl';
import type { BookingLabel } from '@/lib/schemas/booking-dto';

/** SPEC §4 colours: pending amber, expired red, paid green, paid out darker green, finished blue, cancelled red. */
export const STATUS_COLOURS: Record<BookingLabel, string> = {
  PENDING: 'bg-amber-100 text-amber-900 border-amber-300',
  EXPIRED: 'bg-red-50 text-red-800 border-red-200',
  PAID: 'bg-green-100 text-green-900 border-green-300',
  PAID_OUT: 'bg-green-800 text-white border-green-900',
  FINISHED: 'bg-sky-100 text-sky-900 border-sky-300',
  CANCELLED: 'bg-red-100 text-red-900 border-red-300',
};

/** A booking's status as a coloured chip (server and client lists alike). */
export function StatusChip({ label }: { label: BookingLabel }) {
  const t = useTranslations('booking');
  return (
    <span className={`inline-block rounded-full border px-2.5 py-0.5 text-xs font-semibold ${STATUS_COLOURS[label]}`} data-testid="status-chip">
      {t(`status_${label}`)}
    </span>
  );
}
