'use client';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/query/keys';
import { useApiMutation } from '@/components/query/use-api-mutation';

/** SPEC §2/§4: after a stay has ended the host may ask the guest for a review (once per stay). */
export function AskForReview({ conversationId }: { conversationId: number }) {
  const t = useTranslations('chat');
  const [open, setOpen] = useState(false);
  const ask = useApiMutation({
    mutationFn: () => api(`/conversations/${conversationId}/messages/ask-for-review`, { body: { conversation: conversationId } }),
    fallback: t('sendFailed'),
    success: t('askedForReview'),
    refresh: true,
    invalidates: [queryKeys.conversations.messages(conversationId)],
    onSuccess: () => setOpen(false),
  });
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-white px-4 py-3 shadow-sm">
      <span className="text-sm">{t('askForReviewText')}</span>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('askForReview')}
      </Button>
      {open ? (
        <ConfirmDialog
          title={t('askForReview')}
          text={t('askForReviewConfirm')}
          confirmLabel={t('askForReviewSend')}
          busy={ask.isPending}
          onConfirm={() => ask.mutate()}
          onCancel={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}
