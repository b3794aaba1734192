import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ScaSync } from '@/components/profile/sca-sync';
import { PageTitle } from '@/components/ui/page-title';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('sca'))('title') };
}

// /dashboard/payout?rid= — SPEC §2: the return target after the bank account's verification (SCA) at the payment provider
export default async function PayoutReturnPage({ searchParams }: { searchParams: Promise<{ rid?: string }> }) {
  const { rid } = await searchParams;
  const t = await getTranslations('sca');
  return (
    <div className="flex flex-col gap-6">
      <PageTitle>{t('title')}</PageTitle>
      <section className="rounded-lg bg-white p-6 shadow-sm">
        <ScaSync rid={rid && /^[A-Za-z0-9_-]{1,40}$/.test(rid) ? rid : null} />
      </section>
    </div>
  );
}
