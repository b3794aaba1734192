import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import { getTranslations } from 'next-intl/server';
import { Chat } from '@/components/chat/chat';
import { ConversationHeader } from '@/components/chat/conversation-header';
import { ChatTags } from '@/components/chat/chat-tags';
import { AskForReview, HostReview } from '@/components/chat/lazy-widgets';
import { PhoneContacts } from '@/components/chat/phone-contacts';
import type { AskForReviewAnswer, Conversation, TagUsage } from '@/lib/schemas/conversation-dto';
import { buttonClass } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { apiGet, ApiResponseError } from '@/lib/api/server';
import type { User } from '@/lib/schemas/user-dto';
import { queryKeys } from '@/lib/query/keys';
import { getQueryClient } from '@/lib/query/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('chat'))('inboxTitle') };
}

// /dashboard/conversations/{id} — the chat (Messages tab); Offers is the conversation's bookings
export default async function ConversationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^\d{1,9}$/.test(id)) notFound();
  const t = await getTranslations('chat');
  const tb = await getTranslations('booking');
  let conversation: Conversation;
  let me: { id: number };
  let tags: { id: number; tag: string }[];
  let canAsk: { allowed: boolean };
  try {
    [conversation, me, tags, canAsk] = await Promise.all([
      apiGet<Conversation>(`/api/conversations/${id}`),
      apiGet<User>('/api/user'),
      apiGet<TagUsage[]>('/api/tags'),
      apiGet<AskForReviewAnswer>(`/api/conversations/${id}/can-ask-for-review`),
    ]);
  } catch (error) {
    if (error instanceof ApiResponseError) {
      return <Notice tone="error">{error.status === 404 || error.status === 400 ? t('invalidConversation') : t('loadFailed')}</Notice>;
    }
    throw error;
  }
  // SPEC §2: the header action (phone contacts) is hidden in commission conversations until a booking there is paid.
  // The chat's messages start from what the page loaded; the client polls for newer ones.
  const queryClient = getQueryClient();
  queryClient.setQueryData(queryKeys.conversations.messages(conversation.id), conversation.Messages);
  const showPhones = !conversation.filters.commission || conversation.filters.conversation_bookings > 0;
  return (
    <div className="flex flex-col gap-4">
      <ConversationHeader
        conversation={conversation}
        current="messages"
        action={
          conversation.role === 'host' ? (
            <Link href={`/dashboard/conversations/${conversation.id}/bookings/new`} className={buttonClass('primary')}>
              {tb('createOffer')}
            </Link>
          ) : null
        }
      >
        {canAsk.allowed ? <AskForReview conversationId={conversation.id} /> : null}
        {conversation.can_review_host ? <HostReview conversationId={conversation.id} /> : null}
        <HydrationBoundary state={dehydrate(queryClient)}>
          <Chat
            conversation={conversation}
            me={me.id}
            toolbar={
              <>
                <ChatTags conversationId={conversation.id} initial={conversation.tags} available={tags} />
                {showPhones ? <PhoneContacts people={conversation.Users} /> : null}
              </>
            }
          />
        </HydrationBoundary>
      </ConversationHeader>
    </div>
  );
}
