'use client';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { SandboxSecureStep } from './sandbox-secure-step';
import { TextField } from '@/components/ui/text-field';
import { api, ApiClientError } from '@/lib/api/client';
import type { SandboxStripeCardResult } from '@/lib/schemas/orders';
import { useHydrated } from '@/components/ui/use-hydrated';

/** The Stripe emulation's card form and 3-D Secure step; back to Stuga by the session's success or cancel URL, as Stripe Checkout does. */
export function SandboxStripeCheckout({ id, email, amount, secure: initialSecure }: { id: string; email: string | null; amount: string; secure: boolean }) {
  const t = useTranslations('sandbox');
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [secure, setSecure] = useState(initialSecure);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(null);

  async function run(path: 'card' | 'secure' | 'cancel', body?: unknown) {
    setBusy(true);
    setError(null);
    try {
      const result = await api<SandboxStripeCardResult | { redirect: string }>(`/sandbox/stripe/checkout/${id}/${path}`, { body: body ?? {}, logoutOn401: false });
      if ('redirect' in result) return window.location.assign(result.redirect);
      if (result.outcome === 'redirect') return window.location.assign(result.url);
      setBusy(false);
      setSecure(result.outcome === 'three_d_secure');
      if (result.outcome === 'declined') setError(result.message);
    } catch (e) {
      setBusy(false);
      setError(e instanceof ApiClientError && e.message ? e.message : t('stripeError'));
    }
  }

  if (secure) {
    return (
      <SandboxSecureStep
        title={t('stripeSecureTitle')}
        text={t('stripeSecureText', { amount })}
        approve={t('stripeSecureApprove')}
        refuse={t('stripeSecureFail')}
        busy={busy}
        onAnswer={(approve) => void run('secure', { approve })}
      />
    );
  }
  return (
    <form
      className="flex flex-col gap-1 rounded-md border border-gray-200 bg-white p-4"
      onSubmit={(e) => {
        e.preventDefault();
        void run('card', { card_number: number, expiry, cvc });
      }}
    >
      {email ? <TextField label={t('stripeEmail')} value={email} readOnly autoComplete="email" /> : null}
      <TextField
        label={t('stripeCardNumber')}
        value={number}
        onChange={(e) => setNumber(e.target.value)}
        inputMode="numeric"
        autoComplete="cc-number"
        required
        maxLength={23}
        placeholder="1234 1234 1234 1234"
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField label={t('stripeExpiry')} placeholder="MM / YY" value={expiry} onChange={(e) => setExpiry(e.target.value)} autoComplete="cc-exp" required maxLength={7} />
        <TextField label={t('stripeCvc')} value={cvc} onChange={(e) => setCvc(e.target.value)} inputMode="numeric" autoComplete="cc-csc" required maxLength={4} />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy || !hydrated}>
          {t('stripePay', { amount })}
        </Button>
        <Button variant="secondary" onClick={() => void run('cancel')} disabled={busy || !hydrated}>
          {t('stripeBack')}
        </Button>
      </div>
    </form>
  );
}
