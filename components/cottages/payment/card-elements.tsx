'use client';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Button } from '@/components/ui/button';

// Card details in Stripe Elements with the order's PaymentIntent client secret (SPEC §4 "Card with
// client secret"): loaded only on the payment step, and only where a publishable key is configured.

const stripes = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  if (!stripes.has(key)) stripes.set(key, loadStripe(key));
  return stripes.get(key)!;
};

type Props = { publishableKey: string; clientSecret: string; returnUrl: string; payLabel: string; onError: (message: string) => void };

export default function CardElements({ publishableKey, clientSecret, returnUrl, payLabel, onError }: Props) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret }}>
      <CardForm returnUrl={returnUrl} payLabel={payLabel} onError={onError} />
    </Elements>
  );
}

function CardForm({ returnUrl, payLabel, onError }: Omit<Props, 'publishableKey' | 'clientSecret'>) {
  const t = useTranslations('order');
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!stripe || !elements) return onError(t('stripeNotInitialized'));
        setBusy(true);
        // Success leaves for return_url (3-D Secure on the way); the page then polls the order's status.
        const { error } = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl } });
        setBusy(false);
        if (error) onError(error.message ?? t('paymentFailed'));
      }}
    >
      <h2 className="font-semibold">{t('cardDetails')}</h2>
      <PaymentElement />
      <div>
        <Button type="submit" disabled={busy || !stripe}>
          {payLabel}
        </Button>
      </div>
    </form>
  );
}
