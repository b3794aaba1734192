'use client';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { SandboxSecureStep } from './sandbox-secure-step';
import { TextField } from '@/components/ui/text-field';
import { api, ApiClientError } from '@/lib/api/client';
import type { SandboxCard } from '@/lib/schemas/booking-dto';
import { useHydrated } from '@/components/ui/use-hydrated';

/** The sandbox provider's card form and its 3-D Secure step; then back to Stuga like MangoPay's ReturnURL. */
export function SandboxCard({ id, secure: initialSecure }: { id: string; secure: boolean }) {
  const t = useTranslations('sandbox');
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [secure, setSecure] = useState(initialSecure);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(null);

  async function run(path: string, body?: unknown) {
    setBusy(true);
    setError(null);
    try {
      const result = await api<Partial<SandboxCard>>(`/sandbox/mangopay/payins/${id}/${path}`, { body: body ?? {}, logoutOn401: false });
      if (result.secure) {
        setSecure(true);
        setBusy(false);
      } else if (result.redirect) {
        window.location.assign(result.redirect);
      }
    } catch (e) {
      setBusy(false);
      setError(e instanceof ApiClientError && e.message ? e.message : t('cardError'));
    }
  }

  if (secure) {
    return (
      <SandboxSecureStep title={t('secureTitle')} text={t('secureText')} approve={t('secureApprove')} refuse={t('secureRefuse')} busy={busy} onAnswer={(approve) => void run('secure', { approve })} />
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
      <TextField label={t('cardNumber')} value={number} onChange={(e) => setNumber(e.target.value)} inputMode="numeric" autoComplete="cc-number" required maxLength={23} />
      <div className="grid grid-cols-2 gap-3">
        <TextField label={t('cardExpiry')} placeholder="MM/YY" value={expiry} onChange={(e) => setExpiry(e.target.value)} autoComplete="cc-exp" required maxLength={7} />
        <TextField label={t('cardCvc')} value={cvc} onChange={(e) => setCvc(e.target.value)} inputMode="numeric" autoComplete="cc-csc" required maxLength={4} />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy || !hydrated}>
          {t('cardPay')}
        </Button>
        <Button variant="secondary" onClick={() => void run('cancel')} disabled={busy || !hydrated}>
          {t('cardCancel')}
        </Button>
      </div>
    </form>
  );
}
