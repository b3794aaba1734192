'use client';
import { useEffect, useId } from 'react';
import { useTranslations } from 'next-intl';
import { api, ApiClientError } from '@/lib/api/client';
import { errorText, fieldErrorsOf } from '@/lib/api/errors';
import { showMessage } from '@/lib/i18n/message';
import { FEEDS_PER_COTTAGE } from '@/lib/rules/ical';
import type { FeedBody, Feeds } from '@/lib/schemas/calendar-feeds';
import { useZodForm } from '@/components/forms/use-zod-form';
import { useApiMutation } from '@/components/query/use-api-mutation';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { StatusLine, useStatus } from './status-line';
import { useSetFeeds } from './use-feeds';

/** Sites hosts often import from (the name is free text). */
const SITES = ['Airbnb', 'Booking.com', 'Vrbo', 'Novasol', 'Sembo'];

type Props = { cottageId: number; count: number; onDirtyChange: (dirty: boolean) => void };

/**
 * Import another site's calendar: a name and its iCal address, fetched at once by the API. The step
 * dialog is itself a <form>, so this one is a group whose Enter key and button submit it.
 */
export function AddFeedForm({ cottageId, count, onDirtyChange }: Props) {
  const t = useTranslations('calendarSync');
  const tAll = useTranslations();
  const id = useId();
  const setFeeds = useSetFeeds(cottageId);
  const [status, say, clear] = useStatus();
  const form = useZodForm(() => import('@/lib/schemas/calendar-feeds').then((m) => m.feedBody), { defaultValues: { name: '', url: '' } });
  const add = useApiMutation({
    mutationFn: (body: FeedBody) => api<Feeds>(`/cottages/${cottageId}/feeds`, { body }),
    form,
    // 'Already imported', 'at most 10': said on the address field.
    field: 'url',
    quiet: true,
    onSuccess: (data, body) => {
      setFeeds(data);
      form.reset();
      const added = data.feeds.find((f) => f.name === body.name && f.url === body.url);
      say(added?.last_error ? t('addedFailed', { name: body.name }) : t('added', { name: body.name }), Boolean(added?.last_error));
    },
    onError: (error) => {
      const onFields = error instanceof ApiClientError && error.status === 400 && (!error.errors.length || Object.keys(fieldErrorsOf(error, ['name', 'url'])).length > 0);
      if (!onFields) say(errorText(error, tAll), true);
    },
  });
  const dirty = form.formState.isDirty;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const full = count >= FEEDS_PER_COTTAGE;
  const submit = () => {
    clear();
    return form.handleSubmit((body) => add.mutate(body))();
  };
  const errors = form.formState.errors;

  return (
    <section aria-labelledby={`${id}-title`} aria-describedby={`${id}-limit`}>
      <h3 id={`${id}-title`} className="mb-1 font-semibold">
        {t('addTitle')}
      </h3>
      <p className="mb-3 text-sm text-muted">{t('addText')}</p>
      <div
        role="group"
        aria-labelledby={`${id}-title`}
        className="grid gap-x-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] sm:items-start"
        onKeyDown={(event) => {
          if (event.key === 'Enter' && event.target instanceof HTMLInputElement && !event.nativeEvent.isComposing) {
            event.preventDefault();
            if (!add.isPending) void submit();
          }
        }}
      >
        <TextField label={t('nameLabel')} list={`${id}-sites`} autoComplete="off" disabled={full} error={showMessage(tAll, errors.name?.message)} {...form.register('name')} />
        <datalist id={`${id}-sites`}>
          {SITES.map((site) => (
            <option key={site} value={site} />
          ))}
        </datalist>
        <TextField
          label={t('urlLabel')}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://…/calendar.ics"
          disabled={full}
          error={showMessage(tAll, errors.url?.message)}
          {...form.register('url')}
        />
        {/* aria-disabled while importing: a disabled button would drop the keyboard's focus. */}
        <Button className="sm:mt-6" onClick={() => !add.isPending && void submit()} disabled={full} aria-disabled={add.isPending || undefined}>
          {add.isPending ? t('importing') : t('import')}
        </Button>
      </div>
      <p id={`${id}-limit`} className="text-sm text-muted">
        {full ? t('limitReached', { max: FEEDS_PER_COTTAGE }) : t('limit', { max: FEEDS_PER_COTTAGE })}
      </p>
      <StatusLine status={status} className="mt-1" />
    </section>
  );
}
