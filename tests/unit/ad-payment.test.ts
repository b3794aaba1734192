// SPEC §4 "Payment flow (ad)": the payment page's step machine (lib/rules/ad-payment.ts), every
// action from every step, and the done message of every path (SPEC §8).
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import { adPaymentReducer, doneMessageKey, initialAdPayment, orderIsPaid, type AdPaymentAction, type AdPaymentState, type OrderState, type PaymentStep } from '@/lib/rules/ad-payment';

const STEPS: PaymentStep[] = [0, 1, 2];

const created: OrderState = { id: 7, amount: 150_000, paid_at: null, payment_status: 'created' };
const pending: OrderState = { id: 7, amount: 150_000, paid_at: null, payment_status: 'pending' };
const paidAt: OrderState = { id: 7, amount: 150_000, paid_at: '2027-06-15T10:00:00.000Z', payment_status: 'paid' };
/** Paid by its status before the timestamp reached the page (either one is enough). */
const paidStatusOnly: OrderState = { id: 7, amount: 150_000, paid_at: null, payment_status: 'paid' };
/** A timestamp with another status (either one is enough). */
const paidAtOnly: OrderState = { id: 7, amount: 0, paid_at: '2027-06-15T10:00:00.000Z', payment_status: 'created' };
const failed: OrderState = { id: 7, amount: 150_000, paid_at: null, payment_status: 'failed' };
const expired: OrderState = { id: 7, amount: 150_000, paid_at: null, payment_status: 'expired' };
const older: OrderState = { id: 6, amount: 29_500, paid_at: null, payment_status: 'pending' };

/** A page at a step, with products chosen, an earlier order and a request under way. */
const at = (step: PaymentStep): AdPaymentState => ({ activeStep: step, options: [10, 5], order: older, paymentMethod: 'card', isUpdating: true });

type Row = {
  action: AdPaymentAction;
  /** The step after, from step 0, 1 and 2. */
  steps: [PaymentStep, PaymentStep, PaymentStep];
  /** What else the state holds after (from every step), beside the step. */
  rest?: Partial<AdPaymentState> | ((before: AdPaymentState) => Partial<AdPaymentState>);
  /** The whole state goes back to the start (options, order, method). */
  resets?: PaymentStep[];
  /** The state is returned as it was (no change at all). */
  unchanged?: PaymentStep[];
};

const table: Record<string, Row> = {
  // Choices are made on step 0 only: packages (and every option) are locked past it.
  'options chosen': { action: { type: 'options', options: [1] }, steps: [0, 1, 2], rest: (b) => ({ options: b.activeStep === 0 ? [1] : [10, 5] }), unchanged: [1, 2] },
  // A request starts: nothing moves.
  updating: { action: { type: 'updating' }, steps: [0, 1, 2], rest: { isUpdating: true, order: older, options: [10, 5] } },
  // Creating an order sets the step to at least 1.
  'order created (checkout)': { action: { type: 'orderCreated', order: created, paymentMethod: 'checkout' }, steps: [1, 1, 2], rest: { order: created, paymentMethod: 'checkout', isUpdating: false } },
  'order created (zero)': { action: { type: 'orderCreated', order: { ...created, amount: 0 }, paymentMethod: 'zero' }, steps: [1, 1, 2], rest: { paymentMethod: 'zero', isUpdating: false } },
  // A failed order creation returns to 0, or stays at 2.
  'order creation failed': { action: { type: 'orderCreateFailed' }, steps: [0, 0, 2], rest: { isUpdating: false, order: older, options: [10, 5] } },
  // Fetching an order: 2 if paid_at is set or the status is paid, else at least 1.
  'order fetched, paid (paid_at and status)': { action: { type: 'orderFetched', order: paidAt }, steps: [2, 2, 2], rest: { order: paidAt, isUpdating: false } },
  'order fetched, status paid without paid_at': { action: { type: 'orderFetched', order: paidStatusOnly }, steps: [2, 2, 2], rest: { order: paidStatusOnly } },
  'order fetched, paid_at without status paid': { action: { type: 'orderFetched', order: paidAtOnly }, steps: [2, 2, 2], rest: { order: paidAtOnly } },
  'order fetched, created': { action: { type: 'orderFetched', order: created }, steps: [1, 1, 2], rest: { order: created, isUpdating: false } },
  'order fetched, pending': { action: { type: 'orderFetched', order: pending }, steps: [1, 1, 2], rest: { order: pending } },
  'order fetched, failed': { action: { type: 'orderFetched', order: failed }, steps: [1, 1, 2], rest: { order: failed } },
  'order fetched, expired': { action: { type: 'orderFetched', order: expired }, steps: [1, 1, 2], rest: { order: expired } },
  // Paying or saving an invoice sets 2.
  'paid, with the order': { action: { type: 'paid', order: paidAt }, steps: [2, 2, 2], rest: { order: paidAt, isUpdating: false, paymentMethod: 'card' } },
  'paid, the order kept': { action: { type: 'paid' }, steps: [2, 2, 2], rest: { order: older, isUpdating: false } },
  'invoice saved': { action: { type: 'invoiceSaved' }, steps: [2, 2, 2], rest: { order: older, isUpdating: false, options: [10, 5] } },
  // A failed payment returns to 0 (forced), whatever the step.
  'pay failed': { action: { type: 'payFailed' }, steps: [0, 0, 0], rest: { isUpdating: false, options: [10, 5] } },
  // Cancelling the hosted checkout sets 1 (forced).
  'checkout cancelled': { action: { type: 'cancelCheckout' }, steps: [1, 1, 1], rest: { isUpdating: false, order: older } },
  // Reset sets 0 and forgets everything.
  reset: { action: { type: 'reset' }, steps: [0, 0, 0], resets: [0, 1, 2] },
  // Leaving before step 2 resets; leaving the done page keeps it.
  leave: { action: { type: 'leave' }, steps: [0, 0, 2], resets: [0, 1], unchanged: [2] },
};

