import type { Metadata } from 'next';
import Link from 'next/link';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import { getTranslations } from 'next-intl/server';
import FileText from 'lucide-react/icons/file-text';
import { ReceiptFilters } from '@/components/orders/receipt-filters';
import { ReceiptsList } from '@/components/orders/receipts-list';
import { PageTitle } from '@/components/ui/page-title';
import { apiGet, ApiResponseError } from '@/lib/api/server';
import { queryKeys } from '@/lib/query/keys';
import { receiptsPath } from '@/lib/query/lists';
import { getQueryClient } from '@/lib/query/server';
import { receiptFiltersOf } from '@/lib/rules/receipts';
import type { ReceiptPage } from '@/lib/schemas/orders';
import type { User } from '@/lib/schemas/user-dto';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('receipts'))('title') };
}

type Search = { type?: string; paid_at_from?: string; paid_at_to?: string; order?: string };

// /dashboard/orders[?type=&paid_at_from=&paid_at_to=&order=] — My receipts: payments, refunds, payouts and fees
export default async function ReceiptsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const filters = receiptFiltersOf(await searchParams);
  const [t, user] = await Promise.all([getTranslations('receipts'), apiGet<User>('/api/user')]);
  // The first page comes with the page; if it fails here, the list asks again in the browser
  // (SPEC §9: 3 attempts 2 s apart, then the failure text with Try Again).
  const queryClient = getQueryClient();
  try {
    await queryClient.fetchInfiniteQuery({
      queryKey: queryKeys.receipts.list(filters),
      queryFn: ({ pageParam }) => apiGet<ReceiptPage>(`/api${receiptsPath(filters, pageParam)}`),
      initialPageParam: 0,
    });
  } catch (error) {
    if (!(error instanceof ApiResponseError)) throw error;
  }
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4">
        <PageTitle>{t('title')}</PageTitle>
        {/* SPEC §2: the DAC7 report only for hosts with reviewed ads and complete tax data. */}
        {user.dac7_valid && user.has_reviewed_cottages ? (
          <Link href="/dashboard/orders/dac7/info" className="mb-6 inline-flex items-center gap-1.5 py-1 text-sm font-semibold text-brand-700 hover:underline sm:mt-2">
            <FileText className="size-4" aria-hidden />
            {t('dac7')}
          </Link>
        ) : null}
      </div>
      <ReceiptFilters {...filters} />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <ReceiptsList filters={filters} />
      </HydrationBoundary>
    </div>
  );
}
