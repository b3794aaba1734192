'use client';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useApiMutation } from '@/components/query/use-api-mutation';

type Props = { id: number; title: string; canHide: boolean; canActivate: boolean; canDelete: boolean };

/** Hide, activate and delete (with confirmation) for one listing. */
export function ListingActions({ id, title, canHide, canActivate, canDelete }: Props) {
  const t = useTranslations('cottage');
  const tCommon = useTranslations('common');
  const [confirming, setConfirming] = useState(false);
  const run = useApiMutation({
    mutationFn: ({ path, method }: { path: string; method: string; success?: string }) => api(path, { method }),
    fallback: tCommon('close'),
    success: (_, { success }) => success ?? null,
    refresh: true,
    onSuccess: () => setConfirming(false),
    onError: () => setConfirming(false),
  });
  const busy = run.isPending;

  return (
    <>
      {canHide ? (
        <Button variant="text" disabled={busy} onClick={() => run.mutate({ path: `/cottages/${id}/hide`, method: 'POST' })}>
          {t('hide')}
        </Button>
      ) : null}
      {canActivate ? (
        <Button variant="text" disabled={busy} onClick={() => run.mutate({ path: `/cottages/${id}/activate`, method: 'POST' })}>
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
          onConfirm={() => run.mutate({ path: `/cottages/${id}`, method: 'DELETE', success: t('deleted') })}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </>
  );
}
