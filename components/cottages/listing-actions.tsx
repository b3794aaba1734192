'use client';
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { api, ApiClientError } from '@/lib/api/client';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useSnackbar } from '@/components/layout/snackbar';

type Props = { id: number; title: string; canHide: boolean; canActivate: boolean; canDelete: boolean };

/** Hide, activate and delete (with confirmation) for one listing. */
export function ListingActions({ id, title, canHide, canActivate, canDelete }: Props) {
  const t = useTranslations('cottage');
  const tCommon = useTranslations('common');
  const router = useRouter();
  const snackbar = useSnackbar();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function run(path: string, method: string, success?: string) {
    setBusy(true);
    try {
      await api(path, { method });
      if (success) snackbar(success, { severity: 'success' });
      router.refresh();
    } catch (error) {
      snackbar(error instanceof ApiClientError && error.message ? error.message : tCommon('close'));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <>
      {canHide ? (
        <Button variant="text" disabled={busy} onClick={() => run(`/cottages/${id}/hide`, 'POST')}>
          {t('hide')}
        </Button>
      ) : null}
      {canActivate ? (
        <Button variant="text" disabled={busy} onClick={() => run(`/cottages/${id}/activate`, 'POST')}>
          {t('activate')}
        </Button>
      ) : null}
      {canDelete ? (
        <Button variant="text" disabled={busy} onClick={() => setConfirming(true)} className="text-red-700">
          {t('delete')}
        </Button>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t('delete')}
          text={t('deleteConfirm', { title })}
          confirmLabel={t('delete')}
          busy={busy}
          onConfirm={() => run(`/cottages/${id}`, 'DELETE', t('deleted'))}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </>
  );
}
