'use client';
import { useState } from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import type { Locale } from '@/lib/constants';
import { formatDate } from '@/lib/format';
import { queryKeys } from '@/lib/query/keys';
import type { ReviewDto } from '@/lib/schemas/reviews';
import { Button, buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useApiMutation } from '@/components/query/use-api-mutation';
import { ReviewState } from './review-state';
import { ScoreList } from './score-list';
import { useScoreTexts } from './use-score-texts';

// The reply form (and react-hook-form) loads when Reply or Edit is first used, not with the list (the JS budget, docs/performance.md).
const ReplyForm = dynamic(() => import('./reply-form').then((m) => m.ReplyForm), { ssr: false });

type Asking = null | 'deleteReview' | 'deleteReply';

/**
 * One review in My reviews: the ad, the four scores, the year and the text, its approval and the
 * reply. SPEC §4: the author edits or deletes it; the reviewed host replies once, then edits or
 * deletes that reply.
 */
export function ReviewCard({ review, userId }: { review: ReviewDto; userId: number }) {
  const t = useTranslations('reviews');
  const locale = useLocale() as Locale;
  const scores = useScoreTexts();
  const [replying, setReplying] = useState<null | 'new' | 'edit'>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const reply = review.reply;
  const myReply = reply !== null && reply.user.id === userId;
  const remove = useApiMutation({
    mutationFn: (what: Exclude<Asking, null>) => api(what === 'deleteReview' ? `/user/reviews/${review.id}` : `/user/reviews/reply/${reply?.id}`, { method: 'DELETE' }),
    invalidates: [queryKeys.reviews.all, queryKeys.bookings.all],
    success: (_data, what) => (what === 'deleteReview' ? t('deleted') : t('replyDeleted')),
    onSuccess: () => setAsking(null),
  });
  const titleId = `review-${review.id}-title`;

  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-3">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={titleId} className="font-semibold break-words">
            {review.cottage.title_sv ?? ''}
          </h2>
          <p className="text-sm text-muted">
            {review.mine ? t('yourReview') : t('reviewBy', { name: review.user.name })} · {t('yearOfStay', { year: review.year })} · {t('written', { date: formatDate(review.created_at, locale) })}
          </p>
        </div>
        {review.mine ? <ReviewState state={review.state} /> : null}
      </header>
      <ScoreList scores={review} names={scores.names} outOf={scores.outOf} />
      {review.body ? <p className="text-sm whitespace-pre-line break-words">{review.body}</p> : null}

      {review.mine ? (
        <div className="flex flex-wrap gap-2">
          <Link href={`/dashboard/reviews/edit/${review.id}`} className={buttonClass('secondary')} aria-describedby={titleId}>
            {t('edit')}
          </Link>
          <Button variant="text" onClick={() => setAsking('deleteReview')} aria-describedby={titleId}>
            {t('delete')}
          </Button>
        </div>
      ) : null}

      {reply && replying !== 'edit' ? (
        <div className="ml-3 flex flex-col gap-2 border-l-4 border-brand-100 pl-4" data-testid="reply">
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-sm font-semibold">{myReply ? t('replyFromYou') : t('replyFrom')}</p>
            {reply.state !== 'APPROVED' ? <ReviewState state={reply.state} /> : null}
          </div>
          <p className="text-sm whitespace-pre-line break-words">{reply.body}</p>
          {myReply ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setReplying('edit')}>
                {t('editReply')}
              </Button>
              <Button variant="text" onClick={() => setAsking('deleteReply')}>
                {t('deleteReply')}
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}

      {replying === 'edit' && reply ? <ReplyForm reply={reply} onDone={() => setReplying(null)} /> : null}
      {review.can_reply && !reply ? (
        replying === 'new' ? (
          <ReplyForm reviewId={review.id} onDone={() => setReplying(null)} />
        ) : (
          <div>
            <Button variant="secondary" onClick={() => setReplying('new')} aria-describedby={titleId}>
              {t('reply')}
            </Button>
          </div>
        )
      ) : null}

      {asking ? (
        <ConfirmDialog
          title={asking === 'deleteReview' ? t('deleteTitle') : t('deleteReplyTitle')}
          text={asking === 'deleteReview' ? t('deleteText') : t('deleteReplyText')}
          confirmLabel={t('deleteConfirm')}
          busy={remove.isPending}
          onConfirm={() => remove.mutate(asking)}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </article>
  );
}
