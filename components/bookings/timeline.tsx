import { getLocale, getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/constants';
import { formatDate, formatMoney } from '@/lib/format';
import type { Booking } from '@/lib/schemas/booking-dto';

const DOT: Record<string, string> = { NEUTRAL: 'bg-gray-400', ERROR: 'bg-red-600', SUCCESS: 'bg-green-600', FUTURE: 'bg-white border-2 border-gray-400' };

/** SPEC §4 timeline: what happened and what is ahead, with who and how much. */
export async function Timeline({ booking }: { booking: Booking }) {
  const t = await getTranslations('booking');
  const locale = (await getLocale()) as Locale;
  const who = (id: number | null) => (id === null ? null : id === booking.guest_id ? t('guest') : id === booking.host_id ? t('host') : null);
  return (
    <section className="rounded-lg bg-white p-5 shadow-sm print:p-0" aria-labelledby="timeline-title">
      <h2 id="timeline-title" className="mb-3 text-lg font-semibold print:mb-1 print:text-base">
        {t('timeline')}
      </h2>
      <ol className="flex flex-col gap-3 print:grid print:grid-cols-2 print:gap-1" data-testid="timeline">
        {booking.Timeline.map((entry, index) => (
          <li key={`${entry.type}-${index}`} className="flex items-start gap-3 text-sm" data-type={entry.type} data-state={entry.state}>
            <span className={`mt-1.5 size-2.5 shrink-0 rounded-full ${DOT[entry.state]}`} aria-hidden />
            <div className="flex-1">
              <p className={entry.state === 'ERROR' ? 'font-medium text-red-800' : entry.state === 'FUTURE' ? 'text-muted' : 'font-medium'}>
                {t(`timeline_${entry.type}`)}
                {entry.state === 'ERROR' ? ` — ${entry.type === 'FULL_PAYMENT_DUE_DATE' ? t('timelineNotPaid') : t('timelineFailed')}` : ''}
              </p>
              <p className="text-xs text-muted">
                {formatDate(entry.date, locale, true)}
                {who(entry.user) ? ` · ${who(entry.user)}` : ''}
                {entry.amount !== null ? ` · ${formatMoney(entry.amount)}` : ''}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
