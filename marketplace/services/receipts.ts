import 'server-only';
import { and, asc, desc, eq, gte, inArray, lt, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { receiptShowsTax, VAT_RATE_PERCENT, vatOf, type ReceiptType } from '@/lib/rules/products';
import { addDays, stockholmTime } from '@/lib/rules/dates';
import { PAGE_SIZE_ORDERS } from '@/lib/constants';
import type { OrderDto, ReceiptDto, ReceiptListQuery } from '@/lib/schemas/orders';
import { config } from '../config';
import type { Db } from '../db/client';
import { preparedOnce } from '../db/prepared';
import { bookings, cottages, moneyIntents, orders, users, type OrderLine } from '../db/schema';
import type { SessionUser } from '../http/context';
import { notFound } from '../http/errors';
import { nextPageLink, pageOf } from './next-page';

// SPEC §2 /orders and /orders/{id}, §7 GET /api/user/orders and /{id}: the caller's receipts — ad
// payments, card payments of stays, refunds, payouts and fees — only their own (filtered by the
// acting user, on orders_user_idx / orders_user_amount_idx).

type OrderRow = typeof orders.$inferSelect;

export function orderDtoOf(o: OrderRow, cottageTitle: string | null, locale: 'sv' | 'en', purpose: OrderDto['purpose'] = null): OrderDto {
  const lines = (o.products as OrderLine[]) ?? [];
  const showsTax = receiptShowsTax(
    o.type,
    lines.map((l) => l.id),
  );
  return {
    id: o.id,
    type: o.type,
    amount: o.amount,
    created_at: o.createdAt.toISOString(),
    paid_at: o.paidAt?.toISOString() ?? null,
    payment_status: o.status,
    source: o.source,
    client_secret: o.status === 'paid' ? null : o.clientSecret,
    booking_id: o.bookingId,
    cottage_id: o.cottageId,
    cottage_title: cottageTitle,
    products: lines.map((l) => ({ id: l.id, name: locale === 'sv' ? l.name_sv : l.name_en, price: l.price, type: l.type })),
    tax: showsTax ? { rate: VAT_RATE_PERCENT, ...vatOf(o.amount) } : null,
    purpose,
  };
}

const TYPE_FLAGS: Record<'payin' | 'payout' | 'refund' | 'payment' | 'fee', ReceiptType> = { payin: 'PAYIN', payout: 'PAYOUT', refund: 'REFUND', payment: 'PAYMENT', fee: 'FEE' };

/** The receipts a user has: booking money always (it moved), ad orders once they went to payment. */
const visible = (userId: number) => and(eq(orders.userId, userId), inArray(orders.status, ['pending', 'paid', 'failed', 'expired']));

/** Where a page of receipts is: values, or the placeholders of its prepared statement. */
type PageAt = { userId: number | Placeholder; from: Date | Placeholder; to: Date | Placeholder; rows: number | Placeholder; offset: number | Placeholder };

/**
 * The receipts list's one statement. The page of order ids (one more than the page, to know whether
 * another follows) is filtered and sorted on the user's index, reading ids only: a deep offset sorts
 * narrow rows, not whole orders. The page's orders, stays and intents are then joined by key and the
 * ads' titles read per row. The filters present (`query`) shape the statement; `at` fills it.
 */
function receiptsStatement(db: Db, query: ReceiptListQuery, at: PageAt) {
  const where: SQL[] = [eq(orders.userId, at.userId), inArray(orders.status, ['pending', 'paid', 'failed', 'expired'])];
  const types = typesOf(query);
  if (types.length) where.push(inArray(orders.type, types));
  if (query.paid_at_from) where.push(gte(orders.paidAt, at.from));
  if (query.paid_at_to) where.push(lt(orders.paidAt, at.to));
  const ids = db
    .select({ id: orders.id, amount: orders.amount })
    .from(orders)
    .where(and(...where))
    .orderBy(...orderBy(query.order, orders))
    .limit(at.rows)
    .offset(at.offset)
    .as('ids');
  const adId = sql<number | null>`coalesce(${orders.cottageId}, ${bookings.cottageId})`;
  return db
    .select({
      order: orders,
      adId,
      purpose: moneyIntents.purpose,
      // Per row on the primary key: a join would let the planner hash the whole table for a page of ten.
      title: sql<string | null>`(select ${cottages.titleSv} from ${cottages} where ${cottages.id} = ${adId})`,
    })
    .from(ids)
    .innerJoin(orders, eq(orders.id, ids.id))
    .leftJoin(bookings, eq(bookings.id, orders.bookingId))
    .leftJoin(moneyIntents, eq(moneyIntents.id, orders.intentId))
    .orderBy(...orderBy(query.order, ids));
}

const typesOf = (query: ReceiptListQuery) => (Object.keys(TYPE_FLAGS) as (keyof typeof TYPE_FLAGS)[]).filter((flag) => query[flag]).map((flag) => TYPE_FLAGS[flag]);

const orderBy = (order: ReceiptListQuery['order'], { id, amount }: { id: SQLWrapper; amount: SQLWrapper }) =>
  order === 'id_asc' ? [asc(id)] : order === 'amount_desc' ? [desc(amount), desc(id)] : order === 'amount_asc' ? [asc(amount), asc(id)] : [desc(id)];

const pageAt = (userId: number, query: ReceiptListQuery) => {
  const { limit, offset } = pageOf(query, PAGE_SIZE_ORDERS);
  const from = query.paid_at_from ? stockholmTime(query.paid_at_from, '00:00:00') : new Date(0);
  const to = query.paid_at_to ? stockholmTime(addDays(query.paid_at_to, 1), '00:00:00') : new Date(0);
  return { limit, offset, at: { userId, from, to, rows: limit + 1, offset } };
};

/** The statement with its values. Exported for the query-plan test. */
export const receiptsPage = (db: Db, userId: number, query: ReceiptListQuery) => receiptsStatement(db, query, pageAt(userId, query).at);

/** GET /api/user/orders: 10 a page by default, newest first, filtered by type flags and by the Stockholm days paid, in one prepared statement per shape. */
export async function listReceipts(db: Db, actor: SessionUser, query: ReceiptListQuery, locale: 'sv' | 'en') {
  const { limit, offset, at } = pageAt(actor.id, query);
  const shape = `receipts_${query.order ?? 'id_desc'}_${typesOf(query).join('_')}_${query.paid_at_from ? 'f' : ''}${query.paid_at_to ? 't' : ''}`;
  const placeholders = { userId: sql.placeholder('userId'), from: sql.placeholder('from'), to: sql.placeholder('to'), rows: sql.placeholder('rows'), offset: sql.placeholder('offset') };
  const rows = await preparedOnce(db, shape, (d) => receiptsStatement(d, query, placeholders).prepare(shape)).execute(at);
  const results = rows.slice(0, limit).map((r) => ({ ...orderDtoOf(r.order, r.title, locale, r.purpose), cottage_id: r.adId }));
  return { results, nextPage: nextPageLink('/api/user/orders', query, { limit, offset, more: rows.length > limit }) };
}

/** GET /api/user/orders/{id}: one of the caller's receipts, with seller, buyer and the stay (404 for anyone else's). */
export async function receipt(db: Db, actor: SessionUser, id: number, locale: 'sv' | 'en'): Promise<ReceiptDto> {
  const [row] = await db
    .select({ order: orders, booking: { checkIn: bookings.checkIn, checkOut: bookings.checkOut, cottageId: bookings.cottageId }, purpose: moneyIntents.purpose })
    .from(orders)
    .leftJoin(bookings, eq(bookings.id, orders.bookingId))
    .leftJoin(moneyIntents, eq(moneyIntents.id, orders.intentId))
    .where(and(eq(orders.id, id), visible(actor.id)))
    .limit(1);
  if (!row) throw notFound();
  const cottageId = row.order.cottageId ?? row.booking?.cottageId ?? null;
  const [ad] = cottageId ? await db.select({ title: cottages.titleSv }).from(cottages).where(eq(cottages.id, cottageId)).limit(1) : [];
  const [u] = await db.select().from(users).where(eq(users.id, actor.id)).limit(1);
  const company = u!.typeOfPerson === 'LEGAL';
  const buyerLines = [u!.uAddress1, u!.uAddress2, [u!.uPostalCode, u!.uCity].filter(Boolean).join(' '), u!.uCountry].filter((l): l is string => Boolean(l && l.trim()));
  const dto = orderDtoOf(row.order, ad?.title ?? null, locale, row.purpose);
  return {
    ...dto,
    cottage_id: cottageId,
    seller: { name: config.platform.name, lines: config.platform.address.split(',').map((l) => l.trim()), org_number: config.platform.orgNumber, vat_number: config.platform.vatNumber },
    buyer: {
      name: (company ? u!.businessName : null) ?? ([u!.firstName, u!.lastName].filter(Boolean).join(' ') || u!.username),
      lines: buyerLines,
      org_number: company ? (u!.organizationNumber ?? u!.companyNumber ?? null) : null,
      vat_number: company ? (u!.vatNumber ?? null) : null,
    },
    stay: row.booking?.checkIn ? { check_in: String(row.booking.checkIn), check_out: String(row.booking.checkOut) } : null,
  };
}
