'use client';
import { useEffect } from 'react';
import { useTranslations } from 'next-intl';
import { api, ApiClientError } from '@/lib/api/client';
import { showMessage } from '@/lib/i18n/message';
import { queryKeys } from '@/lib/query/keys';
import { textLength } from '@/lib/rules/reviews';
import type { ReplyBody, ReplyDto } from '@/lib/schemas/reviews';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/fields';
import { useZodForm } from '@/components/forms/use-zod-form';
import { useApiMutation } from '@/components/query/use-api-mutation';
import { TextHelp } from './text-help';

type Props =
  /** The reviewed host's one reply to a review. */
  | { reviewId: number; reply?: undefined; onDone: () => void }
  /** The reply's author edits it (it waits for approval again). */
  | { reviewId?: undefined; reply: ReplyDto; onDone: () => void };

/** SPEC §4: the host replies once to an approved review of their ad, and may edit the reply; 10–1000 characters. */
export function ReplyForm({ reviewId, reply, onDone }: Props) {
  const t = useTranslations('reviews');
  const tAll = useTranslations();
  const form = useZodForm(() => import('@/lib/schemas/reviews').then((m) => m.replyBody), { defaultValues: { body: reply?.body ?? '' } });
  const save = useApiMutation({
    mutationFn: (values: ReplyBody) =>
      reply ? api<ReplyDto>(`/user/reviews/reply/${reply.id}`, { method: 'PUT', body: values }) : api<ReplyDto>(`/user/reviews/reply/${reviewId}`, { method: 'POST', body: values }),
    form,
    invalidates: [queryKeys.reviews.all],
    success: reply ? t('replyModified') : t('replySaved'),
    // SPEC §8 names the edit's failure; field errors keep 'Error in form!'.
    ...(reply ? { describe: (message: string, error: unknown) => (error instanceof ApiClientError && error.errors.length ? message : t('replyModifyFailed')) } : {}),
    onSuccess: onDone,
  });
  const body = form.watch('body') ?? '';
  const ids = `reply-${reply?.id ?? reviewId}`;
  // The form opens on a click of Reply or Edit: the text box takes the focus.
  useEffect(() => form.setFocus('body'), [form]);
  return (
    <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate className="flex flex-col gap-2" data-testid="reply-form">
      <TextAreaField label={t('replyLabel')} rows={4} error={showMessage(tAll, form.formState.errors.body?.message)} aria-describedby={`${ids}-count ${ids}-hint`} {...form.register('body')} />
      <TextHelp id={ids} hint={t('replyHint')} length={textLength(body.trim())} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending || save.isSuccess}>
          {reply ? t('replySave') : t('replySend')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {tAll('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
