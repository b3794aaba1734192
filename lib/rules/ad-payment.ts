// SPEC §4 "Payment flow (ad)": the payment page's steps as a pure reducer (0 choose, 1 pay, 2 done).
// Steps never go backwards unless an action forces it (a failure, reset, cancel, leaving).

export type PaymentStep = 0 | 1 | 2;
export type OrderState = { id: number; amount: number; paid_at: string | null; payment_status: string };
export type PaymentMethod = 'checkout' | 'card' | 'zero' | 'invoice';

export type AdPaymentState = {
  activeStep: PaymentStep;
  /** The products chosen on step 0. */
  options: number[];
  order: OrderState | null;
  paymentMethod: PaymentMethod | null;
  isUpdating: boolean;
};

export type AdPaymentAction =
  | { type: 'options'; options: number[] }
  | { type: 'updating' }
  | { type: 'orderCreated'; order: OrderState; paymentMethod: PaymentMethod }
  | { type: 'orderCreateFailed' }
  | { type: 'orderFetched'; order: OrderState }
  | { type: 'paid'; order?: OrderState }
  | { type: 'invoiceSaved' }
  | { type: 'payFailed' }
  | { type: 'cancelCheckout' }
  | { type: 'reset' }
  | { type: 'leave' };

export const initialAdPayment: AdPaymentState = { activeStep: 0, options: [], order: null, paymentMethod: null, isUpdating: false };

const atLeast = (step: PaymentStep, min: PaymentStep): PaymentStep => (step > min ? step : min);
export const orderIsPaid = (order: OrderState) => Boolean(order.paid_at) || order.payment_status === 'paid';

export function adPaymentReducer(state: AdPaymentState, action: AdPaymentAction): AdPaymentState {
  switch (action.type) {
    case 'options':
      // Packages (and every choice) are locked past step 0.
      return state.activeStep === 0 ? { ...state, options: action.options } : state;
    case 'updating':
      return { ...state, isUpdating: true };
    case 'orderCreated':
      return { ...state, isUpdating: false, order: action.order, paymentMethod: action.paymentMethod, activeStep: atLeast(state.activeStep, 1) };
    case 'orderCreateFailed':
      // Back to choosing, unless the page is already done.
      return { ...state, isUpdating: false, activeStep: state.activeStep === 2 ? 2 : 0 };
    case 'orderFetched':
      return { ...state, isUpdating: false, order: action.order, activeStep: orderIsPaid(action.order) ? 2 : atLeast(state.activeStep, 1) };
    case 'paid':
      return { ...state, isUpdating: false, order: action.order ?? state.order, activeStep: 2 };
    case 'invoiceSaved':
      return { ...state, isUpdating: false, activeStep: 2 };
    case 'payFailed':
      return { ...state, isUpdating: false, activeStep: 0 };
    case 'cancelCheckout':
      return { ...state, isUpdating: false, activeStep: 1 };
    case 'reset':
      return { ...initialAdPayment };
    case 'leave':
      return state.activeStep === 2 ? state : { ...initialAdPayment };
  }
}

/**
 * The done message's key by path (SPEC §8): an invoice; a free order (package 10) renewing a
 * reviewed ad or sending a new one for review; a paid package renewing a reviewed ad or sending a
 * new one for review; add-ons alone.
 */
export function doneMessageKey(path: {
  invoice: boolean;
  zero: boolean;
  reviewed: boolean;
  hasPackage: boolean;
}): 'doneInvoice' | 'doneRenewedFree' | 'doneCommission' | 'doneRenewed' | 'donePaidReview' | 'donePaid' {
  if (path.invoice) return 'doneInvoice';
  if (!path.hasPackage) return 'donePaid';
  if (path.zero) return path.reviewed ? 'doneRenewedFree' : 'doneCommission';
  return path.reviewed ? 'doneRenewed' : 'donePaidReview';
}
