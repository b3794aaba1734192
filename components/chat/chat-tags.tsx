'use client';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/query/keys';
import { ARCHIVE_TAG_ID } from '@/lib/rules/conversation';
import dynamic from 'next/dynamic';
import { useApiMutation } from '@/components/query/use-api-mutation';

type Tag = { id: number; tag: string };

// The new-tag form (react-hook-form) loads after the page: the chat stays within its JS budget.
const NewTagForm = dynamic(() => import('./new-tag-form').then((m) => m.NewTagForm), { ssr: false, loading: () => <span className="inline-block h-7 w-40" aria-hidden /> });

/** The user's tags on a conversation: Important, Follow up, their own, and archive (tag 3) as its own button. */
export function ChatTags({ conversationId, initial, available }: { conversationId: number; initial: Tag[]; available: Tag[] }) {
  const t = useTranslations('chat');
  const [selected, setSelected] = useState(initial.map((x) => x.id));
  const [known, setKnown] = useState(available.filter((x) => x.id !== ARCHIVE_TAG_ID));
  const label = (tag: Tag) => (tag.id <= 3 ? t(`tag_${tag.id}`) : tag.tag);

  const archived = selected.includes(ARCHIVE_TAG_ID);

  const save = useApiMutation({
    mutationFn: ({ tags }: { tags: number[]; done?: string }) => api(`/conversations/${conversationId}/tag`, { body: { tags } }),
    fallback: t('sendFailed'),
    refresh: true,
    invalidates: [queryKeys.conversations.lists],
    success: (_, { done }) => done ?? null,
    onSuccess: (_, { tags }) => setSelected(tags),
  });
  return (
    <>
      <div className="flex flex-wrap items-center gap-2" aria-label={t('tags')} role="group">
        {known.map((tag) => {
          const on = selected.includes(tag.id);
          return (
            <button
              key={tag.id}
              type="button"
              aria-pressed={on}
              onClick={() => save.mutate({ tags: on ? selected.filter((id) => id !== tag.id) : [...selected, tag.id] })}
              className={`rounded-full border px-3 py-1 text-xs ${on ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-300 bg-white hover:bg-gray-50'}`}
            >
              {label(tag)}
            </button>
          );
        })}
        <NewTagForm
          onCreated={(created) => {
            setKnown((list) => (list.some((x) => x.id === created.id) ? list : [...list, created]));
            save.mutate({ tags: [...new Set([...selected, created.id])] });
          }}
        />
      </div>
      <button
        type="button"
        className="text-sm font-semibold text-brand-700 hover:underline"
        onClick={() => save.mutate({ tags: archived ? selected.filter((id) => id !== ARCHIVE_TAG_ID) : [...selected, ARCHIVE_TAG_ID], done: archived ? t('restored') : t('archived') })}
      >
        {archived ? t('restore') : t('archive')}
      </button>
    </>
  );
}
