import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type * as z from 'zod/mini';
import { PAGE_SIZE_BOOKINGS, TIMEZONE } from '@/lib/constants';
import { listLabel, STAY_TIME, type BookingRole, type BookingStatus } from '@/lib/rules/booking';
import type { bookingListQuery, BookingOrder } from '@/lib/schemas/booking';
import type { Db } from '../../db/client';
import { bookings, cottages, reviews, users } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { personDto } from '../users';
import type { BookingListItem } from '@/lib/schemas/booking-dto';
import { nextPageLink } from '../next-page';
import { preparedRows } from '../../db/prepared';

// My Bookings: one statement a page, and the list's own DTO (what the list shows, nothing of the booking page).

/** The booking's status as time has made it (statusAt in SQL): the list shows it without writing, the sweep stores it. */
const effectiveStatus = (now: Date) => sql`(case
  when b.status = 'PENDING' and b.booking_expiration_date <= ${now} then 'EXPIRED'
  when b.status = 'PAID' and (b.check_out + ${STAY_TIME}::time) at time zone ${TIMEZONE} <= ${now} then 'FINISHED'
  else b.status end)`;

const LIST_ORDER: Record<BookingOrder, (p: string) => SQL> = {
  id_asc: (p) => sql.raw(`${p}id asc`),
  check_in_desc: (p) => sql.raw(`${p}check_in desc, ${p}id desc`),
  check_in_asc: (p) => sql.raw(`${p}check_in asc, ${p}id asc`),
  paid_at_asc: (p) => sql.raw(`${p}paid_at asc nulls last, ${p}id asc`),
};

type ListRow = {
  id: number;
  reviewed: boolean;
  role: BookingRole;
  status: BookingStatus;
  check_in: string;
  check_out: string;
  created_at: Date | string;
  conversation_id: number;
  cottage_id: number;
  host_id: number;
  guest_id: number;
  number_of_guests: number;
  total_price: number;
  booking_expiration_date: Date | string;
  paid_at: Date | string | null;
  paid_out_at: Date | string | null;
  cottage_title: string | null;
  host_first: string | null;
  host_last: string | null;
  host_hide_last: boolean | null;
  host_exists: number | null;
  guest_first: string | null;
  guest_last: string | null;
  guest_hide_last: boolean | null;
  guest_exists: number | null;
};

/**
 * My Bookings as one statement, in O(page): each side (host, guest) reads its own (side_id, check_in,
 * id) index and stops after offset + limit rows, the two are merged, and only the page's rows are
 * joined to the two people and the ad. Statuses come from the dates (no sweep before reading).
 * Exported for the query-plan test.
 */
