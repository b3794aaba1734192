import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { ReviewForm } from '@/components/reviews/review-form';
import { buttonClass } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { PageTitle } from '@/components/ui/page-title';
import { apiGet } from '@/lib/api/server';
import { todayInStockholm } from '@/lib/rules/dates';
import { starsFromQuery } from '@/lib/rules/reviews';
import type { ReviewAllowed } from '@/lib/schemas/reviews';

type Params = { cottageId: string; bookingId?: string[] };

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('reviews'))('newTitle') };
}

const id = (value: string | undefined) => (value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : null);

// /dashboard/reviews/new/{cottageId}/{bookingId?}[?stars=1…5] — a guest reviews a finished stay (from My bookings or the host's request in the chat)
export default async function NewReviewPage({ params, searchParams }: { params: Promise<Params>; searchParams: Promise<{ stars?: string }> }) {
  const [p, search, t] = await Promise.all([params, searchParams, getTranslations('reviews')]);
  const cottageId = id(p.cottageId);
  const bookingId = p.bookingId?.length ? id(p.bookingId[0]) : null;
  if (cottageId === null || (p.bookingId?.length && (p.bookingId.length > 1 || bookingId === null))) notFound();
  // SPEC §6: only a guest with a finished stay at the ad, and once per booking.
  const allowed = await apiGet<ReviewAllowed>(`/api/user/reviews/is-allowed/${cottageId}${bookingId !== null ? `/${bookingId}` : ''}`);
  const stars = starsFromQuery(search.stars);
  const thisYear = Number(todayInStockholm().slice(0, 4));
  return (
    <div className="flex max-w-3xl flex-col gap-5">
      <Link href="/dashboard/reviews" className="text-sm text-brand-700 hover:underline">
        <ArrowLeft className="mr-1 inline size-4 align-[-3px]" aria-hidden />
        {t('backToList')}
      </Link>
      <div>
        <PageTitle>{t('newTitle')}</PageTitle>
        {allowed.allowed && allowed.cottage_title ? <p className="-mt-4 text-muted">{t('stayAt', { title: allowed.cottage_title })}</p> : null}
      </div>
      {allowed.allowed ? (
        <ReviewForm target={{ kind: 'new', cottageId, bookingId: allowed.booking_id }} thisYear={thisYear} initial={stars ? { score: stars } : {}} />
      ) : (
        <>
          <Notice tone="error">{allowed.reviewed ? t('alreadyReviewed') : t('notAllowed')}</Notice>
          <div className="flex flex-wrap gap-2">
            <Link href="/dashboard/reviews" className={buttonClass('secondary')}>
              {t('backToList')}
            </Link>
            <Link href="/dashboard/bookings" className={buttonClass('text')}>
              {t('myBookings')}
            </Link>
          </div>
        </>
      )}
    </div>
  );
}
