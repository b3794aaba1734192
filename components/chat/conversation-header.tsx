import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { Person } from '@/lib/schemas/person';

/** Title (the other participants), back link and the Messages/Offers tabs; the current tab is disabled. */
export async function ConversationHeader({
  conversation,
  current,
  action,
}: {
  conversation: { id: number; Users: Pick<Person, 'name' | 'deleted'>[]; cottage: { title_sv: string | null } | null };
  current: 'messages' | 'offers';
  action?: React.ReactNode;
}) {
  const t = await getTranslations('chat');
  const names = conversation.Users.map((u) => (u.deleted ? t('deletedUser') : u.name)).join(', ');
  const tabs = [
    { key: 'messages', href: `/dashboard/conversations/${conversation.id}`, label: t('messagesTab') },
    { key: 'offers', href: `/dashboard/conversations/${conversation.id}/bookings`, label: t('offersTab') },
  ] as const;
  return (
    <>
      <Link href="/dashboard/conversations" className="text-sm text-brand-700 hover:underline print:hidden">
        ← {t('back')}
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{names}</h1>
          {conversation.cottage?.title_sv ? <p className="text-sm text-muted">{t('about', { title: conversation.cottage.title_sv })}</p> : null}
        </div>
        {action}
      </div>
      <nav className="flex gap-2 border-b border-gray-200 print:hidden" aria-label={names}>
        {tabs.map((tab) =>
          tab.key === current ? (
            <span key={tab.key} aria-current="page" aria-disabled="true" className="border-b-2 border-brand-700 px-3 py-2 text-sm font-semibold">
              {tab.label}
            </span>
          ) : (
            <Link key={tab.key} href={tab.href} className="px-3 py-2 text-sm text-muted hover:text-ink">
              {tab.label}
            </Link>
          ),
        )}
      </nav>
    </>
  );
}
