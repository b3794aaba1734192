'use client';
import { useState } from 'react';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import { errorText } from '@/lib/api/errors';
import type { Locale } from '@/lib/constants';
import { formatDate } from '@/lib/format';
import { FEED_MAX_BYTES, FEED_MAX_EVENTS } from '@/lib/rules/ical';
import type { FeedDto, Feeds } from '@/lib/schemas/calendar-feeds';
import { useApiMutation } from '@/components/query/use-api-mutation';
import { Button } from '@/components/ui/button';
import { InlineConfirm } from '@/components/ui/inline-confirm';
import { useSetFeeds } from './use-feeds';
import CircleAlert from 'lucide-react/icons/circle-alert';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import TriangleAlert from 'lucide-react/icons/triangle-alert';

type Props = {
  cottageId: number;
  feed: FeedDto;
  /** Says what an action did in the list's live region. */
  say: (text: string, error?: boolean) => void;
  /** After the feed is gone (its row, and the focused button in it, with it). */
  onRemoved: (name: string) => void;
};

/** One imported calendar: its health in words, its overlaps with Stuga bookings, sync now and remove. */
export function FeedItem({ cottageId, feed, say, onRemoved }: Props) {
  const t = useTranslations('calendarSync');
  const tAll = useTranslations();
  const locale = useLocale() as Locale;
  const setFeeds = useSetFeeds(cottageId);
  const [confirming, setConfirming] = useState(false);
  const sync = useApiMutation({
    mutationFn: () => api<Feeds>(`/cottages/${cottageId}/feeds/${feed.id}/sync`, { method: 'POST' }),
    quiet: true,
    onSuccess: (data) => {
      setFeeds(data);
      const after = data.feeds.find((f) => f.id === feed.id);
      say(after?.last_error ? t('syncFailedNamed', { name: feed.name }) : t('synced', { name: feed.name }), Boolean(after?.last_error));
    },
    onError: (error) => say(errorText(error, tAll), true),
  });
  const remove = useApiMutation({
    mutationFn: () => api<Feeds>(`/cottages/${cottageId}/feeds/${feed.id}`, { method: 'DELETE' }),
    quiet: true,
    onSuccess: (data) => {
      setFeeds(data);
      onRemoved(feed.name);
    },
    onError: (error) => say(errorText(error, tAll), true),
  });
  const busy = sync.isPending || remove.isPending;
  const time = (iso: string) => formatDate(iso, locale, true);

  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between" data-testid="feed">
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{feed.name}</p>
        <p className="text-xs text-muted [overflow-wrap:anywhere]">{feed.url}</p>
        <p className="mt-1 text-sm">
          {feed.last_success_at ? t('lastSynced', { time: time(feed.last_success_at) }) : t('neverSynced')} · {t('periods', { count: feed.event_count })}
        </p>
        {feed.last_error ? (
          <p className="mt-1 flex gap-1.5 text-sm text-red-700" data-testid="feed-error">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              <strong>{t('syncFailed')}</strong> {t(`error_${feed.last_error}`, { mb: FEED_MAX_BYTES / 1024 / 1024, max: FEED_MAX_EVENTS })}
              {feed.failing_since ? ` ${t('failingSince', { time: time(feed.failing_since) })}` : null}
            </span>
          </p>
        ) : null}
        {feed.conflicts.map((c) => (
          <p key={`${c.booking_id}-${c.from}`} className="mt-2 flex gap-1.5 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="feed-conflict">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              {t.rich('conflict', {
                id: c.booking_id,
                from: formatDate(c.from, locale),
                to: formatDate(c.to, locale),
                link: (chunks) => (
                  <Link href={`/dashboard/conversations/${c.conversation_id}/bookings/${c.booking_id}`} className="font-semibold underline">
                    {chunks}
                  </Link>
                ),
              })}{' '}
              {t('conflictHint')}
            </span>
          </p>
        ))}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button variant="secondary" onClick={() => sync.mutate()} disabled={busy}>
          <RefreshCw className={`size-4 ${sync.isPending ? 'animate-spin motion-reduce:animate-none' : ''}`} aria-hidden />
          {sync.isPending ? t('syncing') : t('syncNow')}
          <span className="sr-only"> {feed.name}</span>
        </Button>
        <Button variant="secondary" onClick={() => setConfirming(true)} disabled={busy}>
          {t('remove')}
          <span className="sr-only"> {feed.name}</span>
        </Button>
      </div>
      {confirming ? (
        <InlineConfirm
          title={t('removeTitle', { name: feed.name })}
          text={t('removeText')}
          confirmLabel={t('remove')}
          cancelLabel={tAll('common.cancel')}
          onConfirm={() => {
            setConfirming(false);
            remove.mutate();
          }}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </li>
  );
}
