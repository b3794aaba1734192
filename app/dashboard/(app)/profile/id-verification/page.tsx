import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { IdProofForm } from '@/components/profile/id-proof-form';
import { KycDocuments } from '@/components/profile/kyc-documents';
import { ProfileTabs } from '@/components/profile/profile-tabs';
import { Notice } from '@/components/ui/notice';
import { PageTitle } from '@/components/ui/page-title';
import { apiGet } from '@/lib/api/server';
import type { KycState } from '@/lib/schemas/kyc-dto';
import type { User } from '@/lib/schemas/user-dto';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('kyc'))('title') };
}

// /dashboard/profile/id-verification — SPEC §2: the one-time ID-document upload (passport one side; ID card or driving licence two)
export default async function IdVerificationPage() {
  const [user, kyc] = await Promise.all([apiGet<User>('/api/user'), apiGet<KycState>('/api/mango/kyc')]);
  if (!user.booking_active) redirect('/dashboard/profile');
  const [t, tp] = await Promise.all([getTranslations('kyc'), getTranslations('payout')]);
  return (
    <div className="flex flex-col gap-6">
      <PageTitle>{t('title')}</PageTitle>
      <ProfileTabs current="payout" />
      <section className="flex flex-col gap-4 rounded-lg bg-white p-6 shadow-sm">
        <p>{t('intro')}</p>
        <p className="text-sm text-muted" data-testid="kyc-status">
          {tp(`kyc_${kyc.kyc_status}`)}
        </p>
        <KycDocuments documents={kyc.documents} />
        {kyc.can_upload ? (
          <IdProofForm firstName={user.first_name} lastName={user.last_name} />
        ) : user.bank_account_added_at === null ? (
          <Notice>
            {tp('idAfterHost')}{' '}
            <Link href="/dashboard/profile/payout" className="font-semibold underline">
              {tp('stepHost')}
            </Link>
          </Notice>
        ) : null}
      </section>
    </div>
  );
}
