'use client';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { api } from '@/lib/api/client';
import type { Locale } from '@/lib/constants';
import { formatDate } from '@/lib/format';
import { queryKeys } from '@/lib/query/keys';
import type { Moderation } from '@/lib/schemas/reviews';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useApiMutation } from '@/components/query/use-api-mutation';
import { ScoreList } from './score-list';
import { useScoreTexts } from './use-score-texts';

type Decision = { kind: 'review' | 'reply'; id: number; approve: boolean };

/** Administrators: the reviews and replies waiting for approval, flagged ones marked; Approve publishes, Reject keeps it off the ad. */
export function WaitingList() {
  const t = useTranslations('reviews');
  const tCommon = useTranslations('common');
  const locale = useLocale() as Locale;
  const scores = useScoreTexts();
  const query = useQuery({ queryKey: queryKeys.reviews.waiting, queryFn: () => api<Moderation>('/admin/reviews') });
  const decide = useApiMutation({
    mutationFn: ({ kind, id, approve }: Decision) => api(kind === 'review' ? `/admin/reviews/${id}` : `/admin/reviews/reply/${id}`, { body: { approve } }),
    invalidates: [queryKeys.reviews.all],
    success: (_data, { approve }) => (approve ? t('approvedDone') : t('rejectedDone')),
  });

  if (query.isPending) return <p className="text-sm text-muted">{tCommon('loading')}</p>;
  if (query.isError) {
    return (
      <Notice tone="error">
        {t('waitingLoadFailed')}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void query.refetch()}>
          {tCommon('tryAgain')}
        </button>
      </Notice>
    );
  }
  const { reviews, replies } = query.data;
  if (!reviews.length && !replies.length) {
    return (
      <p className="rounded-lg bg-white p-5 text-sm text-muted shadow-sm" data-testid="waiting-empty">
        {t('waitingEmpty')}
      </p>
    );
  }
  const busy = (kind: Decision['kind'], id: number) => decide.isPending && decide.variables?.kind === kind && decide.variables.id === id;
  const actions = (kind: Decision['kind'], id: number, labelledBy: string) => (
    <div className="flex flex-wrap gap-2">
      <Button onClick={() => decide.mutate({ kind, id, approve: true })} disabled={busy(kind, id)} aria-describedby={labelledBy}>
        {t('approve')}
      </Button>
      <Button variant="secondary" onClick={() => decide.mutate({ kind, id, approve: false })} disabled={busy(kind, id)} aria-describedby={labelledBy}>
        {t('reject')}
      </Button>
    </div>
  );
  const flag = (flagged: boolean) =>
    flagged ? (
      <p className="inline-flex items-center gap-1.5 rounded-md border border-amber-300 bg-amber-50 px-2.5 py-1 text-xs font-semibold text-amber-900" data-testid="flagged">
        <TriangleAlert className="size-4" aria-hidden />
        {t('flagged')}
      </p>
    ) : null;

  return (
    <div className="flex flex-col gap-6">
      {reviews.length ? (
        <section aria-labelledby="waiting-reviews" className="flex flex-col gap-3">
          <h2 id="waiting-reviews" className="text-lg font-semibold">
            {t('waitingReviews')}
          </h2>
          <ul className="flex flex-col gap-3">
            {reviews.map((r) => (
              <li key={r.id} className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm sm:p-5" data-testid="waiting-review">
                <div>
                  <h3 id={`waiting-review-${r.id}`} className="font-semibold break-words">
                    <Link href={`/${locale}/stuga/${r.cottage_id}`} className="text-brand-700 hover:underline">
                      {r.cottage.title_sv ?? t('viewAd', { id: r.cottage_id })}
                    </Link>
                  </h3>
                  <p className="text-sm text-muted">
                    {t('by', { name: r.user.name })} · {t('yearOfStay', { year: r.year })} · {t('written', { date: formatDate(r.created_at, locale) })}
                  </p>
                </div>
                {flag(r.flagged)}
                <ScoreList scores={r} names={scores.names} outOf={scores.outOf} />
                {r.body ? <p className="text-sm whitespace-pre-line break-words">{r.body}</p> : null}
                {actions('review', r.id, `waiting-review-${r.id}`)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {replies.length ? (
        <section aria-labelledby="waiting-replies" className="flex flex-col gap-3">
          <h2 id="waiting-replies" className="text-lg font-semibold">
            {t('waitingReplies')}
          </h2>
          <ul className="flex flex-col gap-3">
            {replies.map((r) => (
              <li key={r.id} className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm sm:p-5" data-testid="waiting-reply">
                <div>
                  <h3 id={`waiting-reply-${r.id}`} className="font-semibold">
                    {t('by', { name: r.user.name })}
                  </h3>
                  <p className="text-sm text-muted">
                    <Link href={`/${locale}/stuga/${r.cottage_id}`} className="text-brand-700 underline">
                      {t('viewAd', { id: r.cottage_id })}
                    </Link>{' '}
                    · {formatDate(r.created_at, locale)}
                  </p>
                </div>
                {flag(r.flagged)}
                <blockquote className="border-l-4 border-gray-200 pl-3 text-sm text-muted break-words">{t('replyTo', { body: r.review_body || '–' })}</blockquote>
                <p className="text-sm whitespace-pre-line break-words">{r.body}</p>
                {actions('reply', r.id, `waiting-reply-${r.id}`)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