describe('adPaymentReducer: every action from every step', () => {
  it('covers every action type', () => {
    const types = new Set(Object.values(table).map((r) => r.action.type));
    const all: AdPaymentAction['type'][] = ['options', 'updating', 'orderCreated', 'orderCreateFailed', 'orderFetched', 'paid', 'invoiceSaved', 'payFailed', 'cancelCheckout', 'reset', 'leave'];
    expect([...types].sort()).toEqual(all.sort());
  });

  const cases = Object.entries(table).flatMap(([name, row]) => STEPS.map((from) => [name, from, row.steps[from]] as const));
  it.each(cases)('%s: step %i → %i', (name, from, to) => {
    const row = table[name]!;
    const before = at(from);
    const snapshot = structuredClone(before);
    const after = adPaymentReducer(before, row.action);
    expect(after.activeStep).toBe(to);
    expect(before, 'the reducer never changes the state it is given').toEqual(snapshot);
    if (row.unchanged?.includes(from)) expect(after).toBe(before);
    if (row.resets?.includes(from)) expect(after).toEqual(initialAdPayment);
    const rest = typeof row.rest === 'function' ? row.rest(before) : row.rest;
    if (rest) expect(after).toMatchObject(rest);
  });

  it('steps never go backwards, except by a failure, a cancelled checkout, reset or leaving', () => {
    const forcing = new Set(['orderCreateFailed', 'payFailed', 'cancelCheckout', 'reset', 'leave']);
    for (const [name, row] of Object.entries(table)) {
      for (const from of STEPS) {
        const to = adPaymentReducer(at(from), row.action).activeStep;
        if (!forcing.has(row.action.type)) expect(to, `${name} from ${from}`).toBeGreaterThanOrEqual(from);
      }
    }
  });

  it('the initial state is step 0 with nothing chosen; reset and leave give a new state equal to it', () => {
    expect(initialAdPayment).toEqual({ activeStep: 0, options: [], order: null, paymentMethod: null, isUpdating: false });
    for (const action of [{ type: 'reset' }, { type: 'leave' }] as const) {
      const after = adPaymentReducer(at(1), action);
      expect(after).not.toBe(initialAdPayment);
      expect(after).toEqual(initialAdPayment);
    }
  });

  it('a whole card payment: choose, order, pay, done; a refused card goes back to choosing with the choice kept', () => {
    let s = initialAdPayment;
    s = adPaymentReducer(s, { type: 'options', options: [10, 5] });
    s = adPaymentReducer(s, { type: 'updating' });
    s = adPaymentReducer(s, { type: 'orderCreated', order: created, paymentMethod: 'card' });
    expect(s).toMatchObject({ activeStep: 1, isUpdating: false, order: created });
    // Locked on step 1.
    expect(adPaymentReducer(s, { type: 'options', options: [1] }).options).toEqual([10, 5]);
    s = adPaymentReducer(s, { type: 'payFailed' });
    expect(s).toMatchObject({ activeStep: 0, options: [10, 5] });
    s = adPaymentReducer(s, { type: 'options', options: [1] });
    s = adPaymentReducer(s, { type: 'orderCreated', order: pending, paymentMethod: 'card' });
    s = adPaymentReducer(s, { type: 'paid', order: paidAt });
    expect(s).toMatchObject({ activeStep: 2, options: [1], order: paidAt });
    // A late poll of the unpaid order, or a late failure of order creation, cannot undo the done page.
    expect(adPaymentReducer(s, { type: 'orderFetched', order: pending }).activeStep).toBe(2);
    expect(adPaymentReducer(s, { type: 'orderCreateFailed' }).activeStep).toBe(2);
    expect(adPaymentReducer(s, { type: 'leave' })).toBe(s);
  });

  it('the hosted checkout: cancelled there, the page is back on step 1 with the order', () => {
    let s = adPaymentReducer(initialAdPayment, { type: 'orderFetched', order: pending });
    expect(s.activeStep).toBe(1);
    s = adPaymentReducer(s, { type: 'cancelCheckout' });
    expect(s).toMatchObject({ activeStep: 1, order: pending });
    s = adPaymentReducer(s, { type: 'orderFetched', order: paidStatusOnly });
    expect(s.activeStep).toBe(2);
  });

  it('orderIsPaid: paid_at set or payment_status paid', () => {
    expect([created, pending, failed, expired].map(orderIsPaid)).toEqual([false, false, false, false]);
    expect([paidAt, paidStatusOnly, paidAtOnly].map(orderIsPaid)).toEqual([true, true, true]);
  });
});

