import type { Metadata } from 'next';
import Link from 'next/link';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import { getTranslations } from 'next-intl/server';
import { InboxList, type InboxPage } from '@/components/chat/inbox-list';
import { PageTitle } from '@/components/ui/page-title';
import { apiGet, ApiResponseError } from '@/lib/api/server';
import { queryKeys } from '@/lib/query/keys';
import { inboxPath } from '@/lib/query/lists';
import { getQueryClient } from '@/lib/query/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('chat'))('inboxTitle') };
}

const FILTERS = [null, 1, 2, 3] as const;

// /dashboard/conversations — the inbox: newest activity first, 20 a page, tag filter
export default async function ConversationsPage({ searchParams }: { searchParams: Promise<{ tag?: string }> }) {
  const params = await searchParams;
  const tag = params.tag && /^[1-3]$/.test(params.tag) ? Number(params.tag) : null;
  const t = await getTranslations('chat');
  // The first page comes with the page; if it fails here, the list asks again in the browser
  // (SPEC §4: 3 attempts 2 s apart, then the error with a retry). A 401 has already logged out.
  const queryClient = getQueryClient();
  try {
    await queryClient.fetchInfiniteQuery({
      queryKey: queryKeys.conversations.list(tag),
      queryFn: ({ pageParam }) => apiGet<InboxPage>(`/api${inboxPath(tag, pageParam)}`),
      initialPageParam: 0,
    });
  } catch (error) {
    if (!(error instanceof ApiResponseError)) throw error;
  }
  return (
    <>
      <PageTitle>{t('inboxTitle')}</PageTitle>
      <nav aria-label={t('inboxTitle')} className="mb-4 flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Link
            key={f ?? 'all'}
            href={f ? `/dashboard/conversations?tag=${f}` : '/dashboard/conversations'}
            aria-current={f === tag ? 'page' : undefined}
            className={`rounded-full border px-3 py-1 text-sm ${f === tag ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-300 bg-white hover:bg-gray-50'}`}
          >
            {f ? t(`tag_${f}`) : t('filterAll')}
          </Link>
        ))}
      </nav>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <InboxList tag={tag} />
      </HydrationBoundary>
    </>
  );
}
