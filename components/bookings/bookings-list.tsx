'use client';
import Link from 'next/link';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import type { Locale } from '@/lib/constants';
import { formatDate, formatMoney } from '@/lib/format';
import { queryKeys } from '@/lib/query/keys';
import { bookingsPath, nextOffset, type BookingFiltersQuery } from '@/lib/query/lists';
import { buttonClass } from '@/components/ui/button';
import { InfiniteList } from '@/components/query/infinite-list';
import { StatusChip } from './status-chip';
import type { BookingListItem } from '@/lib/schemas/booking-dto';

export type BookingsPage = { results: BookingListItem[]; nextPage: string | null };

/** My Bookings: the page's prefetched first page, then more as the reader scrolls. */
export function BookingsList({ filters, filtered }: { filters: BookingFiltersQuery; filtered: boolean }) {
  const t = useTranslations('booking');
  const locale = useLocale() as Locale;
  const query = useInfiniteQuery({
    queryKey: queryKeys.bookings.list(filters),
    queryFn: ({ pageParam }) => api<BookingsPage>(bookingsPath(filters, pageParam)),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });
  return (
    <InfiniteList
      query={query}
      failed={t('listFailed')}
      retry={t('tryAgain')}
      empty={
        <p className="rounded-lg bg-white p-5 text-sm text-muted shadow-sm" data-testid="bookings-empty">
          {filtered ? t('emptyFiltered') : t('emptyNone')}
        </p>
      }
    >
      {(bookings, refAt) => (
        <ul className="flex flex-col gap-3" data-testid="bookings">
          {bookings.map((b, index) => (
            <li key={b.id} ref={refAt(index)} className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between" data-testid="booking-row">
              <div className="flex flex-col gap-1">
                <p className="font-semibold">
                  {b.cottage?.title_sv ?? ''} · {t('bookingNumber', { id: b.id })} <StatusChip label={b.label} />
                </p>
                <p className="text-sm text-muted">
                  {formatDate(b.check_in, locale)} – {formatDate(b.check_out, locale)} · {t('guestsCount', { count: b.number_of_guests })} · {formatMoney(b.total_price)}
                </p>
                {/* SPEC §2: the guest's name is shown only to the host. */}
                {b.role === 'host' ? <p className="text-sm">{t('guestName', { name: b.Guest.deleted ? t('deleted') : (b.Guest.name ?? '') })}</p> : <p className="text-sm">{t('yourStay')}</p>}
              </div>
              <div className="flex flex-wrap gap-2">
                <Link href={`/dashboard/conversations/${b.conversation_id}`} className={buttonClass('text')}>
                  {t('goToConversation')}
                </Link>
                <Link href={`/dashboard/conversations/${b.conversation_id}/bookings/${b.id}`} className={buttonClass('secondary')}>
                  {t('viewBooking')}
                </Link>
                {b.role === 'guest' && b.can_leave_review ? (
                  <Link href={`/dashboard/reviews/new/${b.cottage_id}/${b.id}`} className={buttonClass('primary')}>
                    {t('addReview')}
                  </Link>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </InfiniteList>
  );
}
