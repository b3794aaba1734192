import { getTranslations } from 'next-intl/server';

/** A list's outline, painted with the shell while the list is read (a route's loading.tsx). */
export async function ListSkeleton({ rows = 5 }: { rows?: number }) {
  const t = await getTranslations('common');
  return (
    <div className="flex flex-col gap-3" role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">{t('loading')}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="h-20 animate-pulse rounded-lg bg-white shadow-sm" aria-hidden />
      ))}
    </div>
  );
}
