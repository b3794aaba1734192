import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { BrandBar } from '@/components/layout/brand-bar';
import { buttonClass } from '@/components/ui/button';

export default async function NotFound() {
  const t = await getTranslations('notFound');
  return (
    <main className="flex min-h-full flex-col items-center px-4 py-10">
      <BrandBar className="max-w-md pb-6" />
      <div className="flex w-full max-w-md flex-col items-start gap-4 rounded-lg bg-white p-8 shadow-sm">
        <p className="text-5xl font-bold text-brand-700">404</p>
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p className="text-muted">{t('text')}</p>
        <Link href="/dashboard/conversations" className={buttonClass()}>
          {t('back')}
        </Link>
      </div>
    </main>
  );
}
