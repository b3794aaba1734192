// SPEC §3 "Order", §4 "Payment flow (ad)", §9 VAT and products: the ad products' pure rules
// (lib/rules/products.ts) as table tests, and VAT as a property over every amount.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import { addMonths, stockholmTime } from '@/lib/rules/dates';
import {
  addOnsVisible,
  afterOrderPaid,
  orderTotal,
  PRODUCTS,
  RECEIPT_TYPES,
  receiptShowsTax,
  selectionError,
  taxShownForProducts,
  toggleProduct,
  vatOf,
  type ReceiptType,
  type SelectionError,
} from '@/lib/rules/products';

const at = (iso: string) => new Date(iso);
/** The instant a period ends: 23:59:59 Stockholm time on the day. */
const endOf = (day: string) => stockholmTime(day, '23:59:59');
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('the catalogue (SPEC §3, §9)', () => {
  it('has the packages 1 and 10, ranking boosts 5, 8, 9 for 3, 6, 12 months and translations 6, 7', () => {
    const byId = Object.fromEntries(PRODUCTS.map((p) => [p.id, p]));
    expect(PRODUCTS.map((p) => p.id).sort((a, b) => a - b)).toEqual([1, 5, 6, 7, 8, 9, 10]);
    expect(byId[1]).toMatchObject({ name: { en: 'Advertisement only' }, type: null, months: 12 });
    expect(byId[10]).toMatchObject({ name: { en: 'S-certified advertisement' }, type: null, months: 12, price: 0 });
    expect([5, 8, 9].map((id) => [byId[id]!.type, byId[id]!.months])).toEqual([
      ['ranking', 3],
      ['ranking', 6],
      ['ranking', 12],
    ]);
    expect([6, 7].map((id) => [byId[id]!.type, byId[id]!.months])).toEqual([
      ['translation', null],
      ['translation', null],
    ]);
    expect(byId[6]!.name.en).toBe('English translation');
    expect(byId[7]!.name.en).toBe('German translation');
    for (const p of PRODUCTS) expect(Number.isInteger(p.price) && p.price >= 0, `price of ${p.id}`).toBe(true);
  });
});

describe('toggleProduct: one click on a product card (SPEC §4)', () => {
  const cases: [label: string, before: number[], click: number, after: number[]][] = [
    // Packages are one of a kind.
    ['choosing a package from nothing', [], 10, [10]],
    ['choosing package 1 from nothing', [], 1, [1]],
    ['another package replaces the chosen one', [10], 1, [1]],
    ['and back', [1], 10, [10]],
    ['clicking the chosen package clears it', [10], 10, []],
    ['clicking the chosen package keeps the add-ons', [10, 5, 6], 10, [5, 6]],
    // Choosing package 1 drops the add-ons it cannot carry.
    ['package 1 drops a ranking boost and translations', [10, 5, 6, 7], 1, [1]],
    ['package 1 drops add-ons chosen without a package', [8, 7], 1, [1]],
    ['a ranking boost cannot join package 1', [1], 5, [1]],
    // Ranking boosts: one at a time; the chosen one clicked again is cleared.
    ['a first ranking boost', [10], 5, [10, 5]],
    ['another boost replaces the chosen one', [10, 5], 8, [10, 8]],
    ['and another', [10, 8, 6], 9, [10, 6, 9]],
    ['the chosen boost clicked again is cleared', [10, 8], 8, [10]],
    ['clearing a boost keeps the translations', [10, 6, 9, 7], 9, [10, 6, 7]],
    ['a boost without a package (a renewal of add-ons)', [], 9, [9]],
    // Translations are checkboxes.
    ['English ticked', [10], 6, [10, 6]],
    ['German ticked beside English', [10, 6], 7, [10, 6, 7]],
    ['English unticked, German stays', [10, 6, 7], 6, [10, 7]],
    ['German unticked', [10, 7], 7, [10]],
    ['a translation beside a boost', [10, 5], 7, [10, 5, 7]],
    ['a translation alone', [], 6, [6]],
    // Something not in the catalogue changes nothing.
    ['an unknown product', [10, 5], 99, [10, 5]],
    ['product 0', [], 0, []],
  ];
  it.each(cases)('%s: %j + %i → %j', (_label, before, click, after) => {
    const frozen = Object.freeze([...before]);
    expect(toggleProduct(frozen, click)).toEqual(after);
    expect(frozen, 'the selection passed in is not changed').toEqual(before);
  });

  it('a translation cannot join package 1 either (the add-on block is hidden with it)', () => {
    // Like a ranking boost: package 1 carries no add-ons, so a click cannot make a selection selectionError refuses.
    expect(toggleProduct([1], 6)).toEqual([1]);
    expect(toggleProduct([1], 7)).toEqual([1]);
  });

  it('whatever is clicked, in any order, never yields two packages or two boosts, nor add-ons with package 1', () => {
    const ids = [...PRODUCTS.map((p) => p.id), 99];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ids), { maxLength: 30 }), (clicks) => {
        const selected = clicks.reduce<number[]>((s, id) => toggleProduct(s, id), []);
        expect(new Set(selected).size).toBe(selected.length);
        expect(selected.filter((id) => id === 1 || id === 10).length).toBeLessThanOrEqual(1);
        expect(selected.filter((id) => [5, 8, 9].includes(id)).length).toBeLessThanOrEqual(1);
        if (selected.includes(1)) expect(selected).toEqual([1]);
        // What the clicks build is always orderable (an ad that is still paid may take add-ons alone).
        if (selected.length) expect(selectionError(selected, true)).toBeNull();
      }),
    );
  });
});

