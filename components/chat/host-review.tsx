'use client';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import { showMessage } from '@/lib/i18n/message';
import type * as z from 'zod/mini';
import type { hostReviewBody } from '@/lib/schemas/conversation';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/fields';
import { useZodForm } from '@/components/forms/use-zod-form';
import { useApiMutation } from '@/components/query/use-api-mutation';

type HostReviewBody = z.output<typeof hostReviewBody>;
const DETAILS = ['fast', 'friendly', 'slow', 'calendar_outdated', 'price_outdated'] as const;

/** SPEC §3/§6: a guest rates the host (recommended or not, with details), anonymously, once the conversation has more than one message. */
export function HostReview({ conversationId }: { conversationId: number }) {
  const t = useTranslations('chat');
  const tAll = useTranslations();
  const form = useZodForm(() => import('@/lib/schemas/conversation').then((m) => m.hostReviewBody), {
    defaultValues: { recommended: undefined, details: { ...Object.fromEntries(DETAILS.map((key) => [key, false])), other: '' } },
  });
  const recommended = form.watch('recommended');
  const send = useApiMutation({
    mutationFn: (body: HostReviewBody) => api(`/conversations/${conversationId}/review`, { body }),
    form,
    fallback: t('sendFailed'),
  });
  const choose = (value: boolean) => form.setValue('recommended', value, { shouldDirty: true });
  if (send.isSuccess) return <p className="rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-800">{t('reviewHostThanks')}</p>;
  return (
    <div className="flex flex-col gap-3 rounded-lg bg-white px-4 py-3 shadow-sm" data-testid="host-review">
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-sm font-medium">{t('reviewHostTitle')}</span>
        <Button variant={recommended === true ? 'primary' : 'secondary'} aria-pressed={recommended === true} onClick={() => choose(true)}>
          {t('reviewHostYes')}
        </Button>
        <Button variant={recommended === false ? 'primary' : 'secondary'} aria-pressed={recommended === false} onClick={() => choose(false)}>
          {t('reviewHostNo')}
        </Button>
      </div>
      {recommended !== undefined ? (
        <>
          <fieldset className="flex flex-wrap gap-x-5">
            <legend className="mb-1 text-sm text-muted">{t('reviewHostDetails')}</legend>
            {DETAILS.map((key) => (
              <CheckboxField key={key} label={t(`reviewDetail_${key}`)} {...form.register(`details.${key}`)} />
            ))}
          </fieldset>
          <label className="flex flex-col gap-1 text-sm">
            {t('reviewDetail_other')}
            <input maxLength={1000} className="rounded-md border border-gray-300 px-3 py-2" {...form.register('details.other')} />
          </label>
          {form.formState.errors.details?.other ? (
            <p role="alert" className="text-sm text-red-700">
              {showMessage(tAll, form.formState.errors.details.other.message)}
            </p>
          ) : null}
          <div>
            <Button onClick={() => void form.handleSubmit((body) => send.mutate(body))()} disabled={send.isPending}>
              {t('reviewHostSend')}
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}
