import { useTranslations } from 'next-intl';
import type { ReviewDto } from '@/lib/schemas/reviews';

const COLOURS: Record<ReviewDto['state'], string> = {
  WAITING: 'bg-amber-100 text-amber-900 border-amber-300',
  REJECTED: 'bg-red-100 text-red-900 border-red-300',
  APPROVED: 'bg-green-100 text-green-900 border-green-300',
};

/** A review's or a reply's approval as a chip: 'Waiting for approval', 'Not approved', 'Published'. */
export function ReviewState({ state }: { state: ReviewDto['state'] }) {
  const t = useTranslations('reviews');
  return (
    <span className={`inline-block rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${COLOURS[state]}`} data-testid="review-state">
      {t(`state_${state}`)}
    </span>
  );
}
