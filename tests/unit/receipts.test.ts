import { describe, expect, it } from 'vitest';
import { nextOffset, receiptsPath } from '@/lib/query/lists';
import { RECEIPT_TYPES } from '@/lib/rules/products';
import { DEFAULT_RECEIPT_SORT, RECEIPT_FILTER_TYPES, RECEIPT_SORTS, receiptFiltersOf, receiptSearchOf } from '@/lib/rules/receipts';
import { RECEIPT_ORDERS, receiptListQuery } from '@/lib/schemas/orders';
import * as z from 'zod/mini';

const none = { type: '', paid_at_from: '', paid_at_to: '', order: 'id_desc' } as const;

describe('the receipts list filters (SPEC §2 /orders, §9)', () => {
  it('offers the orders and types the API takes', () => {
    expect(RECEIPT_SORTS).toEqual(RECEIPT_ORDERS);
    expect([...RECEIPT_FILTER_TYPES].sort()).toEqual(RECEIPT_TYPES.map((type) => type.toLowerCase()).sort());
    expect(DEFAULT_RECEIPT_SORT).toBe('id_desc');
  });

  it('reads the address, leaving out what is malformed', () => {
    expect(receiptFiltersOf({})).toEqual(none);
    expect(receiptFiltersOf({ type: 'refund', paid_at_from: '2026-01-01', paid_at_to: '2026-12-31', order: 'amount_asc' })).toEqual({
      type: 'refund',
      paid_at_from: '2026-01-01',
      paid_at_to: '2026-12-31',
      order: 'amount_asc',
    });
    expect(receiptFiltersOf({ type: 'REFUND', paid_at_from: '2026-02-30', paid_at_to: 'tomorrow', order: 'price' })).toEqual(none);
    expect(receiptFiltersOf({ type: ['fee', 'payin'] }).type).toBe('fee');
  });

  it('writes the address without the defaults, and reads it back the same', () => {
    expect(receiptSearchOf(none)).toBe('');
    const filters = { type: 'payout', paid_at_from: '2026-03-01', paid_at_to: '', order: 'amount_desc' } as const;
    const search = receiptSearchOf(filters);
    expect(search).toBe('type=payout&paid_at_from=2026-03-01&order=amount_desc');
    expect(receiptFiltersOf(Object.fromEntries(new URLSearchParams(search)))).toEqual(filters);
  });

  it('asks the API for 10 a page with the type as its own flag, in a query the API accepts', () => {
    const path = receiptsPath({ type: 'refund', paid_at_from: '2026-01-01', paid_at_to: '2026-06-30', order: 'id_asc' }, 20);
    expect(path).toBe('/user/orders?limit=10&offset=20&order=id_asc&paid_at_from=2026-01-01&paid_at_to=2026-06-30&refund=1');
    const query = Object.fromEntries(new URL(path, 'http://x').searchParams);
    expect(z.safeParse(receiptListQuery, query).success).toBe(true);
    expect(receiptsPath(none, 0)).toBe('/user/orders?limit=10&offset=0&order=id_desc');
  });

  it('takes the next offset from the next-page link', () => {
    expect(nextOffset({ nextPage: '/api/user/orders?order=id_desc&refund=1&limit=10&offset=10' })).toBe(10);
    expect(nextOffset({ nextPage: null })).toBeNull();
  });
});
