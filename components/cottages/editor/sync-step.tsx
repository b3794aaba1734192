'use client';
import { useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { FEED_SYNC_MINUTES, FEEDS_PER_COTTAGE } from '@/lib/rules/ical';
import type { Cottage } from '@/lib/schemas/cottage-dto';
import { AddFeedForm } from '@/components/cottages/sync/add-feed-form';
import { ExportAddress } from '@/components/cottages/sync/export-address';
import { FeedItem } from '@/components/cottages/sync/feed-item';
import { StatusLine, useStatus } from '@/components/cottages/sync/status-line';
import { useFeeds } from '@/components/cottages/sync/use-feeds';
import { Button } from '@/components/ui/button';
import { StepDialog } from './step-dialog';

/**
 * Issue 18, calendar sync: the ad's exported calendar address, the other sites' calendars it imports
 * (their health, overlaps with Stuga bookings, sync now, remove) and the form adding one. Every action
 * saves at once, so the dialog has no Save button; only the add form's unsent input is unsaved.
 */
export function SyncStep({ cottage }: { cottage: Cottage }) {
  const t = useTranslations('calendarSync');
  const tCommon = useTranslations('common');
  const id = useId();
  const query = useFeeds(cottage.id);
  const [dirty, setDirty] = useState(false);
  const [status, say] = useStatus();
  const listTitle = useRef<HTMLHeadingElement>(null);
  const data = query.data;

  return (
    <StepDialog cottageId={cottage.id} title={t('title')} size="wide" dirty={dirty} saving={false}>
      <p className="mb-6 text-sm">{t('intro')}</p>
      {data ? (
        <>
          <ExportAddress cottageId={cottage.id} url={data.export_url} />
          <section aria-labelledby={`${id}-feeds`} className="mb-8">
            <h3 id={`${id}-feeds`} ref={listTitle} tabIndex={-1} className="mb-1 rounded-sm font-semibold">
              {t('importedTitle')} <span className="font-normal text-muted">({t('count', { count: data.feeds.length, max: FEEDS_PER_COTTAGE })})</span>
            </h3>
            <p className="text-sm text-muted">{t('importedText', { minutes: FEED_SYNC_MINUTES })}</p>
            <StatusLine status={status} className="my-1" />
            {data.feeds.length ? (
              <ul className="divide-y divide-gray-200 border-y border-gray-200" data-testid="feeds">
                {data.feeds.map((feed) => (
                  <FeedItem
                    key={feed.id}
                    cottageId={cottage.id}
                    feed={feed}
                    say={say}
                    onRemoved={(name) => {
                      say(t('removed', { name }));
                      listTitle.current?.focus();
                    }}
                  />
                ))}
              </ul>
            ) : (
              <p className="rounded-md bg-gray-50 px-4 py-3 text-sm text-muted">{t('none')}</p>
            )}
          </section>
          <AddFeedForm cottageId={cottage.id} count={data.feeds.length} onDirtyChange={setDirty} />
        </>
      ) : query.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700">
          {t('loadFailed')}
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {tCommon('tryAgain')}
          </Button>
        </div>
      ) : (
        <p role="status" className="text-sm text-muted">
          {tCommon('loading')}
        </p>
      )}
    </StepDialog>
  );
}
