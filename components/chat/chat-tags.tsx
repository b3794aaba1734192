'use client';
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { api, ApiClientError } from '@/lib/api/client';
import { ARCHIVE_TAG_ID } from '@/lib/rules/conversation';
import { useSnackbar } from '@/components/layout/snackbar';
import type { ConversationTag as Tag } from '@/lib/schemas/conversation-dto';

/** The user's tags on a conversation: Important, Follow up, their own, and archive (tag 3) as its own button. */
export function ChatTags({ conversationId, initial, available }: { conversationId: number; initial: Tag[]; available: Tag[] }) {
  const t = useTranslations('chat');
  const router = useRouter();
  const snackbar = useSnackbar();
  const [selected, setSelected] = useState(initial.map((x) => x.id));
  const [known, setKnown] = useState(available.filter((x) => x.id !== ARCHIVE_TAG_ID));
  const [name, setName] = useState('');
  const label = (tag: Tag) => (tag.id <= 3 ? t(`tag_${tag.id}`) : tag.tag);

  const archived = selected.includes(ARCHIVE_TAG_ID);

  async function save(next: number[], done?: string) {
    try {
      await api(`/conversations/${conversationId}/tag`, { body: { tags: next } });
      setSelected(next);
      if (done) snackbar(done, { severity: 'success' });
      router.refresh();
    } catch (error) {
      snackbar(error instanceof ApiClientError && error.message ? error.message : t('sendFailed'));
    }
  }

  async function create() {
    const tag = name.trim();
    if (!tag) return;
    const created = await api<Tag>('/tags', { body: { tag } });
    setKnown((list) => (list.some((x) => x.id === created.id) ? list : [...list, created]));
    setName('');
    await save([...new Set([...selected, created.id])]);
  }

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
              onClick={() => void save(on ? selected.filter((id) => id !== tag.id) : [...selected, tag.id])}
              className={`rounded-full border px-3 py-1 text-xs ${on ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-300 bg-white hover:bg-gray-50'}`}
            >
              {label(tag)}
            </button>
          );
        })}
        <form
          className="flex items-center gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
        >
          <input value={name} maxLength={40} onChange={(e) => setName(e.target.value)} aria-label={t('newTag')} placeholder={t('newTag')} className="w-28 rounded-full border border-gray-300 px-3 py-1 text-xs" />
          <button type="submit" className="text-xs font-semibold text-brand-700 hover:underline">
            {t('addTag')}
          </button>
        </form>
      </div>
      <button
        type="button"
        className="text-sm font-semibold text-brand-700 hover:underline"
        onClick={() => void save(archived ? selected.filter((id) => id !== ARCHIVE_TAG_ID) : [...selected, ARCHIVE_TAG_ID], archived ? t('restored') : t('archived'))}
      >
        {archived ? t('restore') : t('archive')}
      </button>
    </>
  );
}