export function bookingListStatement(actorId: number, query: z.output<typeof bookingListQuery>, now = new Date()) {
  const limit = Math.min(Math.max(Number(query.limit ?? PAGE_SIZE_BOOKINGS), 1), 50);
  const offset = Number(query.offset ?? 0);
  const status = effectiveStatus(now);
  const statuses: SQL[] = [];
  if (query.pending) statuses.push(sql`${status} = 'PENDING'`);
  if (query.expired) statuses.push(sql`${status} = 'EXPIRED'`);
  if (query.paid) statuses.push(sql`(${status} = 'PAID' and b.paid_out_at is null)`);
  if (query.paid_out) statuses.push(sql`(${status} in ('PAID', 'FINISHED') and b.paid_out_at is not null)`);
  if (query.finished) statuses.push(sql`(${status} = 'FINISHED' and b.paid_out_at is null)`);
  if (query.cancelled) statuses.push(sql`${status} = 'CANCELLED'`);
  const filters: SQL[] = [];
  if (query.checkInFrom) filters.push(sql`b.check_in >= ${query.checkInFrom}`);
  if (query.checkInTo) filters.push(sql`b.check_in <= ${query.checkInTo}`);
  if (statuses.length) filters.push(sql`(${sql.join(statuses, sql` or `)})`);
  const extra = filters.length ? sql` and ${sql.join(filters, sql` and `)}` : sql``;
  const order = LIST_ORDER[query.order ?? 'check_in_asc'];
  const reach = offset + limit + 1;
  const side = (role: BookingRole) => sql`(select b.id, b.check_in, b.paid_at, ${role}::text as role from ${bookings} b
      where ${role === 'host' ? sql`b.host_id = ${actorId}` : sql`b.guest_id = ${actorId} and b.host_id <> ${actorId}`}${extra}
      order by ${order('b.')} limit ${reach})`;
  const statement = sql`
    with page as (
      select * from (${side('host')} union all ${side('guest')}) sides
      order by ${order('')} limit ${limit + 1} offset ${offset}
    )
    select b.id, p.role, ${status} as status, b.check_in::text as check_in, b.check_out::text as check_out, b.created_at, b.conversation_id,
      b.cottage_id, b.host_id, b.guest_id, b.number_of_guests, b.total_price, b.booking_expiration_date, b.paid_at, b.paid_out_at,
      co.title_sv as cottage_title, exists (select 1 from ${reviews} r where r.booking_id = b.id) as reviewed,
      h.id as host_exists, h.first_name as host_first, h.last_name as host_last, h.hide_last_name as host_hide_last,
      g.id as guest_exists, g.first_name as guest_first, g.last_name as guest_last, g.hide_last_name as guest_hide_last
    from page p
    join lateral (select * from ${bookings} b where b.id = p.id limit 1) b on true
    -- Lookups by primary key for the page's rows only (limit 1 keeps the planner from hashing the whole table).
    left join lateral (select co.title_sv from ${cottages} co where co.id = b.cottage_id limit 1) co on true
    left join lateral (select h.id, h.first_name, h.last_name, h.hide_last_name from ${users} h where h.id = b.host_id limit 1) h on true
    left join lateral (select g.id, g.first_name, g.last_name, g.hide_last_name from ${users} g where g.id = b.guest_id limit 1) g on true
    order by ${order('p.')}`;
  return { statement, limit, offset };
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** A party in the list: the name only (the last name as an initial when its owner asks); phone numbers are the booking page's. */
function listPerson(id: number | null, first: string | null, last: string | null, hideLast: boolean | null) {
  const { name, deleted } = personDto(id === null ? undefined : { id, firstName: first, lastName: last, hideLastName: hideLast }, false);
  return { id, name, deleted };
}

/** One row of My Bookings: what the list shows, nothing of the booking page (timeline, actions, policy, payments). */
function bookingListItem(r: ListRow): BookingListItem {
  const paidOutAt = r.paid_out_at === null ? null : iso(r.paid_out_at);
  return {
    id: r.id,
    role: r.role,
    status: r.status,
    label: listLabel(r.status, paidOutAt),
    check_in: r.check_in,
    check_out: r.check_out,
    created_at: iso(r.created_at),
    conversation_id: r.conversation_id,
    cottage_id: r.cottage_id,
    guest_id: r.guest_id,
    host_id: r.host_id,
    number_of_guests: r.number_of_guests,
    total_price: r.total_price,
    booking_expiration_date: iso(r.booking_expiration_date),
    paid_at: r.paid_at === null ? null : iso(r.paid_at),
    paid_out_at: paidOutAt,
    can_leave_review: r.role === 'guest' && r.status === 'FINISHED' && !r.reviewed,
    cottage: { id: r.cottage_id, title_sv: r.cottage_title },
    Host: listPerson(r.host_exists, r.host_first, r.host_last, r.host_hide_last),
    Guest: listPerson(r.guest_exists, r.guest_first, r.guest_last, r.guest_hide_last),
  };
}

/** GET /api/user/bookings: bookings the user sent or received, filtered, 10 a page, with the next page's link. One query. */
export async function listUserBookings(db: Db, actor: SessionUser, query: z.output<typeof bookingListQuery>, now = new Date()) {
  const { statement, limit, offset } = bookingListStatement(actor.id, query, now);
  const rows = await preparedRows<ListRow>(db, statement);
  const results = rows.slice(0, limit).map(bookingListItem);
  return { results, nextPage: nextPageLink('/api/user/bookings', query, { limit, offset, more: rows.length > limit }) };
}
