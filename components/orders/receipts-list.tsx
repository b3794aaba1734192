'use client';
import Link from 'next/link';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import type { Locale } from '@/lib/constants';
import { formatDate, formatMoney } from '@/lib/format';
import { queryKeys } from '@/lib/query/keys';
import { nextOffset, receiptsPath } from '@/lib/query/lists';
import type { ReceiptFilters } from '@/lib/rules/receipts';
import type { ReceiptPage } from '@/lib/schemas/orders';
import { InfiniteList } from '@/components/query/infinite-list';
import { ReceiptStatus } from './receipt-status';

/** My receipts: the page's prefetched first page, then 10 more at a time as the reader scrolls (SPEC §9). */
export function ReceiptsList({ filters }: { filters: ReceiptFilters }) {
  const t = useTranslations('receipts');
  const tCommon = useTranslations('common');
  const locale = useLocale() as Locale;
  // Every filter is part of the key: a change starts a new list from its first page.
  const query = useInfiniteQuery({
    queryKey: queryKeys.receipts.list(filters),
    queryFn: ({ pageParam }) => api<ReceiptPage>(receiptsPath(filters, pageParam)),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });
  return (
    <InfiniteList
      query={query}
      failed={t('loadFailed')}
      retry={tCommon('tryAgain')}
      empty={
        <p className="rounded-lg bg-white p-5 text-sm text-muted shadow-sm" data-testid="receipts-empty">
          {t('empty')}
        </p>
      }
    >
      {(receipts, refAt) => (
        <ul className="flex flex-col gap-3" data-testid="receipts">
          {receipts.map((r, index) => (
            <li
              key={r.id}
              ref={refAt(index)}
              className="relative flex flex-col gap-2 rounded-lg bg-white p-4 shadow-sm hover:bg-brand-50 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
              data-testid="receipt-row"
            >
              <div className="flex min-w-0 flex-col gap-1">
                <p className="font-semibold">
                  {/* The whole card is the link's target; its name stays the receipt number. */}
                  <Link href={`/dashboard/orders/${r.id}`} className="text-brand-700 after:absolute after:inset-0 after:rounded-lg after:content-[''] hover:underline">
                    {t('number', { id: r.id })}
                  </Link>
                  <span className="font-normal text-muted"> · {t(`type_${r.type}`)}</span>
                </p>
                {r.cottage_title ? <p className="truncate text-sm">{r.cottage_title}</p> : null}
                <p className="text-sm text-muted">{r.paid_at ? t('paidOn', { date: formatDate(r.paid_at, locale) }) : t('createdOn', { date: formatDate(r.created_at, locale) })}</p>
              </div>
              <div className="flex shrink-0 items-center justify-between gap-3 sm:flex-col sm:items-end sm:justify-center">
                <span className="whitespace-nowrap text-lg font-semibold tabular-nums" data-testid="receipt-amount">
                  {formatMoney(r.amount)}
                </span>
                <ReceiptStatus status={r.payment_status} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </InfiniteList>
  );
}
