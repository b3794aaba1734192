'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Controller } from 'react-hook-form';
import { api, ApiClientError } from '@/lib/api/client';
import { showMessage } from '@/lib/i18n/message';
import { queryKeys } from '@/lib/query/keys';
import { reviewYears, SCORES, textLength } from '@/lib/rules/reviews';
import type { ReviewContent, ReviewDto } from '@/lib/schemas/reviews';
import { Button, buttonClass } from '@/components/ui/button';
import { SelectField, TextAreaField } from '@/components/ui/fields';
import { UnsavedChangesPrompt } from '@/components/layout/unsaved-changes-prompt';
import { useZodForm } from '@/components/forms/use-zod-form';
import { useApiMutation } from '@/components/query/use-api-mutation';
import { StarInput } from './star-input';
import { TextHelp } from './text-help';

type Target =
  /** A new review of a finished stay (the booking, or the latest reviewable stay at the ad). */
  | { kind: 'new'; cottageId: number; bookingId: number | null }
  /** The author edits their review: it waits for approval again. */
  | { kind: 'edit'; id: number };

type Props = { target: Target; thisYear: number; initial: Partial<ReviewContent> };

/** SPEC §5 Reviews: four required 1–5 scores, the year among the last five, an optional text of 10–1000 characters. */
export function ReviewForm({ target, thisYear, initial }: Props) {
  const t = useTranslations('reviews');
  const tAll = useTranslations();
  const router = useRouter();
  const form = useZodForm(() => import('@/lib/schemas/reviews').then((m) => m.reviewContent(thisYear)), {
    defaultValues: { body: '', year: thisYear, ...initial },
  });
  const save = useApiMutation({
    mutationFn: (values: ReviewContent) =>
      target.kind === 'new'
        ? api<ReviewDto>('/user/reviews', { method: 'POST', body: { ...values, body: values.body ?? '', cottage_id: target.cottageId, booking_id: target.bookingId } })
        : api<ReviewDto>(`/user/reviews/${target.id}`, { method: 'PUT', body: { ...values, body: values.body ?? '' } }),
    form,
    invalidates: [queryKeys.reviews.all, queryKeys.bookings.all],
    success: target.kind === 'new' ? t('saved') : t('modified'),
    // SPEC §8: an edit that fails says so; field errors keep 'Error in form!' with the fields marked.
    ...(target.kind === 'edit' ? { describe: (message: string, error: unknown) => (error instanceof ApiClientError && error.errors.length ? message : t('modifyFailed')) } : {}),
    onSuccess: () => router.push('/dashboard/reviews'),
  });
  const error = (name: keyof ReviewContent) => showMessage(tAll, form.formState.errors[name]?.message);
  const body = form.watch('body') ?? '';

  return (
    <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate className="flex flex-col gap-3 rounded-lg bg-white p-5 shadow-sm" data-testid="review-form">
      <div className="grid gap-x-8 gap-y-2 sm:grid-cols-2">
        {SCORES.map((name) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => <StarInput legend={t(name)} name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={error(name)} />}
          />
        ))}
      </div>
      <div className="max-w-xs">
        <SelectField label={t('year')} error={error('year')} {...form.register('year', { valueAsNumber: true })}>
          {reviewYears(thisYear).map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="flex flex-col gap-1">
        <TextAreaField label={t('bodyLabel')} rows={6} error={error('body')} aria-describedby="review-body-hint review-body-count" {...form.register('body')} />
        <TextHelp id="review-body" hint={t('bodyHint')} length={textLength(body.trim())} />
      </div>
      <p className="text-sm text-muted">{target.kind === 'new' ? t('approvalInfo') : t('editInfo')}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending || save.isSuccess}>
          {target.kind === 'new' ? t('submit') : t('saveChanges')}
        </Button>
        <Link href="/dashboard/reviews" className={buttonClass('secondary')}>
          {tAll('common.cancel')}
        </Link>
      </div>
      <UnsavedChangesPrompt when={form.formState.isDirty && !save.isSuccess} />
    </form>
  );
}
