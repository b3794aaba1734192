import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { LoginFlow } from '@/components/auth/login-flow';
import { currentUserOrNull } from '@/lib/api/server';
import { afterLoginPath } from '@/lib/rules/next-path';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('login'))('title') };
}

// /dashboard/login — only for signed-out visitors
export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const raw = (await searchParams).next;
  const next = typeof raw === 'string' ? raw : null;
  const user = await currentUserOrNull<{ type: 'SOFT' | 'STRICT' }>();
  if (user) redirect(`/dashboard${afterLoginPath(next, user.type)}`);
  return <LoginFlow next={next} />;
}
