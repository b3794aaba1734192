import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import Check from 'lucide-react/icons/check';
import { JumpToStep } from '@/components/profile/jump-to-step';
import { LazyPayoutForm as PayoutForm } from '@/components/profile/payout-form-lazy';
import { ProfileTabs } from '@/components/profile/profile-tabs';
import { buttonClass } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { PageTitle } from '@/components/ui/page-title';
import { apiGet } from '@/lib/api/server';
import { canUploadIdentity, type KycStatus } from '@/lib/rules/kyc';
import { maskedIban } from '@/lib/rules/payout';
import { missingProfileFields } from '@/lib/rules/profile';
import type { User } from '@/lib/schemas/user-dto';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('payout'))('title') };
}

function Step({ n, title, done, children }: { n: number; title: string; done: boolean; children: React.ReactNode }) {
  return (
    <li className="rounded-lg bg-white p-6 shadow-sm" data-testid={`payout-step-${n}`} data-done={done}>
      <h2 id={`payout-step-${n}-title`} tabIndex={-1} className="mb-4 flex items-center gap-3 text-lg font-semibold outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
        <span className={`flex size-7 items-center justify-center rounded-full text-sm ${done ? 'bg-green-600 text-white' : 'border border-gray-300 text-muted'}`} aria-hidden>
          {done ? <Check className="size-4" /> : n}
        </span>
        {title}
      </h2>
      {children}
    </li>
  );
}

// /dashboard/profile/payout — SPEC §2: the payout tab's stepper: host information and bank account, then the
// one-time ID verification (reachable once the host information is complete).
export default async function PayoutPage() {
  const user = await apiGet<User>('/api/user');
  if (!user.booking_active) redirect('/dashboard/profile');
  const [t, tk, ts] = await Promise.all([getTranslations('payout'), getTranslations('kyc'), getTranslations('sca')]);
  const hostInfoDone = user.bank_account_added_at !== null;
  const profileComplete = missingProfileFields(user).length === 0;
  return (
    <div className="flex flex-col gap-6">
      <PageTitle>{t('title')}</PageTitle>
      <ProfileTabs current="payout" />
      <ol className="flex flex-col gap-6">
        <Step n={1} title={t('stepHost')} done={hostInfoDone}>
          {profileComplete ? (
            <>
              <p className="mb-4 text-sm text-muted">
                {t('personFromProfile', { name: user.business_name && user.type_of_person === 'LEGAL' ? user.business_name : `${user.first_name} ${user.last_name}` })}{' '}
                <Link href="/dashboard/profile" className="font-semibold text-brand-700 underline">
                  {t('editProfile')}
                </Link>
              </p>
              {user.iban ? (
                <p className="mb-4 text-sm" data-testid="payout-account">
                  {t('currentAccount', { iban: maskedIban(user.iban) })}
                </p>
              ) : null}
              {user.pending_recipient_change && user.mango_recipient_id ? (
                <div className="mb-4">
                  <Notice tone="error">
                    {ts('notCompleted')}{' '}
                    <Link href={`/dashboard/payout?rid=${encodeURIComponent(user.mango_recipient_id)}`} className="font-semibold underline">
                      {ts('resume')}
                    </Link>
                  </Notice>
                </div>
              ) : null}
              <PayoutForm user={user} />
              <p className="mt-4 flex flex-wrap gap-4 text-sm">
                {user.bank_account_added_at ? (
                  <Link href="/dashboard/profile/sca-enroll" className="font-semibold text-brand-700 underline">
                    {ts('enrolTitle')}
                  </Link>
                ) : null}
                {/* SPEC §6: DAC7 info only for hosts with reviewed ads and complete tax data. */}
                {user.dac7_valid && user.has_reviewed_cottages ? (
                  <Link href="/dashboard/orders/dac7/info" className="font-semibold text-brand-700 underline">
                    DAC7
                  </Link>
                ) : null}
              </p>
            </>
          ) : (
            <Notice tone="error">
              {t('profileIncomplete')}{' '}
              <Link href="/dashboard/profile?next=/profile/payout" className="font-semibold underline">
                {t('editProfile')}
              </Link>
            </Notice>
          )}
        </Step>
        <Step n={2} title={t('stepId')} done={user.kyc_status === 'SUCCEDED'}>
          {/* SPEC §2: with DAC7 data complete and the identity not yet verified, the stepper opens on this step. */}
          {hostInfoDone && user.dac7_valid && user.kyc_status !== 'SUCCEDED' ? <JumpToStep id="payout-step-2-title" /> : null}
          <p className="text-sm">{t('idIntro')}</p>
          <p className="mt-2 text-sm text-muted" data-testid="kyc-status">
            {hostInfoDone ? t(`kyc_${user.kyc_status}`) : t('idAfterHost')}
          </p>
          {/* Step 2 only once the host information is complete (SPEC §2). */}
          {hostInfoDone && canUploadIdentity(user.kyc_status as KycStatus) ? (
            <Link href="/dashboard/profile/id-verification" className={buttonClass('primary', 'mt-4')}>
              {user.kyc_status === 'FAILED' ? tk('uploadAgain') : tk('upload')}
            </Link>
          ) : null}
        </Step>
      </ol>
    </div>
  );
}
