import Link from 'next/link';
import { getTranslations } from 'next-intl/server';

/** Administrators' two views of /reviews: their own reviews, and what waits for approval. */
export async function ReviewTabs({ current }: { current: 'mine' | 'waiting' }) {
  const t = await getTranslations('reviews');
  const tab = (name: 'mine' | 'waiting', href: string, label: string) => (
    <Link
      href={href}
      aria-current={current === name ? 'page' : undefined}
      className={`border-b-2 px-4 py-2 text-sm font-semibold ${current === name ? 'border-brand-700 text-brand-800' : 'border-transparent text-muted hover:text-ink'}`}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label={t('tabs')} className="-mt-2 flex gap-1 border-b border-gray-200">
      {tab('mine', '/dashboard/reviews', t('tabMine'))}
      {tab('waiting', '/dashboard/reviews?tab=waiting', t('tabWaiting'))}
    </nav>
  );
}
