'use client';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { api, ApiClientError } from '@/lib/api/client';
import { Button } from '@/components/ui/button';
import { useSnackbar } from '@/components/layout/snackbar';

/** SPEC §6: a guest rates the host, anonymously, once the conversation has more than one message. */
export function HostReview({ conversationId }: { conversationId: number }) {
  const t = useTranslations('chat');
  const snackbar = useSnackbar();
  const [done, setDone] = useState(false);
  async function answer(recommended: boolean) {
    try {
      await api(`/conversations/${conversationId}/review`, { body: { recommended } });
      setDone(true);
    } catch (error) {
      snackbar(error instanceof ApiClientError && error.message ? error.message : t('sendFailed'));
    }
  }
  if (done) return <p className="rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-800">{t('reviewHostThanks')}</p>;
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg bg-white px-4 py-3 shadow-sm">
      <span className="text-sm font-medium">{t('reviewHostTitle')}</span>
      <Button variant="secondary" onClick={() => void answer(true)}>
        {t('reviewHostYes')}
      </Button>
      <Button variant="secondary" onClick={() => void answer(false)}>
        {t('reviewHostNo')}
      </Button>
    </div>
  );
}