describe('doneMessageKey: the done message of every path (SPEC §8)', () => {
  type Path = Parameters<typeof doneMessageKey>[0];
  const paths: [Path, ReturnType<typeof doneMessageKey>][] = [];
  for (const invoice of [true, false])
    for (const zero of [true, false])
      for (const reviewed of [true, false])
        for (const hasPackage of [true, false]) {
          const path = { invoice, zero, reviewed, hasPackage };
          const key = invoice ? 'doneInvoice' : !hasPackage ? 'donePaid' : zero ? (reviewed ? 'doneRenewedFree' : 'doneCommission') : reviewed ? 'doneRenewed' : 'donePaidReview';
          paths.push([path, key]);
        }

  it('has all 16 paths', () => expect(paths).toHaveLength(16));
  it.each(paths)('%j → %s', (path, key) => {
    expect(doneMessageKey(path)).toBe(key);
  });

  it('says what the spec says', () => {
    const text = (key: ReturnType<typeof doneMessageKey>) => (en.order as Record<string, string>)[key];
    // An invoice ordered.
    expect(text(doneMessageKey({ invoice: true, zero: false, reviewed: true, hasPackage: true }))).toBe('Done! We have received your order and will send you an invoice within 24 hours.');
    // A paid package renewing a reviewed ad; a paid package for a new ad, which goes to review.
    expect(text(doneMessageKey({ invoice: false, zero: false, reviewed: true, hasPackage: true }))).toBe('Done! We have received your payment and your ad has been renewed.');
    expect(text(doneMessageKey({ invoice: false, zero: false, reviewed: false, hasPackage: true }))).toBe('Done! We have received your payment and we will review your ad within 24 hours.');
    // Add-ons alone.
    expect(text(doneMessageKey({ invoice: false, zero: false, reviewed: true, hasPackage: false }))).toBe('Done! We have received your payment.');
    // The free package 10: renewing a reviewed ad; a new ad to review.
    expect(text(doneMessageKey({ invoice: false, zero: true, reviewed: true, hasPackage: true }))).toBe('Done! Your ad is now renewed.');
    expect(text(doneMessageKey({ invoice: false, zero: true, reviewed: false, hasPackage: true }))).toBe('Done! We will review your ad, normally within 24 hours.');
  });
});
