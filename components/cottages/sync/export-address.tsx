'use client';
import { useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import { errorText } from '@/lib/api/errors';
import { useApiMutation } from '@/components/query/use-api-mutation';
import { Button } from '@/components/ui/button';
import { InlineConfirm } from '@/components/ui/inline-confirm';
import { StatusLine, useStatus } from './status-line';
import { useSetFeeds } from './use-feeds';
import Copy from 'lucide-react/icons/copy';

/** The ad's exported calendar: its secret address to copy into other sites, and a new one when the old has leaked. */
export function ExportAddress({ cottageId, url }: { cottageId: number; url: string }) {
  const t = useTranslations('calendarSync');
  const tAll = useTranslations();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const setFeeds = useSetFeeds(cottageId);
  const [status, say] = useStatus();
  const [confirming, setConfirming] = useState(false);
  const revoke = useApiMutation({
    mutationFn: () => api<{ export_url: string }>(`/cottages/${cottageId}/ical/revoke`, { method: 'POST' }),
    quiet: true,
    onSuccess: (data) => {
      setFeeds((old) => ({ ...old, export_url: data.export_url }));
      say(t('revoked'));
    },
    onError: (error) => say(errorText(error, tAll), true),
  });

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      say(t('copied'));
    } catch {
      // No clipboard (an insecure page, a refused permission): the address is selected to copy by hand.
      input.current?.focus();
      input.current?.select();
      say(t('copyManually'));
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mb-8">
      <h3 id={`${id}-title`} className="mb-1 font-semibold">
        {t('exportTitle')}
      </h3>
      <p className="mb-3 text-sm text-muted">{t('exportText')}</p>
      <label htmlFor={`${id}-url`} className="text-sm font-medium text-ink">
        {t('exportLabel')}
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          ref={input}
          id={`${id}-url`}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-gray-300 bg-gray-50 px-3 py-2.5 font-mono text-sm outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          data-testid="export-url"
        />
        <Button onClick={copy}>
          <Copy className="size-4" aria-hidden />
          {t('copy')}
        </Button>
      </div>
      <StatusLine status={status} className="mt-1" />
      <div className="mt-1 flex flex-wrap items-baseline gap-x-3">
        <Button variant="text" onClick={() => setConfirming(true)} disabled={revoke.isPending}>
          {t('revoke')}
        </Button>
        <span className="text-sm text-muted">{t('revokeHint')}</span>
      </div>
      {confirming ? (
        <InlineConfirm
          title={t('revokeTitle')}
          text={t('revokeText')}
          confirmLabel={t('revokeConfirm')}
          cancelLabel={tAll('common.cancel')}
          onConfirm={() => {
            setConfirming(false);
            revoke.mutate();
          }}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}
