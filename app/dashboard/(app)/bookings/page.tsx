import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { BookingFilters } from '@/components/bookings/booking-filters';
import { StatusChip } from '@/components/bookings/status';
import type { BookingListPage } from '@/lib/schemas/booking-dto';
import { buttonClass } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { PageTitle } from '@/components/ui/page-title';
import { apiGet, ApiResponseError } from '@/lib/api/server';
import { withRetries } from '@/lib/api/retry';
import { PAGE_SIZE_BOOKINGS, type Locale } from '@/lib/constants';
import { formatDate, formatMoney } from '@/lib/format';
import { addDays, isDay, todayInStockholm } from '@/lib/rules/dates';
import { BOOKING_FILTER_STATUSES, BOOKING_ORDERS, type BookingOrder } from '@/lib/rules/booking-form';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('booking'))('listTitle') };
}

type Search = { status?: string; checkInFrom?: string; checkInTo?: string; order?: string; offset?: string };

/** SPEC §9: check-in from 30 days ago, ordered by check-in, any status. */
function filtersOf(search: Search) {
  const defaultFrom = addDays(todayInStockholm(), -30);
  return {
    status: (BOOKING_FILTER_STATUSES as readonly string[]).includes(search.status ?? '') ? search.status! : '',
    checkInFrom: search.checkInFrom === undefined ? defaultFrom : isDay(search.checkInFrom) ? search.checkInFrom : '',
    checkInTo: search.checkInTo && isDay(search.checkInTo) ? search.checkInTo : '',
    order: ((BOOKING_ORDERS as readonly string[]).includes(search.order ?? '') ? search.order : 'check_in_asc') as BookingOrder,
    offset: /^\d{1,6}$/.test(search.offset ?? '') ? Number(search.offset) : 0,
    defaultFrom,
  };
}

// /dashboard/bookings — My Bookings: offers and bookings sent and received
export default async function BookingsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const search = await searchParams;
  const f = filtersOf(search);
  const t = await getTranslations('booking');
  const locale = (await getLocale()) as Locale;
  const query = new URLSearchParams({ limit: String(PAGE_SIZE_BOOKINGS), offset: String(f.offset), order: f.order });
  if (f.checkInFrom) query.set('checkInFrom', f.checkInFrom);
  if (f.checkInTo) query.set('checkInTo', f.checkInTo);
  if (f.status) query.set(f.status, '1');
  let page: BookingListPage | null = null;
  try {
    page = await withRetries(() => apiGet<BookingListPage>(`/api/user/bookings?${query.toString()}`));
  } catch (error) {
    if (!(error instanceof ApiResponseError)) throw error;
  }
  const linkWith = (offset: number) => {
    const params = new URLSearchParams();
    if (f.status) params.set('status', f.status);
    params.set('checkInFrom', f.checkInFrom);
    if (f.checkInTo) params.set('checkInTo', f.checkInTo);
    if (f.order !== 'check_in_asc') params.set('order', f.order);
    if (offset) params.set('offset', String(offset));
    return `/dashboard/bookings?${params.toString()}`;
  };
  const filtered = f.status !== '' || f.checkInTo !== '' || f.checkInFrom !== f.defaultFrom;
  return (
    <div className="flex flex-col gap-5">
      <PageTitle>{t('listTitle')}</PageTitle>
      <BookingFilters status={f.status} checkInFrom={f.checkInFrom} checkInTo={f.checkInTo} order={f.order} />
      {!page ? (
        <Notice tone="error">
          {t('listFailed')}{' '}
          <a href={linkWith(f.offset)} className="font-semibold underline">
            {t('tryAgain')}
          </a>
        </Notice>
      ) : page.results.length === 0 ? (
        <p className="rounded-lg bg-white p-5 text-sm text-muted shadow-sm" data-testid="bookings-empty">
          {filtered ? t('emptyFiltered') : t('emptyNone')}
        </p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="bookings">
          {page.results.map((b) => (
            <li key={b.id} className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between" data-testid="booking-row">
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
      {page && (f.offset > 0 || page.nextPage) ? (
        <nav className="flex justify-between" aria-label={t('listTitle')}>
          {f.offset > 0 ? (
            <Link href={linkWith(Math.max(0, f.offset - PAGE_SIZE_BOOKINGS))} className={buttonClass('secondary')}>
              {t('previousPage')}
            </Link>
          ) : (
            <span />
          )}
          {page.nextPage ? (
            <Link href={linkWith(Number(new URL(page.nextPage, 'http://x').searchParams.get('offset') ?? f.offset + PAGE_SIZE_BOOKINGS))} className={buttonClass('secondary')}>
              {t('nextPage')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
