'use client';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/query/keys';
import { nextOffset, reviewsPath } from '@/lib/query/lists';
import type { ReviewPage } from '@/lib/schemas/reviews';
import { InfiniteList } from '@/components/query/infinite-list';
import { ReviewCard } from './review-card';

/** My reviews: the page's prefetched first page, then 10 more at a time as the reader scrolls (SPEC §2, §9). */
export function ReviewsList({ userId }: { userId: number }) {
  const t = useTranslations('reviews');
  const tCommon = useTranslations('common');
  const query = useInfiniteQuery({
    queryKey: queryKeys.reviews.list,
    queryFn: ({ pageParam }) => api<ReviewPage>(reviewsPath(pageParam)),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });
  return (
    <InfiniteList
      query={query}
      failed={t('loadFailed')}
      retry={tCommon('tryAgain')}
      empty={
        <p className="rounded-lg bg-white p-5 text-sm text-muted shadow-sm" data-testid="reviews-empty">
          {t('empty')}
        </p>
      }
    >
      {(reviews, refAt) => (
        <ul className="flex flex-col gap-3" data-testid="reviews">
          {reviews.map((review, index) => (
            <li key={review.id} ref={refAt(index)} className="rounded-lg bg-white p-4 shadow-sm sm:p-5" data-testid="review">
              <ReviewCard review={review} userId={userId} />
            </li>
          ))}
        </ul>
      )}
    </InfiniteList>
  );
}
