import type { Metadata } from 'next';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import { getTranslations } from 'next-intl/server';
import { BookingFilters } from '@/components/bookings/booking-filters';
import { BookingsList, type BookingsPage } from '@/components/bookings/bookings-list';
import { PageTitle } from '@/components/ui/page-title';
import { apiGet, ApiResponseError } from '@/lib/api/server';
import { queryKeys } from '@/lib/query/keys';
import { bookingsPath } from '@/lib/query/lists';
import { getQueryClient } from '@/lib/query/server';
import { addDays, isDay, todayInStockholm } from '@/lib/rules/dates';
import { BOOKING_FILTER_STATUSES, BOOKING_ORDERS, type BookingOrder } from '@/lib/rules/booking-form';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('booking'))('listTitle') };
}

type Search = { status?: string; checkInFrom?: string; checkInTo?: string; order?: string };

/** SPEC §9: check-in from 30 days ago, ordered by check-in, any status. */
function filtersOf(search: Search) {
  const defaultFrom = addDays(todayInStockholm(), -30);
  return {
    status: (BOOKING_FILTER_STATUSES as readonly string[]).includes(search.status ?? '') ? search.status! : '',
    checkInFrom: search.checkInFrom === undefined ? defaultFrom : isDay(search.checkInFrom) ? search.checkInFrom : '',
    checkInTo: search.checkInTo && isDay(search.checkInTo) ? search.checkInTo : '',
    order: ((BOOKING_ORDERS as readonly string[]).includes(search.order ?? '') ? search.order : 'check_in_asc') as BookingOrder,
    defaultFrom,
  };
}

// /dashboard/bookings — My Bookings: offers and bookings sent and received
export default async function BookingsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const search = await searchParams;
  const f = filtersOf(search);
  const t = await getTranslations('booking');
  const filters = { status: f.status, checkInFrom: f.checkInFrom, checkInTo: f.checkInTo, order: f.order };
  // The first page comes with the page; if it fails here, the list asks again in the browser
  // (SPEC §9: 3 attempts 2 s apart, then 'Could not load bookings.' with Try Again).
  const queryClient = getQueryClient();
  try {
    await queryClient.fetchInfiniteQuery({
      queryKey: queryKeys.bookings.list(filters),
      queryFn: ({ pageParam }) => apiGet<BookingsPage>(`/api${bookingsPath(filters, pageParam)}`),
      initialPageParam: 0,
    });
  } catch (error) {
    if (!(error instanceof ApiResponseError)) throw error;
  }
  const filtered = f.status !== '' || f.checkInTo !== '' || f.checkInFrom !== f.defaultFrom;
  return (
    <div className="flex flex-col gap-5">
      <PageTitle>{t('listTitle')}</PageTitle>
      <BookingFilters status={f.status} checkInFrom={f.checkInFrom} checkInTo={f.checkInTo} order={f.order} />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <BookingsList filters={filters} filtered={filtered} />
      </HydrationBoundary>
    </div>
  );
}
