import { useTranslations } from 'next-intl';
import { REVIEW_TEXT_MAX } from '@/lib/rules/reviews';

/**
 * Under a review's or a reply's text box: its rule on the left, how much of the 1000 characters is
 * used on the right (SPEC §9). The box names `${id}-hint ${id}-count` in its aria-describedby.
 */
export function TextHelp({ id, hint, length }: { id: string; hint: string; length: number }) {
  const t = useTranslations('reviews');
  return (
    <div className="-mt-1 flex items-start justify-between gap-3 text-xs">
      <p id={`${id}-hint`} className="text-muted">
        {hint}
      </p>
      <p id={`${id}-count`} className={`shrink-0 tabular-nums ${length > REVIEW_TEXT_MAX ? 'text-red-700' : 'text-muted'}`}>
        {t('characters', { count: length, max: REVIEW_TEXT_MAX })}
      </p>
    </div>
  );
}
