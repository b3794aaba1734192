'use client';
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { api, ApiClientError } from '@/lib/api/client';
import { Button } from '@/components/ui/button';
import { useSnackbar } from '@/components/layout/snackbar';
import type { Cottage } from '@/lib/schemas/cottage-dto';

/** Creates the ad (fixed-price when asked) and opens its first step. */
export function CreateAd({ fixed }: { fixed: boolean }) {
  const t = useTranslations();
  const router = useRouter();
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState(false);
  async function create() {
    setBusy(true);
    try {
      const ad = await api<Cottage>('/cottages', { body: { commission: fixed ? false : null } });
      router.push(`/dashboard/cottages/${ad.id}/base`);
    } catch (error) {
      snackbar(error instanceof ApiClientError && error.message ? error.message : t('errors.generic'));
      setBusy(false);
    }
  }
  return (
    <Button onClick={create} disabled={busy}>
      {t('cottage.newSubmit')}
    </Button>
  );
}
