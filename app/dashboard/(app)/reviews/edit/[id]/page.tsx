import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { ReviewForm } from '@/components/reviews/review-form';
import { PageTitle } from '@/components/ui/page-title';
import { apiGet, ApiResponseError } from '@/lib/api/server';
import { todayInStockholm } from '@/lib/rules/dates';
import type { ReviewDto } from '@/lib/schemas/reviews';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('reviews'))('editTitle') };
}

/** The author's review, or null when it cannot be read (unknown, someone else's, the API down). */
async function loadOwnReview(id: string): Promise<ReviewDto | null> {
  if (!/^\d{1,9}$/.test(id)) return null;
  try {
    const review = await apiGet<ReviewDto>(`/api/user/reviews/${id}`);
    return review.mine ? review : null;
  } catch (error) {
    if (error instanceof ApiResponseError) return null;
    throw error;
  }
}

// /dashboard/reviews/edit/{id} — the author edits a review; SPEC §2: if it cannot be fetched, back to the list
export default async function EditReviewPage({ params }: { params: Promise<{ id: string }> }) {
  const [review, t] = await Promise.all([params.then((p) => loadOwnReview(p.id)), getTranslations('reviews')]);
  if (!review) redirect('/dashboard/reviews');
  const thisYear = Number(todayInStockholm().slice(0, 4));
  const { body, score, accuracy, cleanliness, location, year } = review;
  return (
    <div className="flex max-w-3xl flex-col gap-5">
      <Link href="/dashboard/reviews" className="text-sm text-brand-700 hover:underline">
        <ArrowLeft className="mr-1 inline size-4 align-[-3px]" aria-hidden />
        {t('backToList')}
      </Link>
      <div>
        <PageTitle>{t('editTitle')}</PageTitle>
        {review.cottage.title_sv ? <p className="-mt-4 text-muted">{t('stayAt', { title: review.cottage.title_sv })}</p> : null}
      </div>
      {/* A stay older than the five years offered shows no year: it must be chosen again (the API would refuse it). */}
      <ReviewForm target={{ kind: 'edit', id: review.id }} thisYear={thisYear} initial={{ body, score, accuracy, cleanliness, location, year }} />
    </div>
  );
}
