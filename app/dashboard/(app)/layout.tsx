import { webConfig } from '@/lib/api/config';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { Logo } from '@/components/layout/logo';
import { ProfileCompletionDialog } from '@/components/layout/profile-completion-dialog';
import { SideMenu } from '@/components/layout/side-menu';
import { apiGet } from '@/lib/api/server';
import { isProfileComplete, type ProfileFields } from '@/lib/rules/profile';
import type { TodoItem as Todo } from '@/lib/schemas/user-dto';

/** The signed-in shell: side menu with the to-do badge, language switch, profile dialog. */
export default async function AppLayout({ children }: { children: React.ReactNode }) {
  const [user, todos] = await Promise.all([apiGet<ProfileFields>('/api/user'), apiGet<Todo[]>('/api/user/todo')]);
  const unread = todos.filter((item) => !item.value.read).length;
  const t = await getTranslations('common');
  return (
    // The menu itself is fixed to the viewport; this stripe behind it grows with the page, so the
    // menu's white column reaches the bottom of long pages (full-page captures included).
    <div className="relative min-h-full lg:pl-[300px] lg:before:absolute lg:before:inset-y-0 lg:before:left-0 lg:before:w-[300px] lg:before:border-r lg:before:border-gray-200 lg:before:bg-white lg:before:content-[''] print:pl-0 print:before:hidden">
      <SideMenu
        unread={unread}
        helpUrl={webConfig.supportWidgetUrl}
        header={
          <Link href="/dashboard/conversations" aria-label={t('appName')}>
            <Logo />
          </Link>
        }
        footer={<LanguageSwitch />}
      />
      <main className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-8 sm:py-10 print:max-w-none print:p-0">{children}</main>
      <ProfileCompletionDialog incomplete={!isProfileComplete(user)} />
    </div>
  );
}
