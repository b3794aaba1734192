'use client';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import { formatMoney } from '@/lib/format';
import { adPaymentReducer, doneMessageKey, initialAdPayment, type AdPaymentState, type OrderState, type PaymentStep } from '@/lib/rules/ad-payment';
import { orderTotal, productById } from '@/lib/rules/products';
import type { AdTerms } from '@/lib/schemas/cottage';
import type { OrderDto, ProductsAnswer } from '@/lib/schemas/orders';
import { useApiMutation } from '@/components/query/use-api-mutation';
import { useSnackbar } from '@/components/layout/snackbar';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { LazyTermsDialog as TermsDialog } from '@/components/cottages/editor/lazy-terms-dialog';
import { OrderPoll } from './order-poll';
import { ProductChoice } from './product-choice';

/** Stripe Elements load on the payment step only (and only with a publishable key). */
const CardElements = dynamic(() => import('./card-elements'), { ssr: false });

type Props = {
  cottageId: number;
  catalogue: ProductsAnswer;
  /** The ad is reviewed: a paid package renews it (the done message says so). */
  reviewed: boolean;
  /** The terms dialog comes first: the ad has not been sent for review yet. */
  termsNeeded: boolean;
  /** The order the browser came back with (?orderId=), read by the server. */
  returnedOrder: OrderDto | null;
  /** ?source=stripe_checkout or card: the order's status is polled. */
  returned: boolean;
  /** ?checkout=cancel: Stripe Checkout was left without paying. */
  cancelled: boolean;
};

const orderState = (o: OrderDto): OrderState => ({ id: o.id, amount: o.amount, paid_at: o.paid_at, payment_status: o.payment_status });

function initial({ returnedOrder, cancelled }: Props): AdPaymentState {
  if (!returnedOrder) return initialAdPayment;
  const state = adPaymentReducer({ ...initialAdPayment, options: returnedOrder.products.map((p) => p.id) }, { type: 'orderFetched', order: orderState(returnedOrder) });
  return cancelled ? adPaymentReducer(state, { type: 'cancelCheckout' }) : state;
}

