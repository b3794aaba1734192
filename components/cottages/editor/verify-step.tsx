'use client';
import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { api, ApiClientError } from '@/lib/api/client';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useSnackbar } from '@/components/layout/snackbar';
import type { BankIdStart, Cottage } from '@/lib/schemas/cottage-dto';
import { StepDialog } from './step-dialog';

/** Identity verification: BankID (through the provider's page and back), or ID documents via the payout form. */
export function VerifyStep({ cottage, hasValidBooking }: { cottage: Cottage; hasValidBooking: boolean }) {
  const t = useTranslations();
  const router = useRouter();
  const params = useSearchParams();
  const snackbar = useSnackbar();
  const [error, setError] = useState<{ message: string; fields: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const completing = useRef(false);
  const verified = cottage.verified_by === 'BANKID' || cottage.verified_by === 'BOTH';
  const session = params.get('bankid');

  // Back from BankID with a session: complete the identification once.
  useEffect(() => {
    if (!session || completing.current || verified) return;
    completing.current = true;
    api(`/cottages/${cottage.id}/verify`, { body: { session } })
      .then(() => {
        snackbar(t('cottage.verified'), { severity: 'success' });
        router.replace(`/dashboard/cottages/${cottage.id}`);
        router.refresh();
      })
      .catch((e) => {
        setError({ message: e instanceof ApiClientError && e.message ? e.message : t('cottage.bankidError'), fields: e instanceof ApiClientError ? e.errors.map((x) => x.message) : [] });
        router.replace(`/dashboard/cottages/${cottage.id}/verify`);
      });
  }, [session, verified, cottage.id, router, snackbar, t]);

  async function start() {
    setBusy(true);
    try {
      const { url } = await api<BankIdStart>(`/cottages/${cottage.id}/verify`, { body: {} });
      window.location.assign(url);
    } catch (e) {
      setError({ message: e instanceof ApiClientError && e.message ? e.message : t('cottage.bankidError'), fields: [] });
      setBusy(false);
    }
  }

  return (
    <StepDialog cottageId={cottage.id} title={t('cottage.step_verify')} dirty={false} saving={busy}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted">{t('cottage.verifyIntro')}</p>
        {error ? (
          <Notice tone="error">
            <p>{error.message}</p>
            {error.fields.length ? (
              <ul className="mt-2 list-disc pl-5">
                {error.fields.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            ) : null}
          </Notice>
        ) : null}
        {verified ? (
          <Notice tone="success">{t('cottage.verified')}</Notice>
        ) : (
          <Button onClick={start} disabled={busy || Boolean(session)}>
            {t('cottage.verifyWithBankId')}
          </Button>
        )}
        {!verified && hasValidBooking ? (
          <Link href="/dashboard/profile/payout?payout=verify" className="text-sm text-brand-700 underline">
            {t('cottage.noBankId')}
          </Link>
        ) : null}
      </div>
    </StepDialog>
  );
}
