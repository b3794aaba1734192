'use client';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/fields';
import { api, ApiClientError } from '@/lib/api/client';
import { KYC_REFUSAL_TYPES } from '@/lib/schemas/kyc';
import { useHydrated } from '@/components/ui/use-hydrated';

/** One document's decision on the sandbox KYC desk: approve, or refuse with one of MangoPay's reasons. */
export function SandboxKycDecision({ id }: { id: string }) {
  const t = useTranslations('sandbox');
  const router = useRouter();
  const [reason, setReason] = useState<(typeof KYC_REFUSAL_TYPES)[number]>('DOCUMENT_UNREADABLE');
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(null);

  async function decide(body: Record<string, string>) {
    setBusy(true);
    setError(null);
    try {
      await api(`/sandbox/mangopay/kyc/${id}`, { body });
      router.refresh();
    } catch (e) {
      setBusy(false);
      setError(e instanceof ApiClientError && e.message ? e.message : t('cardError'));
    }
  }

  return (
    <div className="flex flex-wrap items-end gap-3">
      <Button type="button" disabled={busy || !hydrated} onClick={() => decide({ status: 'VALIDATED' })} className="mb-6">
        {t('kycApprove')}
      </Button>
      <div className="flex items-end gap-2">
        <SelectField label={t('kycReason')} value={reason} onChange={(e) => setReason(e.currentTarget.value as typeof reason)}>
          {KYC_REFUSAL_TYPES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </SelectField>
        <Button type="button" variant="secondary" disabled={busy || !hydrated} onClick={() => decide({ status: 'REFUSED', reason })} className="mb-6">
          {t('kycRefuse')}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="basis-full text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