/** SPEC §2 /cottages/{id}/payment, §4 "Payment flow (ad)": choose (0), pay (1), done (2). */
export function AdPayment(props: Props) {
  const { cottageId, catalogue, reviewed, termsNeeded, returned, cancelled } = props;
  const t = useTranslations('order');
  const router = useRouter();
  const pathname = usePathname();
  const snackbar = useSnackbar();
  const [state, dispatch] = useReducer(adPaymentReducer, props, initial);
  const [termsOpen, setTermsOpen] = useState(false);
  const [clientSecret, setClientSecret] = useState<string | null>(props.returnedOrder?.client_secret ?? null);
  const [polling, setPolling] = useState(returned && !cancelled && state.activeStep === 1);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const total = orderTotal(state.options);
  const amountLabel = formatMoney(state.order?.amount ?? total);
  const payLabel = (state.order?.amount ?? total) === 0 && (state.order || state.options.length > 0) ? t('payFree') : t('pay', { amount: amountLabel });

  // Each new step is announced by moving focus to its heading (not on the first render).
  const seenStep = useRef<PaymentStep>(state.activeStep);
  useEffect(() => {
    if (seenStep.current !== state.activeStep) headingRef.current?.focus();
    seenStep.current = state.activeStep;
  }, [state.activeStep]);

  // Back from Stripe to an order that is already paid (its webhook came first): the query parameters go.
  const returnedPaid = returned && state.activeStep === 2;
  useEffect(() => {
    if (returnedPaid) router.replace(pathname);
  }, [returnedPaid, router, pathname]);

  const paid = useCallback(
    (order?: OrderState) => {
      dispatch({ type: 'paid', order });
      setPolling(false);
      // The return's query parameters go; the server part (paid until) is read again.
      router.replace(pathname);
      router.refresh();
    },
    [router, pathname],
  );

  const toPayment = async (order: OrderDto) => {
    if (order.amount === 0) {
      const done = await api<OrderDto>(`/cottages/${cottageId}/orders/${order.id}/pay`, { body: { amount: 0, source: 'zero' } });
      return paid(orderState(done));
    }
    if (catalogue.checkout) {
      const session = await api<{ sessionId?: string; url?: string }>(`/cottages/${cottageId}/orders/${order.id}/checkout`, { method: 'POST' });
      if (!session.sessionId || !session.url) throw new Error(t('missingSession'));
      window.location.assign(session.url);
      return;
    }
    const started = await api<OrderDto>(`/cottages/${cottageId}/orders/${order.id}/pay`, { body: { amount: order.amount, source: 'card' } });
    setClientSecret(started.client_secret);
  };

  const create = useApiMutation({
    mutationFn: async (terms: Partial<AdTerms>) => {
      const order = await api<OrderDto>(`/cottages/${cottageId}/orders`, { body: { productIds: state.options, ...terms } });
      dispatch({ type: 'orderCreated', order: orderState(order), paymentMethod: order.amount === 0 ? 'zero' : catalogue.checkout ? 'checkout' : 'card' });
      try {
        await toPayment(order);
      } catch (error) {
        dispatch({ type: 'payFailed' });
        throw error;
      }
    },
    onSuccess: () => setTermsOpen(false),
    onError: () => {
      setTermsOpen(false);
      dispatch({ type: 'orderCreateFailed' });
    },
  });

  const payAgain = useApiMutation({
    mutationFn: async () => {
      const order = await api<OrderDto>(`/cottages/${cottageId}/orders/${state.order!.id}/pay`);
      await toPayment(order);
    },
    onError: () => dispatch({ type: 'payFailed' }),
  });

  const busy = create.isPending || payAgain.isPending;
  // Terms ticked once on this page count for the next order too (the server has stored them).
  const accepted = useRef<Partial<AdTerms> | null>(null);
  const onPay = () => (termsNeeded && !accepted.current ? setTermsOpen(true) : create.mutate(accepted.current ?? {}));
  const steps = [t('stepChoose'), t('stepPay'), t('stepDone')];
  const heading = ['packagesTitle', 'orderTitle', 'stepDone'] as const;
  const hasPackage = state.options.some((id) => productById(id)?.type === null);

  return (
    <section className="flex flex-col gap-5" aria-labelledby="payment-step-heading">
      <ol className="flex flex-wrap gap-2 text-sm" aria-label={t('steps')}>
        {steps.map((label, i) => (
          <li
            key={label}
            aria-current={state.activeStep === i ? 'step' : undefined}
            className={`rounded-full px-3 py-1 ${state.activeStep === i ? 'bg-brand-700 font-semibold text-white' : state.activeStep > i ? 'bg-brand-50 text-brand-800' : 'bg-gray-100 text-gray-700'}`}
          >
            {i + 1}. {label}
          </li>
        ))}
      </ol>
      <h2 id="payment-step-heading" ref={headingRef} tabIndex={-1} className="sr-only">
        {state.activeStep === 1 && state.order ? t('orderTitle', { id: state.order.id }) : t(heading[state.activeStep])}
      </h2>

      {state.activeStep === 0 ? (
        <>
          <ProductChoice products={catalogue.results} selected={state.options} locked={busy} onChange={(options) => dispatch({ type: 'options', options })} />
          {/* SPEC §4: the invoice option exists behind a constant-off flag. */}
          <label className="flex items-center gap-2 text-sm text-muted">
            <input type="checkbox" className="size-4" disabled={!catalogue.invoice} checked={false} readOnly />
            {t('invoiceOption')}
          </label>
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-white p-4 shadow-sm">
            <p className="text-lg">
              {t('total')}:{' '}
              <strong className="tabular-nums" data-testid="order-total">
                {formatMoney(total)}
              </strong>
            </p>
            <Button onClick={onPay} disabled={state.options.length === 0 || busy} aria-describedby={state.options.length === 0 ? 'choose-hint' : undefined}>
              {payLabel}
            </Button>
          </div>
          {state.options.length === 0 ? (
            <p id="choose-hint" className="text-sm text-muted">
              {t('chooseProduct')}
            </p>
          ) : null}
          {create.isPending && catalogue.checkout && total > 0 ? <Notice>{t('redirecting')}</Notice> : null}
        </>
      ) : null}

      {state.activeStep === 1 && state.order ? (
        <div className="flex flex-col gap-4 rounded-lg bg-white p-5 shadow-sm">
          <p className="font-semibold">{t('orderTitle', { id: state.order.id })}</p>
          <p>
            {t('total')}: <strong className="tabular-nums">{formatMoney(state.order.amount)}</strong>
          </p>
          {polling ? (
            <OrderPoll
              cottageId={cottageId}
              orderId={state.order.id}
              onPaid={paid}
              onFailed={() => {
                setPolling(false);
                dispatch({ type: 'payFailed' });
              }}
            />
          ) : clientSecret && catalogue.publishable_key ? (
            <CardElements
              publishableKey={catalogue.publishable_key}
              clientSecret={clientSecret}
              returnUrl={`${window.location.origin}${pathname}?orderId=${state.order.id}&source=card`}
              payLabel={t('payCard', { amount: amountLabel })}
              onError={(message) => snackbar(message)}
            />
          ) : (
            <>
              {cancelled ? <Notice>{t('checkoutCancelled')}</Notice> : null}
              <div className="flex flex-wrap gap-3">
                <Button onClick={() => payAgain.mutate()} disabled={busy}>
                  {t('payCard', { amount: amountLabel })}
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => {
                    const chosen = state.options;
                    dispatch({ type: 'reset' });
                    dispatch({ type: 'options', options: chosen });
                  }}
                  disabled={busy}
                >
                  {t('changeProducts')}
                </Button>
              </div>
            </>
          )}
        </div>
      ) : null}

      {state.activeStep === 2 && state.order ? (
        <Notice tone="success">
          <p data-testid="payment-done">{t(doneMessageKey({ invoice: false, zero: state.order.amount === 0, reviewed, hasPackage }))}</p>
          <p className="mt-2">
            <Link href={`/dashboard/orders/${state.order.id}`} className="font-semibold underline">
              {t('viewReceipt')}
            </Link>
          </p>
        </Notice>
      ) : null}

      {termsOpen ? (
        <TermsDialog
          title={t('termsTitle')}
          text={t('termsText')}
          confirmLabel={payLabel}
          busy={busy}
          onAccept={(terms) => {
            accepted.current = terms;
            create.mutate(terms);
          }}
          onCancel={() => setTermsOpen(false)}
        />
      ) : null}
    </section>
  );
}
