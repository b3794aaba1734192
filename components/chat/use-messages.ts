'use client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import { putWithProgress, type UploadTicket } from '@/lib/api/upload';
import { CHAT_POLL_MS } from '@/lib/constants';
import { queryKeys } from '@/lib/query/keys';
import { appendMessages } from '@/lib/rules/conversation';
import { useApiMutation } from '@/components/query/use-api-mutation';
import type { ChatMessage } from '@/lib/schemas/conversation-dto';

/**
 * A conversation's messages: hydrated from the page, then newer ones polled while the tab is visible;
 * sending (retried per SPEC §7), attaching, deleting and marking seen write through the cache.
 */
export function useMessages(id: number, onUploadProgress: (upload: { name: string; percent: number } | null) => void) {
  const t = useTranslations('chat');
  const client = useQueryClient();
  const key = queryKeys.conversations.messages(id);
  const shown = () => client.getQueryData<ChatMessage[]>(key) ?? [];
  const add = (message: ChatMessage) => client.setQueryData<ChatMessage[]>(key, (list = []) => appendMessages(list, [message]));

  const { data: messages = [] } = useQuery({
    queryKey: key,
    queryFn: async () => appendMessages(shown(), await api<ChatMessage[]>(`/conversations/${id}/messages?after=${shown().at(-1)?.id ?? 0}`)),
    refetchInterval: CHAT_POLL_MS,
    refetchIntervalInBackground: false,
    // A failed poll is asked again on the next tick.
    retry: false,
  });

  const send = useApiMutation({
    mutationFn: (text: string) => api<ChatMessage>(`/conversations/${id}/messages`, { body: { text } }),
    retry: true,
    fallback: t('sendFailed'),
    invalidates: [queryKeys.conversations.lists],
    onSuccess: add,
  });

  const attach = useApiMutation({
    mutationFn: async (file: File) => {
      onUploadProgress({ name: file.name, percent: 0 });
      try {
        const ticket = await api<UploadTicket & { path: string }>(`/conversations/${id}/upload`, { body: { fileName: file.name } });
        await putWithProgress(ticket, file, (percent) => onUploadProgress({ name: file.name, percent }));
        return await api<ChatMessage>(`/conversations/${id}/files`, { body: { path: ticket.path, fileName: file.name } });
      } finally {
        onUploadProgress(null);
      }
    },
    fallback: t('uploadFailed'),
    onSuccess: add,
  });

  const remove = useApiMutation({
    mutationFn: (message: ChatMessage) => api(`/conversations/${id}/messages/${message.id}`, { method: 'DELETE' }),
    onSuccess: (_, message) => client.setQueryData<ChatMessage[]>(key, (list = []) => list.map((m) => (m.id === message.id ? { ...m, text: '', deleted_at: new Date().toISOString() } : m))),
  });

  const seen = useApiMutation({ mutationFn: (messageId: number) => api(`/conversations/${id}/messages/${messageId}/seen`, { method: 'POST' }), quiet: true });

  return { messages, send, attach, remove, seen };
}
