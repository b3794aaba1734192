'use client';
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { api, ApiClientError } from '@/lib/api/client';
import { Button } from '@/components/ui/button';
import { useSnackbar } from '@/components/layout/snackbar';

/** For administrators on an ad sent for review: approving makes it public. */
export function ApproveAd({ id }: { id: number }) {
  const t = useTranslations();
  const router = useRouter();
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await api(`/cottages/${id}/approve`, { method: 'POST' });
          snackbar(t('cottage.approved'), { severity: 'success' });
          router.refresh();
        } catch (error) {
          snackbar(error instanceof ApiClientError && error.message ? error.message : t('errors.generic'));
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('publicAd.approve')}
    </Button>
  );
}
