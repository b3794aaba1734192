import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { DeleteAccount } from '@/components/profile/delete-account';
import { LazyProfileForm as ProfileForm, LazySetPassword as SetPassword } from '@/components/profile/profile-form-lazy';
import { ProfileTabs } from '@/components/profile/profile-tabs';
import type { User as ProfileUser } from '@/lib/schemas/user-dto';
import { Notice } from '@/components/ui/notice';
import { PageTitle } from '@/components/ui/page-title';
import { apiGet } from '@/lib/api/server';
import { safeNext } from '@/lib/rules/next-path';
import { missingProfileFields } from '@/lib/rules/profile';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('profile'))('title') };
}

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `panel-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="rounded-lg bg-white p-6 shadow-sm">
      <h2 id={id} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

// /dashboard/profile — SPEC §2: tabs profile and payout (payout only when booking is active); panels basic
// information, password (SOFT), change-password link (STRICT), delete my account. `next` returns the user
// to where the profile was asked for once it is complete; `booking=true` says why.
export default async function ProfilePage({ searchParams }: { searchParams: Promise<{ next?: string; booking?: string }> }) {
  const params = await searchParams;
  const next = safeNext(params.next);
  const user = await apiGet<ProfileUser>('/api/user');
  const t = await getTranslations('profile');
  const fieldsComplete = missingProfileFields(user).length === 0;
  return (
    <div className="flex flex-col gap-6">
      <PageTitle>{t('title')}</PageTitle>
      {user.booking_active ? <ProfileTabs current="profile" /> : null}
      {params.booking === 'true' ? <Notice>{t('bookingNotice')}</Notice> : null}
      <Panel title={t('basicInformation')}>
        <ProfileForm user={user} next={next} />
      </Panel>
      {user.type === 'SOFT' ? (
        <Panel title={t('passwordPanel')}>
          <p className="mb-4 text-sm text-muted">{t('passwordIntro')}</p>
          <div className="max-w-md">
            <SetPassword next={next} complete={fieldsComplete} />
          </div>
        </Panel>
      ) : null}
      <Panel title={t('accountPanel')}>
        <p className="mb-3 text-sm text-muted">{t('downloadIntro')}</p>
        <div className="flex flex-wrap items-center gap-6">
          <a href="/api/user/export" download className="text-sm font-semibold text-brand-700 hover:underline">
            {t('downloadData')}
          </a>
          {user.type === 'STRICT' ? (
            <Link href="/dashboard/change-password" className="text-sm font-semibold text-brand-700 hover:underline">
              {t('changePassword')}
            </Link>
          ) : null}
          <DeleteAccount />
        </div>
      </Panel>
    </div>
  );
}
