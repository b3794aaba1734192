'use client';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import { showMessage } from '@/lib/i18n/message';
import { useZodForm } from '@/components/forms/use-zod-form';
import { useApiMutation } from '@/components/query/use-api-mutation';

type Tag = { id: number; tag: string };

/** A new tag of the user's own, created and then put on the conversation by the caller. */
export function NewTagForm({ onCreated }: { onCreated: (tag: Tag) => void }) {
  const t = useTranslations('chat');
  const tAll = useTranslations();
  const form = useZodForm(() => import('@/lib/schemas/conversation').then((m) => m.newTagBody), { defaultValues: { tag: '' } });
  const create = useApiMutation({
    mutationFn: (body: { tag: string }) => api<Tag>('/tags', { body }),
    form,
    onSuccess: (created) => {
      form.reset();
      onCreated(created);
    },
  });
  return (
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
  );
}
