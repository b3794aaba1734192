import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { RefreshOnMount } from '@/components/news/refresh-on-mount';
import { PageTitle } from '@/components/ui/page-title';
import { apiGetOrNull } from '@/lib/api/server';
import type { Locale } from '@/lib/constants';
import { formatDate } from '@/lib/format';
import type { NewsItem as News } from '@/lib/schemas/user-dto';

export const metadata: Metadata = { title: 'News' };

// /dashboard/news/{id} — a news item (sanitized HTML); opening it marks its to-do read
export default async function NewsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^\d+$/.test(id)) notFound();
  const item = await apiGetOrNull<News>(`/api/news/${id}`);
  if (!item) notFound();
  const t = await getTranslations('news');
  const locale = (await getLocale()) as Locale;
  return (
    <article className="rounded-lg bg-white p-6 shadow-sm sm:p-8">
      <PageTitle>{item.title}</PageTitle>
      <p className="-mt-4 mb-6 text-sm text-muted">{t('published', { date: formatDate(item.published_from, locale) })}</p>
      <div className="prose-news" dangerouslySetInnerHTML={{ __html: item.body }} />
      <RefreshOnMount />
    </article>
  );
}
