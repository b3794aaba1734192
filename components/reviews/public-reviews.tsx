import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/constants';
import { formatDate } from '@/lib/format';
import { SCORES, type ScoreName } from '@/lib/rules/reviews';
import type { PublicReviews as Reviews } from '@/lib/schemas/reviews';
import { ScoreList } from './score-list';

/** The public ad's reviews (server-rendered, no script): how many, the four averages, each approved review with its approved reply. */
export async function PublicReviews({ reviews, locale }: { reviews: Reviews; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'reviews' });
  const names = Object.fromEntries(SCORES.map((name) => [name, t(name)])) as Record<ScoreName, string>;
  const oneDecimal = new Intl.NumberFormat(locale === 'sv' ? 'sv-SE' : 'en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const outOfAverage = (value: number) => t('outOf', { value: oneDecimal.format(value) });
  const outOf = (value: number) => t('outOf', { value });
  return (
    <section aria-labelledby="reviews" data-testid="public-reviews">
      <h2 id="reviews" className="mb-1 text-xl font-semibold">
        {t('publicTitle')}
      </h2>
      <p className="mb-3 text-sm text-muted" data-testid="reviews-count">
        {t('publicCount', { count: reviews.count })}
      </p>
      {reviews.count > 0 ? (
        <>
          <div className="mb-5 rounded-lg bg-white p-4 shadow-sm" data-testid="review-averages">
            <h3 className="mb-2 text-sm font-semibold">{t('averages')}</h3>
            <ScoreList scores={reviews} names={names} outOf={outOfAverage} format={(value) => oneDecimal.format(value)} />
          </div>
          <ul className="flex flex-col gap-4">
            {reviews.results.map((r) => (
              <li key={r.id} className="flex flex-col gap-2 border-b border-gray-200 pb-4 last:border-0" data-testid="public-review">
                <p className="text-sm">
                  <span className="font-semibold">{t('publicBy', { name: r.user.name, year: r.year })}</span>
                  <span className="text-muted"> · {formatDate(r.created_at, locale)}</span>
                </p>
                <ScoreList scores={r} names={names} outOf={outOf} />
                {r.body ? <p className="whitespace-pre-line break-words">{r.body}</p> : null}
                {r.reply ? (
                  <div className="ml-3 border-l-4 border-brand-100 pl-4 text-sm" data-testid="public-reply">
                    <p className="font-semibold">{t('replyFrom')}</p>
                    <p className="whitespace-pre-line break-words">{r.reply.body}</p>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
