import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ScaEnrol } from '@/components/profile/sca-enrol';
import { ProfileTabs } from '@/components/profile/profile-tabs';
import { Notice } from '@/components/ui/notice';
import { PageTitle } from '@/components/ui/page-title';
import { apiGet, ApiResponseError } from '@/lib/api/server';
import type { z } from 'zod/mini';
import type { mangoUserDto } from '@/lib/schemas/kyc-dto';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('sca'))('enrolTitle') };
}

// /dashboard/profile/sca-enroll?controlStatus= — SPEC §2, §4: 'Start Verification' sends the host to MangoPay's SCA enrolment; back here with controlStatus
export default async function ScaEnrolPage({ searchParams }: { searchParams: Promise<{ controlStatus?: string }> }) {
  const [{ controlStatus }, t] = await Promise.all([searchParams, getTranslations('sca')]);
  // success: VALIDATED and the payment user ACTIVE; error: VALIDATED without an active user, or FAILED (SPEC §4 SCA status).
  const user = await apiGet<z.infer<typeof mangoUserDto>>('/api/mango/user').catch((error: unknown) => {
    if (error instanceof ApiResponseError && error.status < 500) return null;
    throw error;
  });
  const active = user?.UserStatus === 'ACTIVE';
  const status = active ? 'success' : controlStatus === 'VALIDATED' ? 'notProcessed' : controlStatus ? 'notCompleted' : null;
  return (
    <div className="flex flex-col gap-6">
      <PageTitle>{t('enrolTitle')}</PageTitle>
      <ProfileTabs current="payout" />
      <section className="flex flex-col gap-4 rounded-lg bg-white p-6 shadow-sm" data-testid="sca-enrol" data-status={status ?? 'idle'}>
        <p>{t('enrolIntro')}</p>
        {user === null ? <Notice tone="error">{t('noMangoUser')}</Notice> : null}
        {status === 'success' ? <Notice tone="success">{t('enrolled')}</Notice> : null}
        {status && status !== 'success' ? <Notice tone="error">{t(status)}</Notice> : null}
        {user !== null && !active ? <ScaEnrol /> : null}
      </section>
    </div>
  );
}
