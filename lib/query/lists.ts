// The infinite lists' API paths, shared by the server's prefetch and the client's useInfiniteQuery
// (a client module's functions cannot be called on the server).
import { PAGE_SIZE_BOOKINGS, PAGE_SIZE_CONVERSATIONS, PAGE_SIZE_ORDERS, PAGE_SIZE_REVIEWS } from '../constants';
import type { ReceiptFilters } from '../rules/receipts';

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

/** GET /api/user/orders: 10 a page (SPEC §7), the type as its own flag (`refund=1`), the Stockholm days paid. */
export function receiptsPath(f: ReceiptFilters, offset: number) {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE_ORDERS), offset: String(offset), order: f.order });
  if (f.paid_at_from) query.set('paid_at_from', f.paid_at_from);
  if (f.paid_at_to) query.set('paid_at_to', f.paid_at_to);
  if (f.type) query.set(f.type, '1');
  return `/user/orders?${query.toString()}`;
}

/** GET /api/user/reviews: 10 a page, newest first. */
export const reviewsPath = (offset: number) => `/user/reviews?limit=${PAGE_SIZE_REVIEWS}&offset=${offset}`;

/** The bookings and receipts APIs' next-page link carries the next offset. */
export const nextOffset = (page: { nextPage: string | null }) => (page.nextPage ? Number(new URL(page.nextPage, 'http://x').searchParams.get('offset')) || null : null);
