import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { CreateAd } from '@/components/cottages/create-ad';
import { PageTitle } from '@/components/ui/page-title';
import { apiGet } from '@/lib/api/server';
import { isProfileComplete, type ProfileFields } from '@/lib/rules/profile';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('cottage'))('newTitle') };
}

// /dashboard/cottages/new and /dashboard/cottages/new/fixed — start a new ad
export default async function NewCottagePage({ params }: { params: Promise<{ variant?: string[] }> }) {
  const { variant } = await params;
  if (variant && (variant.length > 1 || variant[0] !== 'fixed')) notFound();
  const fixed = variant?.[0] === 'fixed';
  const user = await apiGet<ProfileFields>('/api/user');
  // SPEC §2: creating an ad needs a complete profile; the profile sends the host back here.
  if (!isProfileComplete(user)) redirect(`/dashboard/profile?next=/cottages/new${fixed ? '/fixed' : ''}`);
  const t = await getTranslations('cottage');
  return (
    <div className="max-w-xl">
      <PageTitle>{t('newTitle')}</PageTitle>
      <div className="flex flex-col items-start gap-4 rounded-lg bg-white p-6 shadow-sm">
        <p className="text-muted">{t('newIntro')}</p>
        {fixed ? <p className="text-muted">{t('newFixedIntro')}</p> : null}
        <CreateAd fixed={fixed} />
      </div>
    </div>
  );
}
