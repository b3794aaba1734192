// The infinite lists' API paths, shared by the server's prefetch and the client's useInfiniteQuery
// (a client module's functions cannot be called on the server).
import { PAGE_SIZE_BOOKINGS, PAGE_SIZE_CONVERSATIONS } from '../constants';

/** GET /api/conversations: 20 a page (SPEC §9), newest activity first, optionally one tag. */
export const inboxPath = (tag: number | null, offset: number) => `/conversations?limit=${PAGE_SIZE_CONVERSATIONS}&offset=${offset}${tag ? `&tags=${tag}` : ''}`;

export type BookingFiltersQuery = { status: string; checkInFrom: string; checkInTo: string; order: string };

/** GET /api/user/bookings: 10 a page (SPEC §7), the status as its own flag (`pending=1`). */
export function bookingsPath(f: BookingFiltersQuery, offset: number) {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE_BOOKINGS), offset: String(offset), order: f.order });
  if (f.checkInFrom) query.set('checkInFrom', f.checkInFrom);
  if (f.checkInTo) query.set('checkInTo', f.checkInTo);
  if (f.status) query.set(f.status, '1');
  return `/user/bookings?${query.toString()}`;
}

/** The bookings API's next-page link carries the next offset. */
export const nextOffset = (page: { nextPage: string | null }) => (page.nextPage ? Number(new URL(page.nextPage, 'http://x').searchParams.get('offset')) || null : null);
