import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { PageTitle } from '@/components/ui/page-title';
import { apiGet } from '@/lib/api/server';
import type { Locale } from '@/lib/constants';
import { formatDate } from '@/lib/format';
import type { NewsSummary } from '@/lib/schemas/user-dto';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('news'))('title') };
}

// /dashboard/news — published news, newest first
export default async function NewsListPage() {
  const t = await getTranslations('news');
  const locale = (await getLocale()) as Locale;
  const items = await apiGet<NewsSummary[]>('/api/news');
  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      {items.length === 0 ? (
        <p className="rounded-lg bg-white p-6 text-muted shadow-sm">{t('empty')}</p>
      ) : (
        <ul className="divide-y divide-gray-200 overflow-hidden rounded-lg bg-white shadow-sm">
          {items.map((item) => (
            <li key={item.id}>
              <Link href={`/dashboard/news/${item.id}`} className="flex flex-col gap-1 px-5 py-4 hover:bg-gray-50">
                <span className={item.read ? '' : 'font-semibold'}>{item.title}</span>
                <span className="text-xs text-muted">{formatDate(item.published_from, locale)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
