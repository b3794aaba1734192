'use client';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import { showMessage } from '@/lib/i18n/message';
import { queryKeys } from '@/lib/query/keys';
import { ARCHIVE_TAG_ID } from '@/lib/rules/conversation';
import { useZodForm } from '@/components/forms/use-zod-form';
import { useApiMutation } from '@/components/query/use-api-mutation';

type Tag = { id: number; tag: string };

/** The user's tags on a conversation: Important, Follow up, their own, and archive (tag 3) as its own button. */
export function ChatTags({ conversationId, initial, available }: { conversationId: number; initial: Tag[]; available: Tag[] }) {
  const t = useTranslations('chat');
  const tAll = useTranslations();
  const [selected, setSelected] = useState(initial.map((x) => x.id));
  const [known, setKnown] = useState(available.filter((x) => x.id !== ARCHIVE_TAG_ID));
  const form = useZodForm(() => import('@/lib/schemas/conversation').then((m) => m.newTagBody), { defaultValues: { tag: '' } });
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
  const create = useApiMutation({
    mutationFn: (body: { tag: string }) => api<Tag>('/tags', { body }),
    form,
    onSuccess: (created) => {
      setKnown((list) => (list.some((x) => x.id === created.id) ? list : [...list, created]));
      form.reset();
      save.mutate({ tags: [...new Set([...selected, created.id])] });
    },
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
        <form className="flex items-center gap-1" noValidate onSubmit={form.handleSubmit((body) => create.mutate(body))}>
          <input
            maxLength={40}
            aria-label={t('newTag')}
            aria-invalid={form.formState.errors.tag ? true : undefined}
            title={showMessage(tAll, form.formState.errors.tag?.message)}
            placeholder={t('newTag')}
            className="w-28 rounded-full border border-gray-300 px-3 py-1 text-xs aria-invalid:border-red-600"
            {...form.register('tag')}
          />
          <button type="submit" className="text-xs font-semibold text-brand-700 hover:underline">
            {t('addTag')}
          </button>
        </form>
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
