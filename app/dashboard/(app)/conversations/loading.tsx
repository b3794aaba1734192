import { getTranslations } from 'next-intl/server';

/** Painted with the shell while the list is read (issue 12): rows' outlines, then the list. */
export default async function Loading() {
  const t = await getTranslations('common');
  return (
    <div className="flex flex-col gap-3" role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">{t('loading')}</span>
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="h-20 animate-pulse rounded-lg bg-white shadow-sm" aria-hidden />
      ))}
    </div>
  );
}
