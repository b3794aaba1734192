'use client';
import type { ReactNode, Ref } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { INFINITE_SCROLL_THRESHOLD } from '@/lib/constants';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { triggerIndex, useLoadMore } from './use-load-more';

type Props<T> = {
  query: UseInfiniteQueryResult<InfiniteData<{ results: T[] }>>;
  /** The failure text and the retry button's label (SPEC §4: after 3 attempts). */
  failed: string;
  retry: string;
  /** What an empty list shows. */
  empty: ReactNode;
  /** Renders the items; `refAt(index)` goes on each item so the one `threshold` before the end asks for the next page. */
  children: (items: T[], refAt: (index: number) => Ref<HTMLLIElement> | undefined) => ReactNode;
};

/** One frame for every infinite list (inbox, bookings, receipts, reviews): loading, error with retry, empty, the items, and 'Load more' for keyboards. */
export function InfiniteList<T>({ query, failed, retry, empty, children }: Props<T>) {
  const tCommon = useTranslations('common');
  const more = () => query.hasNextPage && !query.isFetchingNextPage && void query.fetchNextPage();
  const trigger = useLoadMore(more, query.hasNextPage);

  if (query.isPending) return <p className="text-sm text-muted">{tCommon('loading')}</p>;
  if (query.isError) {
    return (
      <Notice tone="error">
        {failed}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void query.refetch()}>
          {retry}
        </button>
      </Notice>
    );
  }
  const items = query.data.pages.flatMap((page) => page.results);
  if (items.length === 0) return <>{empty}</>;
  const at = triggerIndex(items.length, INFINITE_SCROLL_THRESHOLD);
  const refAt = (index: number) => (index === at ? (element: HTMLLIElement | null) => void (trigger.current = element) : undefined);
  return (
    <>
      {children(items, refAt)}
      {query.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={more} disabled={query.isFetchingNextPage}>
            {tCommon('loadMore')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
