import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { Chat } from '@/components/chat/chat';
import { ChatTags } from '@/components/chat/chat-tags';
import { HostReview } from '@/components/chat/host-review';
import { PhoneContacts } from '@/components/chat/phone-contacts';
import type { Conversation } from '@/components/chat/types';
import { Notice } from '@/components/ui/notice';
import { apiGet, ApiResponseError } from '@/lib/api/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('chat'))('inboxTitle') };
}

// /dashboard/conversations/{id} — the chat (Messages tab); Offers is the conversation's bookings
export default async function ConversationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^\d{1,9}$/.test(id)) notFound();
  const t = await getTranslations('chat');
  let conversation: Conversation;
  let me: { id: number };
  let tags: { id: number; tag: string }[];
  try {
    [conversation, me, tags] = await Promise.all([
      apiGet<Conversation>(`/api/conversations/${id}`),
      apiGet<{ id: number }>('/api/user'),
      apiGet<{ id: number; tag: string }[]>('/api/tags'),
    ]);
  } catch (error) {
    if (error instanceof ApiResponseError) {
      return <Notice tone="error">{error.status === 404 || error.status === 400 ? t('invalidConversation') : t('loadFailed')}</Notice>;
    }
    throw error;
  }
  const names = conversation.Users.map((u) => (u.deleted ? t('deletedUser') : u.name)).join(', ');
  return (
    <div className="flex flex-col gap-4">
      <Link href="/dashboard/conversations" className="text-sm text-brand-700 hover:underline">
        ← {t('back')}
      </Link>
      <div>
        <h1 className="text-2xl font-semibold">{names}</h1>
        {conversation.cottage?.title_sv ? <p className="text-sm text-muted">{t('about', { title: conversation.cottage.title_sv })}</p> : null}
      </div>
      <nav className="flex gap-2 border-b border-gray-200" aria-label={names}>
        <span aria-current="page" aria-disabled="true" className="border-b-2 border-brand-700 px-3 py-2 text-sm font-semibold">
          {t('messagesTab')}
        </span>
        <Link href={`/dashboard/conversations/${conversation.id}/bookings`} className="px-3 py-2 text-sm text-muted hover:text-ink">
          {t('offersTab')}
        </Link>
      </nav>
      {conversation.can_review_host ? <HostReview conversationId={conversation.id} /> : null}
      <Chat
        conversation={conversation}
        me={me.id}
        toolbar={
          <>
            <ChatTags conversationId={conversation.id} initial={conversation.tags} available={tags} />
            <PhoneContacts people={conversation.Users} />
          </>
        }
      />
    </div>
  );
}
