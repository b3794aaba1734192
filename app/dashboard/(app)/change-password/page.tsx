import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ChangePasswordForm } from '@/components/auth/change-password-form';
import { PageTitle } from '@/components/ui/page-title';
import { apiGet } from '@/lib/api/server';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import type { User } from '@/lib/schemas/user-dto';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('changePassword'))('title') };
}

// /dashboard/change-password — STRICT users only; SOFT users set a password on the profile
export default async function ChangePasswordPage() {
  const user = await apiGet<User>('/api/user');
  if (user.type !== 'STRICT') redirect('/dashboard/profile');
  const t = await getTranslations('changePassword');
  return (
    <div className="max-w-md">
      <Link href="/dashboard/profile" className="mb-4 inline-block text-sm text-brand-700 hover:underline">
        <ArrowLeft className="mr-1 inline size-4 align-[-3px]" aria-hidden />
        {t('back')}
      </Link>
      <PageTitle>{t('title')}</PageTitle>
      <div className="rounded-lg bg-white p-6 shadow-sm">
        <ChangePasswordForm />
      </div>
    </div>
  );
}
