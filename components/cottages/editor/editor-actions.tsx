'use client';
import { useState } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import { Button, buttonClass } from '@/components/ui/button';
import { useApiMutation } from '@/components/query/use-api-mutation';
import type { AdTerms } from '@/lib/schemas/cottage';
import type { Cottage } from '@/lib/schemas/cottage-dto';
import { LazyTermsDialog as TermsDialog } from './lazy-terms-dialog';

/** SPEC §2 editor buttons: Continue (to payment), Send for review (after the terms dialog), the disabled 'sent' state, Preview. */
export function EditorActions({ cottage }: { cottage: Cottage }) {
  const t = useTranslations('cottage');
  const tCommon = useTranslations('common');
  const [confirming, setConfirming] = useState(false);
  const sent = cottage.asked_for_review_at !== null && cottage.reviewed_at === null;
  const canSend = cottage.commission === true && cottage.complete && !cottage.asked_for_review_at;
  const send = useApiMutation({
    mutationFn: (terms: AdTerms) => api(`/cottages/${cottage.id}/send-for-review`, { method: 'POST', body: terms }),
    fallback: tCommon('tryAgain'),
    refresh: true,
    onSuccess: () => setConfirming(false),
    onError: () => setConfirming(false),
  });
  const busy = send.isPending;

  let hint: string | null = null;
  let main: React.ReactNode = null;
  if (sent) {
    main = <Button disabled>{t('sentForReview')}</Button>;
    hint = t('hintReview');
  } else if (cottage.commission === true && !cottage.reviewed_at) {
    main = (
      <Button disabled={!canSend || busy} onClick={() => setConfirming(true)}>
        {t('sendForReview')}
      </Button>
    );
    hint = t('hintSendForReview');
  } else if (!cottage.reviewed_at) {
    main = cottage.complete ? (
      <Link href={`/dashboard/cottages/${cottage.id}/payment`} className={buttonClass()}>
        {t('continue')}
      </Link>
    ) : (
      <Button disabled>{t('continue')}</Button>
    );
    hint = t('hintContinue');
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-3">
        {main}
        {cottage.complete ? (
          <a href={`/sv/stuga/${cottage.id}`} target="_blank" rel="noreferrer" className={buttonClass('secondary')}>
            {t('preview')}
          </a>
        ) : (
          <Button variant="secondary" disabled>
            {t('preview')}
          </Button>
        )}
      </div>
      {hint ? <p className="text-sm text-muted">{hint}</p> : null}
      {confirming ? (
        <TermsDialog
          title={t('sendForReview')}
          text={t('sendForReviewConfirm')}
          confirmLabel={t('sendForReview')}
          busy={busy}
          onAccept={(terms) => send.mutate(terms)}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