describe('addOnsVisible (SPEC §4: the add-on block shows only without package 1)', () => {
  it.each([
    [[], true],
    [[10], true],
    [[10, 5, 6], true],
    [[5], true],
    [[6, 7], true],
    [[1], false],
    [[1, 5], false],
    [[6, 1], false],
  ] as [number[], boolean][])('%j → %s', (selected, visible) => {
    expect(addOnsVisible(selected)).toBe(visible);
  });
});

describe('selectionError: what an order may hold', () => {
  const refused: [ids: number[], paidUntilActive: boolean, error: SelectionError][] = [
    [[], false, 'order.noProduct'],
    [[], true, 'order.noProduct'],
    [[10, 10], false, 'order.duplicate'],
    [[6, 6], true, 'order.duplicate'],
    [[1, 6, 1], false, 'order.duplicate'],
    [[99], false, 'order.unknownProduct'],
    [[10, 99], false, 'order.unknownProduct'],
    [[0], true, 'order.unknownProduct'],
    [[-1], true, 'order.unknownProduct'],
    [[11], false, 'order.unknownProduct'],
    [[1, 10], false, 'order.onePackage'],
    [[10, 1, 6], true, 'order.onePackage'],
    [[10, 5, 8], false, 'order.oneRanking'],
    [[5, 8, 9], true, 'order.oneRanking'],
    [[5, 9], false, 'order.oneRanking'],
    [[1, 6], false, 'order.addOnsNotAllowed'],
    [[1, 5], false, 'order.addOnsNotAllowed'],
    [[1, 7], true, 'order.addOnsNotAllowed'],
    [[6], false, 'order.packageRequired'],
    [[5], false, 'order.packageRequired'],
    [[5, 6, 7], false, 'order.packageRequired'],
  ];
  it.each(refused)('%j (ad paid: %s) → %s', (ids, active, error) => {
    expect(selectionError(ids, active)).toBe(error);
  });

  const valid: [ids: number[], paidUntilActive: boolean][] = [
    [[1], false],
    [[1], true],
    [[10], false],
    [[10], true],
    [[10, 5], false],
    [[10, 8, 6], false],
    [[10, 9, 6, 7], false],
    [[7, 6, 10], false],
    // A renewal of add-ons alone while the ad is still paid.
    [[6], true],
    [[7], true],
    [[5], true],
    [[9, 6, 7], true],
  ];
  it.each(valid)('%j (ad paid: %s) is valid', (ids, active) => {
    expect(selectionError(ids, active)).toBeNull();
  });

  it('every error has its message in both languages', () => {
    for (const [, , error] of refused) expect((en.order as Record<string, string>)[error.replace('order.', '')], error).toBeTruthy();
  });
});

