import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { buttonClass } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('conversations'))('title') };
}

// /dashboard/conversations — the inbox root (conversations themselves arrive with the conversations issue)
export default async function ConversationsPage() {
  const t = await getTranslations('conversations');
  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <div className="flex flex-col items-start gap-4 rounded-lg bg-white p-6 shadow-sm">
        <p className="text-muted">{t('empty')}</p>
        <Link href="/" className={buttonClass('secondary')}>
          {t('contactHost')}
        </Link>
      </div>
    </>
  );
}
