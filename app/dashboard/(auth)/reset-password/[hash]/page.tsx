import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';
import { buttonClass } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { currentUserOrNull, marketplaceFetch } from '@/lib/api/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('reset'))('title') };
}

// /dashboard/reset-password/{hash} — only for signed-out visitors
export default async function ResetPasswordPage({ params }: { params: Promise<{ hash: string }> }) {
  const { hash } = await params;
  if (await currentUserOrNull()) redirect('/dashboard/conversations');
  const t = await getTranslations();
  const check = await marketplaceFetch(`/api/user/resetPassword/${encodeURIComponent(hash)}`, { locale: await getLocale() });
  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-semibold">{t('reset.title')}</h1>
      {check.ok ? (
        <ResetPasswordForm hash={hash} />
      ) : (
        <>
          <Notice tone="error">{((await check.json()) as { message: string }).message}</Notice>
          <Link href="/dashboard/login" className={buttonClass('secondary')}>
            {t('reset.toLogin')}
          </Link>
        </>
      )}
    </div>
  );
}
