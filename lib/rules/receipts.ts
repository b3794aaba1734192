// SPEC §2 /orders, §9 receipts: the list's filters as the address carries them, kept free of zod for
// the client bundle (lib/schemas/orders.ts holds the API's schemas; tests/unit/receipts.test.ts keeps
// the two lists of orders equal).
import { isDay } from './dates';

/** SPEC §9: the types a receipt list filters by, one at a time (lowercase, as the API's flags). */
export const RECEIPT_FILTER_TYPES = ['payin', 'payout', 'payment', 'refund', 'fee'] as const;
export type ReceiptFilterType = (typeof RECEIPT_FILTER_TYPES)[number];

/** SPEC §9 receipts orders; the first, newest first, is the default. */
export const RECEIPT_SORTS = ['id_desc', 'id_asc', 'amount_desc', 'amount_asc'] as const;
export type ReceiptSort = (typeof RECEIPT_SORTS)[number];
export const DEFAULT_RECEIPT_SORT: ReceiptSort = 'id_desc';

/** The list's filters: '' means not filtered (any type, no date bound). */
export type ReceiptFilters = { type: ReceiptFilterType | ''; paid_at_from: string; paid_at_to: string; order: ReceiptSort };

type Search = Partial<Record<keyof ReceiptFilters, string | string[]>>;

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';
const isType = (value: string): value is ReceiptFilterType => (RECEIPT_FILTER_TYPES as readonly string[]).includes(value);
const isSort = (value: string): value is ReceiptSort => (RECEIPT_SORTS as readonly string[]).includes(value);

/** The filters of an address's query; anything malformed is left out rather than refused (SPEC §5: applied without validation). */
export function receiptFiltersOf(search: Search): ReceiptFilters {
  const type = one(search.type);
  const from = one(search.paid_at_from);
  const to = one(search.paid_at_to);
  const order = one(search.order);
  return { type: isType(type) ? type : '', paid_at_from: isDay(from) ? from : '', paid_at_to: isDay(to) ? to : '', order: isSort(order) ? order : DEFAULT_RECEIPT_SORT };
}

/** The address's query for some filters, without the defaults: `type=refund&paid_at_from=2026-01-01`. */
export function receiptSearchOf(filters: ReceiptFilters): string {
  const params = new URLSearchParams();
  if (filters.type) params.set('type', filters.type);
  if (filters.paid_at_from) params.set('paid_at_from', filters.paid_at_from);
  if (filters.paid_at_to) params.set('paid_at_to', filters.paid_at_to);
  if (filters.order !== DEFAULT_RECEIPT_SORT) params.set('order', filters.order);
  return params.toString();
}
