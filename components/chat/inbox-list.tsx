'use client';
import Link from 'next/link';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import type { Locale } from '@/lib/constants';
import { formatDate } from '@/lib/format';
import { queryKeys } from '@/lib/query/keys';
import { inboxPath } from '@/lib/query/lists';
import { buttonClass } from '@/components/ui/button';
import { InfiniteList } from '@/components/query/infinite-list';
import type { ConversationSummary } from '@/lib/schemas/conversation-dto';

export type InboxPage = { results: ConversationSummary[]; nextPage: number | null };

/** System messages have no text: the inbox names them instead (SPEC §3 message types). */
const PREVIEW_EVENTS = new Set(['booking_created', 'booking_paid', 'booking_cancelled', 'ask_for_review']);

/** The inbox: the page's prefetched first page, then more as the reader scrolls (SPEC §4: 3 attempts, then 'Could not load conversations.' with a retry). */
export function InboxList({ tag }: { tag: number | null }) {
  const t = useTranslations('chat');
  const tc = useTranslations('conversations');
  const locale = useLocale() as Locale;
  const query = useInfiniteQuery({
    queryKey: queryKeys.conversations.list(tag),
    queryFn: ({ pageParam }) => api<InboxPage>(inboxPath(tag, pageParam)),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextPage,
  });
  return (
    <InfiniteList
      query={query}
      failed={t('listFailed')}
      retry={t('retry')}
      empty={
        <div className="flex flex-col items-start gap-4 rounded-lg bg-white p-6 shadow-sm">
          <p className="text-muted">{tc('empty')}</p>
          <Link href="/" className={buttonClass('secondary')}>
            {tc('contactHost')}
          </Link>
        </div>
      }
    >
      {(conversations, refAt) => (
        <ul className="divide-y divide-gray-200 overflow-hidden rounded-lg bg-white shadow-sm" data-testid="inbox">
          {conversations.map((c, index) => {
            const other = c.Users[0];
            const name = other?.deleted ? t('deletedUser') : (other?.name ?? t('deletedUser'));
            return (
              <li key={c.id} ref={refAt(index)}>
                <Link href={`/dashboard/conversations/${c.id}`} className="flex gap-4 px-5 py-4 hover:bg-gray-50" data-testid="conversation-row" data-unread={c.unread_messages}>
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800" aria-hidden>
                    {name.slice(0, 1)}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="flex items-baseline justify-between gap-3">
                      <span className={`truncate ${c.unread_messages ? 'font-bold' : 'font-medium'}`}>{name}</span>
                      <span className="shrink-0 text-xs text-muted">{formatDate(c.last_message_at, locale)}</span>
                    </span>
                    {c.cottage?.title_sv ? <span className="block truncate text-xs text-muted">{t('about', { title: c.cottage.title_sv })}</span> : null}
                    <span className={`block truncate text-sm ${c.unread_messages ? 'text-ink' : 'text-muted'}`}>
                      {c.preview || (c.preview_type && PREVIEW_EVENTS.has(c.preview_type) ? t(`preview_${c.preview_type}`) : '')}
                    </span>
                    <span className="mt-1 flex flex-wrap gap-1">
                      {c.unread_messages ? <span className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">{t('unread', { count: c.unread_messages })}</span> : null}
                      {c.tags.map((x) => (
                        <span key={x.id} className="rounded-full bg-gray-100 px-2 py-0.5 text-xs">
                          {x.id <= 3 ? t(`tag_${x.id}`) : x.tag}
                        </span>
                      ))}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </InfiniteList>
  );
}
