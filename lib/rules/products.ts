// SPEC §3 "Order", §4 "Payment flow (ad)", §9: the ad products, what a selection may hold, what it
// costs, what it buys, and when a receipt shows VAT. Pure: the payment page, the API and the tests
// use these same functions.
import { addMonths, stockholmTime, todayInStockholm } from './dates';

export type Product = {
  id: number;
  /** English and Swedish names (SPEC §3 gives the English ones). */
  name: { en: string; sv: string };
  /** Price in öre, VAT included. */
  price: number;
  /** null for packages (SPEC: products without type are packages). */
  type: null | 'ranking' | 'translation';
  /** How long the product lasts: the ad's paid period (packages) or its gallery boost (ranking). */
  months: number | null;
};

/** The catalogue (SPEC §3 ids; §9: advertising 12 months, compared with 125 kr a month; package 10 has no ad fee). */
export const PRODUCTS: readonly Product[] = [
  { id: 1, name: { en: 'Advertisement only', sv: 'Endast annons' }, price: 150_000, type: null, months: 12 },
  { id: 10, name: { en: 'S-certified advertisement', sv: 'S-certifierad annons' }, price: 0, type: null, months: 12 },
  { id: 5, name: { en: 'Ranking boost, 3 months', sv: 'Rankingboost, 3 månader' }, price: 29_500, type: 'ranking', months: 3 },
  { id: 8, name: { en: 'Ranking boost, 6 months', sv: 'Rankingboost, 6 månader' }, price: 49_500, type: 'ranking', months: 6 },
  { id: 9, name: { en: 'Ranking boost, 12 months', sv: 'Rankingboost, 12 månader' }, price: 79_500, type: 'ranking', months: 12 },
  { id: 6, name: { en: 'English translation', sv: 'Engelsk översättning' }, price: 49_500, type: 'translation', months: null },
  { id: 7, name: { en: 'German translation', sv: 'Tysk översättning' }, price: 49_500, type: 'translation', months: null },
];

export const PACKAGE_IDS = [1, 10] as const;
export const ADVERTISEMENT_ONLY = 1;
export const RANKING_IDS = [5, 8, 9] as const;
export const TRANSLATION_IDS = [6, 7] as const;

export const productById = (id: number) => PRODUCTS.find((p) => p.id === id) ?? null;
export const isPackage = (id: number) => productById(id)?.type === null;

/**
 * SPEC §4: the add-on block shows only when the 'Advertisement only' package is absent from the
 * selection ('only': the ad, nothing with it); a selection without a package (a renewal's add-on)
 * or with package 10 shows it.
 */
export function addOnsVisible(selected: readonly number[]): boolean {
  return !selected.includes(ADVERTISEMENT_ONLY);
}

/**
 * One click on a product card (SPEC §4): packages are one of a kind; a ranking boost is chosen one
 * at a time (clicking the chosen one clears it); translations are checkboxes. Choosing
 * 'Advertisement only' drops the add-ons it cannot carry.
 */
export function toggleProduct(selected: readonly number[], id: number): number[] {
  const product = productById(id);
  if (!product) return [...selected];
  const has = selected.includes(id);
  if (product.type === 'translation') {
    if (has) return selected.filter((s) => s !== id);
    return addOnsVisible(selected) ? [...selected, id] : [...selected];
  }
  const sameKind = (s: number) => productById(s)?.type === product.type;
  const rest = selected.filter((s) => !sameKind(s));
  if (has) return rest;
  const next = [...rest, id];
  return addOnsVisible(next) ? next : next.filter((s) => isPackage(s));
}

export type SelectionError = 'order.noProduct' | 'order.unknownProduct' | 'order.onePackage' | 'order.oneRanking' | 'order.addOnsNotAllowed' | 'order.packageRequired' | 'order.duplicate';

/** Whether a selection can be ordered; `paidUntilActive`: the ad is still paid (add-ons alone renew nothing, but are allowed). */
export function selectionError(ids: readonly number[], paidUntilActive: boolean): SelectionError | null {
  if (ids.length === 0) return 'order.noProduct';
  if (new Set(ids).size !== ids.length) return 'order.duplicate';
  if (ids.some((id) => !productById(id))) return 'order.unknownProduct';
  const packages = ids.filter(isPackage);
  if (packages.length > 1) return 'order.onePackage';
  if (ids.filter((id) => productById(id)!.type === 'ranking').length > 1) return 'order.oneRanking';
  if (!addOnsVisible(ids) && ids.length > 1) return 'order.addOnsNotAllowed';
  if (packages.length === 0 && !paidUntilActive) return 'order.packageRequired';
  return null;
}

/** The order's total in öre. */
export const orderTotal = (ids: readonly number[]) => ids.reduce((sum, id) => sum + (productById(id)?.price ?? 0), 0);

/**
 * What a paid order does to its ad: a package extends `paid_until` by its months from the later of
 * now and the current end (a renewal before the end loses no day), a ranking boost does the same
 * to `gallery_until`. A period ends at 23:59:59 Stockholm time on the same day of the month.
 */
export function afterOrderPaid(ids: readonly number[], ad: { paidUntil: Date | null; galleryUntil: Date | null }, now: Date): { paidUntil: Date | null; galleryUntil: Date | null } {
  const extend = (current: Date | null, months: number) => stockholmTime(addMonths(todayInStockholm(current && current > now ? current : now), months), '23:59:59');
  let { paidUntil, galleryUntil } = ad;
  for (const id of ids) {
    const p = productById(id);
    if (!p?.months) continue;
    if (p.type === null) paidUntil = extend(paidUntil, p.months);
    if (p.type === 'ranking') galleryUntil = extend(galleryUntil, p.months);
  }
  return { paidUntil, galleryUntil };
}

// VAT (SPEC §9): 25 %, tax = amount − amount/1.25, net the remainder.
export const VAT_RATE_PERCENT = 25;

/** Tax and net of an amount in öre (VAT included), rounded to the öre; tax + net = amount exactly. */
export function vatOf(amount: number): { tax: number; net: number } {
  const net = Math.round((amount * 100) / (100 + VAT_RATE_PERCENT));
  return { tax: amount - net, net };
}

/** SPEC §9: tax is shown only for orders without products 12, 13, 14, or with product 11. */
export function taxShownForProducts(ids: readonly number[]): boolean {
  return ids.includes(11) || !ids.some((id) => id === 12 || id === 13 || id === 14);
}

export const RECEIPT_TYPES = ['PAYIN', 'PAYOUT', 'REFUND', 'PAYMENT', 'FEE'] as const;
export type ReceiptType = (typeof RECEIPT_TYPES)[number];

/**
 * Whether a receipt shows VAT: only what the platform itself sells (ad payments and its booking fee)
 * carries its VAT, under the product rule; rent paid, refunded or paid out passes through for the
 * host and is not the platform's sale.
 */
export function receiptShowsTax(type: ReceiptType, productIds: readonly number[]): boolean {
  return (type === 'PAYMENT' || type === 'FEE') && taxShownForProducts(productIds);
}
