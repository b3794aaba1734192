import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import type { ConversationSummary } from '@/lib/schemas/conversation-dto';
import { buttonClass } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { PageTitle } from '@/components/ui/page-title';
import { apiGet, ApiResponseError } from '@/lib/api/server';
import { PAGE_SIZE_CONVERSATIONS, RETRY_ATTEMPTS, RETRY_WAIT_MS, type Locale } from '@/lib/constants';
import { formatDate } from '@/lib/format';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import ArrowRight from 'lucide-react/icons/arrow-right';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('chat'))('inboxTitle') };
}

const FILTERS = [null, 1, 2, 3] as const;

// /dashboard/conversations — the inbox: newest activity first, 20 a page, tag filter
/** System messages have no text: the inbox names them instead (SPEC §3 message types). */
const PREVIEW_EVENTS = new Set(['booking_created', 'booking_paid', 'booking_cancelled', 'ask_for_review']);

export default async function ConversationsPage({ searchParams }: { searchParams: Promise<{ tag?: string; offset?: string }> }) {
  const params = await searchParams;
  const tag = params.tag && /^[1-3]$/.test(params.tag) ? Number(params.tag) : null;
  const offset = params.offset && /^\d{1,6}$/.test(params.offset) ? Number(params.offset) : 0;
  const t = await getTranslations('chat');
  const tc = await getTranslations('conversations');
  const locale = (await getLocale()) as Locale;
  // SPEC §4: up to 3 attempts 2 s apart, then 'Could not load conversations.' with a retry link (a 401 logs out at once).
  let page: { results: ConversationSummary[]; nextPage: number | null } | null = null;
  for (let attempt = 1; attempt <= RETRY_ATTEMPTS && !page; attempt++) {
    try {
      page = await apiGet(`/api/conversations?offset=${offset}${tag ? `&tags=${tag}` : ''}`);
    } catch (error) {
      if (!(error instanceof ApiResponseError)) throw error;
      if (error.status < 500 || attempt === RETRY_ATTEMPTS) break;
      await new Promise((resolve) => setTimeout(resolve, RETRY_WAIT_MS));
    }
  }
  const href = (next: { tag?: number | null; offset?: number }) => {
    const q = new URLSearchParams();
    const nextTag = next.tag === undefined ? tag : next.tag;
    if (nextTag) q.set('tag', String(nextTag));
    if (next.offset) q.set('offset', String(next.offset));
    const s = q.toString();
    return `/dashboard/conversations${s ? `?${s}` : ''}`;
  };
  return (
    <>
      <PageTitle>{t('inboxTitle')}</PageTitle>
      <nav aria-label={t('inboxTitle')} className="mb-4 flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Link
            key={f ?? 'all'}
            href={href({ tag: f, offset: 0 })}
            aria-current={f === tag ? 'page' : undefined}
            className={`rounded-full border px-3 py-1 text-sm ${f === tag ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-300 bg-white hover:bg-gray-50'}`}
          >
            {f ? t(`tag_${f}`) : t('filterAll')}
          </Link>
        ))}
      </nav>
      {!page ? (
        <Notice tone="error">
          {t('listFailed')}{' '}
          <Link href={href({})} className="font-semibold underline">
            {t('retry')}
          </Link>
        </Notice>
      ) : page.results.length === 0 && offset === 0 ? (
        <div className="flex flex-col items-start gap-4 rounded-lg bg-white p-6 shadow-sm">
          <p className="text-muted">{tc('empty')}</p>
          <Link href="/" className={buttonClass('secondary')}>
            {tc('contactHost')}
          </Link>
        </div>
      ) : (
        <>
          <ul className="divide-y divide-gray-200 overflow-hidden rounded-lg bg-white shadow-sm" data-testid="inbox">
            {page.results.map((c) => {
              const other = c.Users[0];
              const name = other?.deleted ? t('deletedUser') : (other?.name ?? t('deletedUser'));
              return (
                <li key={c.id}>
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
                      <span className={`block truncate text-sm ${c.unread_messages ? 'text-ink' : 'text-muted'}`}>{c.preview || (c.preview_type && PREVIEW_EVENTS.has(c.preview_type) ? t(`preview_${c.preview_type}`) : '')}</span>
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
          <div className="mt-4 flex justify-between">
            {offset > 0 ? (
              <Link href={href({ offset: Math.max(0, offset - PAGE_SIZE_CONVERSATIONS) })} className={buttonClass('secondary')}>
                <ArrowLeft className="mr-1 inline size-4 align-[-3px]" aria-hidden />
                {t('previous')}
              </Link>
            ) : (
              <span />
            )}
            {page.nextPage !== null ? (
              <Link href={href({ offset: page.nextPage })} className={buttonClass('secondary')}>
                {t('next')}
                <ArrowRight className="ml-1 inline size-4 align-[-3px]" aria-hidden />
              </Link>
            ) : null}
          </div>
        </>
      )}
    </>
  );
}
