'use client';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import { showMessage } from '@/lib/i18n/message';
import type { ContactHostBody } from '@/lib/schemas/conversation';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/fields';
import { TextField } from '@/components/ui/text-field';
import { digits, filtered } from '@/components/forms/inputs';
import { useZodForm } from '@/components/forms/use-zod-form';
import { useApiMutation } from '@/components/query/use-api-mutation';

/** A signed-in guest writes the first message about the ad and lands in the conversation. */
export function ContactHostForm({ cottageId }: { cottageId: number }) {
  const t = useTranslations('chat');
  const router = useRouter();
  const tAll = useTranslations();
  // The schema (and zod) load when the guest first sends, not with the public ad page.
  const form = useZodForm(() => import('@/lib/schemas/conversation').then((m) => m.contactHostForm(cottageId)), {
    defaultValues: { text: '', check_in: '', check_out: '', guests: '' },
  });
  const send = useApiMutation({
    mutationFn: (body: ContactHostBody) => api<{ id: number }>('/conversations', { body }),
    form,
    fallback: t('sendFailed'),
    onSuccess: ({ id }) => router.push(`/dashboard/conversations/${id}`),
  });
  const error = (name: 'text' | 'check_in' | 'check_out' | 'guests') => showMessage(tAll, form.formState.errors[name]?.message);
  return (
    <form noValidate className="flex flex-col gap-1" onSubmit={form.handleSubmit((body) => send.mutate(body))}>
      <TextAreaField label={t('contactText')} error={error('text')} {...form.register('text')} />
      <div className="grid grid-cols-2 gap-2">
        <TextField type="date" label={t('checkIn')} error={error('check_in')} {...form.register('check_in')} />
        <TextField type="date" label={t('checkOut')} error={error('check_out')} {...form.register('check_out')} />
      </div>
      <TextField label={t('guests')} inputMode="numeric" maxLength={3} error={error('guests')} {...filtered(form.register('guests'), digits)} />
      <Button type="submit" disabled={send.isPending || send.isSuccess}>
        {t('contactSend')}
      </Button>
    </form>
  );
}
