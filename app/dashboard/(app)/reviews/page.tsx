import type { Metadata } from 'next';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import { getTranslations } from 'next-intl/server';
import { ReviewTabs } from '@/components/reviews/review-tabs';
import { ReviewsList } from '@/components/reviews/reviews-list';
import { WaitingList } from '@/components/reviews/waiting-list';
import { PageTitle } from '@/components/ui/page-title';
import { apiGet, ApiResponseError } from '@/lib/api/server';
import { queryKeys } from '@/lib/query/keys';
import { reviewsPath } from '@/lib/query/lists';
import { getQueryClient } from '@/lib/query/server';
import type { Moderation, ReviewPage } from '@/lib/schemas/reviews';
import type { User } from '@/lib/schemas/user-dto';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('reviews'))('title') };
}

// /dashboard/reviews[?tab=waiting] — my reviews and those of my ads; administrators also approve what waits
export default async function ReviewsPage({ searchParams }: { searchParams: Promise<{ tab?: string }> }) {
  const [{ tab }, t, user] = await Promise.all([searchParams, getTranslations('reviews'), apiGet<User>('/api/user')]);
  const waiting = user.admin && tab === 'waiting';
  // The first page comes with the page; if it fails here, the list asks again in the browser
  // (SPEC §9: 3 attempts 2 s apart, then the failure text with Try Again).
  const queryClient = getQueryClient();
  try {
    if (waiting) await queryClient.fetchQuery({ queryKey: queryKeys.reviews.waiting, queryFn: () => apiGet<Moderation>('/api/admin/reviews') });
    else {
      await queryClient.fetchInfiniteQuery({
        queryKey: queryKeys.reviews.list,
        queryFn: ({ pageParam }) => apiGet<ReviewPage>(`/api${reviewsPath(pageParam)}`),
        initialPageParam: 0,
      });
    }
  } catch (error) {
    if (!(error instanceof ApiResponseError)) throw error;
  }
  return (
    <div className="flex flex-col gap-5">
      <PageTitle>{t('title')}</PageTitle>
      {user.admin ? <ReviewTabs current={waiting ? 'waiting' : 'mine'} /> : null}
      <HydrationBoundary state={dehydrate(queryClient)}>{waiting ? <WaitingList /> : <ReviewsList userId={user.id} />}</HydrationBoundary>
    </div>
  );
}
