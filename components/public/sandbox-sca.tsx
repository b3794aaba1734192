'use client';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/components/ui/use-hydrated';
import { api, ApiClientError } from '@/lib/api/client';

/** Only back to this site: the return address MangoPay was given (an absolute one of this origin, or a path). */
function safeReturn(returnUrl: string): URL {
  const url = new URL(returnUrl, window.location.origin);
  return url.origin === window.location.origin ? url : new URL('/dashboard/profile/payout', window.location.origin);
}

/** The emulation's SCA step: confirm (the recipient becomes ACTIVE) or fail; then back with MangoPay's controlStatus. */
export function SandboxSca({ id, returnUrl }: { id: string; returnUrl: string }) {
  const t = useTranslations('sandbox');
  const [busy, setBusy] = useState(false);
  // A click before hydration would be lost: the answers wait for the page's script.
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(null);

  async function answer(pass: boolean) {
    setBusy(true);
    setError(null);
    try {
      await api(`/sandbox/mangopay/sca/${encodeURIComponent(id)}`, { body: { pass } });
      const back = safeReturn(returnUrl);
      back.searchParams.set('controlStatus', pass ? 'VALIDATED' : 'FAILED');
      window.location.assign(back.toString());
    } catch (e) {
      setBusy(false);
      setError(e instanceof ApiClientError && e.message ? e.message : t('cardError'));
    }
  }

  return (
    <div className="flex flex-col gap-3 rounded-md border border-gray-200 bg-white p-4">
      <div className="flex gap-3">
        <Button type="button" disabled={busy || !hydrated} onClick={() => answer(true)}>
          {t('scaPass')}
        </Button>
        <Button type="button" variant="secondary" disabled={busy || !hydrated} onClick={() => answer(false)}>
          {t('scaFail')}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
