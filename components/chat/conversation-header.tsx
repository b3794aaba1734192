import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { ConversationTabs } from './conversation-tabs';
import type { Person } from '@/lib/schemas/person';
import ArrowLeft from 'lucide-react/icons/arrow-left';

/** Title (the other participants), back link and the Messages/Offers tabs around the current tab's content. */
export async function ConversationHeader({
  conversation,
  current,
  action,
  children,
}: {
  conversation: { id: number; Users: Pick<Person, 'name' | 'deleted'>[]; cottage: { title_sv: string | null } | null };
  current: 'messages' | 'offers';
  action?: React.ReactNode;
  /** The current tab's panel: the page's own content. */
  children: React.ReactNode;
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
        <ArrowLeft className="mr-1 inline size-4 align-[-3px]" aria-hidden />
        {t('back')}
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{names}</h1>
          {conversation.cottage?.title_sv ? <p className="text-sm text-muted">{t('about', { title: conversation.cottage.title_sv })}</p> : null}
        </div>
        {action}
      </div>
      <ConversationTabs label={names} current={current} tabs={tabs}>
        {children}
      </ConversationTabs>
    </>
  );
}
