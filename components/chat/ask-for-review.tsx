'use client';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { useSnackbar } from '@/components/layout/snackbar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { api, ApiClientError } from '@/lib/api/client';

/** SPEC §2/§4: after a stay has ended the host may ask the guest for a review (once per stay). */
export function AskForReview({ conversationId }: { conversationId: number }) {
  const t = useTranslations('chat');
  const snackbar = useSnackbar();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  async function ask() {
    setBusy(true);
    try {
      await api(`/conversations/${conversationId}/messages/ask-for-review`, { body: { conversation: conversationId } });
      setOpen(false);
      snackbar(t('askedForReview'), { severity: 'success' });
      router.refresh();
    } catch (error) {
      snackbar(error instanceof ApiClientError && error.message ? error.message : t('sendFailed'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-white px-4 py-3 shadow-sm">
      <span className="text-sm">{t('askForReviewText')}</span>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('askForReview')}
      </Button>
      {open ? <ConfirmDialog title={t('askForReview')} text={t('askForReviewConfirm')} confirmLabel={t('askForReviewSend')} busy={busy} onConfirm={() => void ask()} onCancel={() => setOpen(false)} /> : null}
    </div>
  );
}