describe('orderTotal (öre, VAT included)', () => {
  it.each([
    [[], 0],
    [[1], 150_000],
    [[10], 0],
    [[10, 5], 29_500],
    [[10, 8], 49_500],
    [[10, 9], 79_500],
    [[10, 5, 6], 79_000],
    [[10, 9, 6, 7], 79_500 + 2 * 49_500],
    [[6, 7], 99_000],
    [[99], 0],
  ] as [number[], number][])('%j → %i', (ids, total) => {
    expect(orderTotal(ids)).toBe(total);
  });
});

describe('afterOrderPaid: what a paid order does to its ad', () => {
  const unpaid = { paidUntil: null, galleryUntil: null };

  it('a first payment: 12 months from today, ending 23:59:59 Stockholm time', () => {
    const after = afterOrderPaid([1], unpaid, at('2027-06-15T10:00:00Z'));
    expect(iso(after.paidUntil)).toBe('2028-06-15T21:59:59.000Z');
    expect(after.galleryUntil).toBeNull();
    // Package 10 (free) buys the same year.
    expect(iso(afterOrderPaid([10], unpaid, at('2027-06-15T10:00:00Z')).paidUntil)).toBe('2028-06-15T21:59:59.000Z');
  });

  it("'today' is Stockholm's: half past midnight in Stockholm is already the next day", () => {
    // 22:30 UTC on 14 June is 00:30 on 15 June in Stockholm (summer time).
    expect(iso(afterOrderPaid([1], unpaid, at('2027-06-14T22:30:00Z')).paidUntil)).toBe('2028-06-15T21:59:59.000Z');
    // 22:59 UTC on 14 January is 23:59 on 14 January in Stockholm (winter time).
    expect(iso(afterOrderPaid([1], unpaid, at('2027-01-14T22:59:00Z')).paidUntil)).toBe(iso(endOf('2028-01-14')));
    expect(iso(afterOrderPaid([1], unpaid, at('2027-01-14T23:00:00Z')).paidUntil)).toBe(iso(endOf('2028-01-15')));
  });

  it('a renewal before the end extends from the old end (no day lost)', () => {
    const ad = { paidUntil: endOf('2027-09-30'), galleryUntil: null };
    expect(iso(afterOrderPaid([1], ad, at('2027-06-15T10:00:00Z')).paidUntil)).toBe(iso(endOf('2028-09-30')));
    // The last second of the period still counts as before the end.
    expect(iso(afterOrderPaid([10], ad, at('2027-09-30T21:59:58Z')).paidUntil)).toBe(iso(endOf('2028-09-30')));
  });

  it('a renewal after the end extends from now', () => {
    const ad = { paidUntil: endOf('2027-01-31'), galleryUntil: null };
    expect(iso(afterOrderPaid([1], ad, at('2027-06-15T10:00:00Z')).paidUntil)).toBe(iso(endOf('2028-06-15')));
    // The day after the end, 00:00:01 Stockholm time.
    expect(iso(afterOrderPaid([1], ad, at('2027-01-31T23:00:01Z')).paidUntil)).toBe(iso(endOf('2028-02-01')));
  });

  it('ranking boosts set gallery_until by their months, and leave paid_until alone without a package', () => {
    const now = at('2027-06-15T10:00:00Z');
    const paid = { paidUntil: endOf('2027-12-01'), galleryUntil: null };
    for (const [id, day] of [
      [5, '2027-09-15'],
      [8, '2027-12-15'],
      [9, '2028-06-15'],
    ] as const) {
      const after = afterOrderPaid([id], paid, now);
      expect(iso(after.galleryUntil), `boost ${id}`).toBe(iso(endOf(day)));
      expect(iso(after.paidUntil), `boost ${id}`).toBe(iso(paid.paidUntil));
    }
    // A package and a boost together: both from today.
    const both = afterOrderPaid([10, 5, 6], unpaid, now);
    expect([iso(both.paidUntil), iso(both.galleryUntil)]).toEqual([iso(endOf('2028-06-15')), iso(endOf('2027-09-15'))]);
    // A boost bought while one runs extends from its end; an ended one from now.
    expect(iso(afterOrderPaid([8], { ...paid, galleryUntil: endOf('2027-07-01') }, now).galleryUntil)).toBe(iso(endOf('2028-01-01')));
    expect(iso(afterOrderPaid([8], { ...paid, galleryUntil: endOf('2027-05-01') }, now).galleryUntil)).toBe(iso(endOf('2027-12-15')));
  });

  it('translations and unknown products change neither date; the ad passed in is not changed', () => {
    const ad = Object.freeze({ paidUntil: endOf('2027-12-01'), galleryUntil: endOf('2027-08-01') });
    const after = afterOrderPaid([6, 7, 99], ad, at('2027-06-15T10:00:00Z'));
    expect([iso(after.paidUntil), iso(after.galleryUntil)]).toEqual([iso(ad.paidUntil), iso(ad.galleryUntil)]);
    expect(afterOrderPaid([], unpaid, at('2027-06-15T10:00:00Z'))).toEqual(unpaid);
    afterOrderPaid([1, 9], ad, at('2027-06-15T10:00:00Z'));
    expect(iso(ad.paidUntil)).toBe(iso(endOf('2027-12-01')));
  });

  it('the 31st plus a month is the last day of February; month ends carry through boosts and packages', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2027-03-31', 1)).toBe('2027-04-30');
    // 30 November + 3 months (boost 5) = 29 February in a leap year; 31 August + 6 months (boost 8) too.
    expect(iso(afterOrderPaid([5], unpaid, at('2027-11-30T12:00:00Z')).galleryUntil)).toBe(iso(endOf('2028-02-29')));
    expect(iso(afterOrderPaid([8], unpaid, at('2027-08-31T12:00:00Z')).galleryUntil)).toBe(iso(endOf('2028-02-29')));
    expect(iso(afterOrderPaid([5], unpaid, at('2026-11-30T12:00:00Z')).galleryUntil)).toBe(iso(endOf('2027-02-28')));
    // 29 February + a year = 28 February.
    expect(iso(afterOrderPaid([1], unpaid, at('2028-02-29T12:00:00Z')).paidUntil)).toBe(iso(endOf('2029-02-28')));
    // A renewal from an end on the 31st.
    expect(iso(afterOrderPaid([5], { paidUntil: null, galleryUntil: endOf('2027-10-31') }, at('2027-10-01T12:00:00Z')).galleryUntil)).toBe(iso(endOf('2028-01-31')));
  });

  it('across daylight saving: the period ends at 23:59:59 on the local clock of its last day', () => {
    // Bought in winter (UTC+1), ends in summer (UTC+2).
    expect(iso(afterOrderPaid([5], unpaid, at('2027-01-15T12:00:00Z')).galleryUntil)).toBe('2027-04-15T21:59:59.000Z');
    // Bought in summer, ends in winter.
    expect(iso(afterOrderPaid([8], unpaid, at('2027-07-15T12:00:00Z')).galleryUntil)).toBe('2028-01-15T22:59:59.000Z');
    // Ends on the spring-forward day (28 March 2027) and on the fall-back day (31 October 2027).
    expect(iso(afterOrderPaid([5], unpaid, at('2026-12-28T12:00:00Z')).galleryUntil)).toBe('2027-03-28T21:59:59.000Z');
    expect(iso(afterOrderPaid([5], unpaid, at('2027-07-31T12:00:00Z')).galleryUntil)).toBe('2027-10-31T22:59:59.000Z');
    // Bought in the hour that repeats on the fall-back night (02:30 Stockholm, twice).
    expect(iso(afterOrderPaid([1], unpaid, at('2027-10-31T00:30:00Z')).paidUntil)).toBe('2028-10-31T22:59:59.000Z');
    expect(iso(afterOrderPaid([1], unpaid, at('2027-10-31T01:30:00Z')).paidUntil)).toBe('2028-10-31T22:59:59.000Z');
  });
});

describe('VAT (SPEC §9: 25 %, tax = amount − amount/1.25, net the remainder)', () => {
  it.each([
    [0, 0, 0],
    [1, 0, 1],
    [2, 0, 2],
    [3, 1, 2],
    [4, 1, 3],
    [5, 1, 4],
    [10, 2, 8],
    [99, 20, 79],
    [100, 20, 80],
    [125, 25, 100],
    [12_345, 2_469, 9_876],
    [29_500, 5_900, 23_600],
    [49_500, 9_900, 39_600],
    [79_000, 15_800, 63_200],
    [79_500, 15_900, 63_600],
    [150_000, 30_000, 120_000],
    [99_999_999, 20_000_000, 79_999_999],
  ])('%i öre → tax %i, net %i', (amount, tax, net) => {
    expect(vatOf(amount)).toEqual({ tax, net });
  });

  it('tax + net is the amount, and tax is amount − round(amount/1.25), for any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), (amount) => {
        const { tax, net } = vatOf(amount);
        expect(Number.isInteger(tax) && Number.isInteger(net)).toBe(true);
        expect(tax + net).toBe(amount);
        expect(tax).toBe(amount - Math.round(amount / 1.25));
        // Within half an öre of exactly a fifth (25 % on the net).
        expect(Math.abs(tax - amount / 5)).toBeLessThanOrEqual(0.5);
        expect(tax).toBeGreaterThanOrEqual(0);
        expect(net).toBeGreaterThanOrEqual(tax);
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('when tax is shown', () => {
  it.each([
    [[], true],
    [[1], true],
    [[10, 5, 6], true],
    [[11], true],
    [[12], false],
    [[13], false],
    [[14], false],
    [[1, 12], false],
    [[10, 13, 6], false],
    [[12, 13, 14], false],
    [[12, 11], true],
    [[11, 14], true],
    [[11, 12, 13, 14], true],
  ] as [number[], boolean][])('taxShownForProducts(%j) → %s (orders without 12, 13, 14, or with 11)', (ids, shown) => {
    expect(taxShownForProducts(ids)).toBe(shown);
  });

  const byType: [ReceiptType, number[], boolean][] = [
    // What the platform sells: ad payments and its booking fee, under the product rule.
    ['PAYMENT', [1], true],
    ['PAYMENT', [10, 5], true],
    ['PAYMENT', [12], false],
    ['PAYMENT', [12, 11], true],
    ['FEE', [], true],
    ['FEE', [13], false],
    ['FEE', [13, 11], true],
    // Rent paid in, refunded or paid out passes through: never the platform's sale.
    ['PAYIN', [], false],
    ['PAYIN', [11], false],
    ['PAYOUT', [], false],
    ['PAYOUT', [1], false],
    ['REFUND', [], false],
    ['REFUND', [11], false],
  ];
  it.each(byType)('receiptShowsTax(%s, %j) → %s', (type, ids, shown) => {
    expect(receiptShowsTax(type, ids)).toBe(shown);
  });

  it('covers every receipt type', () => {
    expect([...new Set(byType.map(([type]) => type))].sort()).toEqual([...RECEIPT_TYPES].sort());
  });
});
