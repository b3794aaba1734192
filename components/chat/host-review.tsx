'use client';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { api, ApiClientError } from '@/lib/api/client';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/fields';
import { useSnackbar } from '@/components/layout/snackbar';

const DETAILS = ['fast', 'friendly', 'slow', 'calendar_outdated', 'price_outdated'] as const;
type Detail = (typeof DETAILS)[number];

/** SPEC §3/§6: a guest rates the host (recommended or not, with details), anonymously, once the conversation has more than one message. */
export function HostReview({ conversationId }: { conversationId: number }) {
  const t = useTranslations('chat');
  const snackbar = useSnackbar();
  const [recommended, setRecommended] = useState<boolean | null>(null);
  const [details, setDetails] = useState<Partial<Record<Detail, boolean>>>({});
  const [other, setOther] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  async function send() {
    setBusy(true);
    try {
      await api(`/conversations/${conversationId}/review`, { body: { recommended, details: { ...details, other: other.trim() || null } } });
      setDone(true);
    } catch (error) {
      snackbar(error instanceof ApiClientError && error.message ? error.message : t('sendFailed'));
    } finally {
      setBusy(false);
    }
  }
  if (done) return <p className="rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-800">{t('reviewHostThanks')}</p>;
  return (
    <div className="flex flex-col gap-3 rounded-lg bg-white px-4 py-3 shadow-sm" data-testid="host-review">
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-sm font-medium">{t('reviewHostTitle')}</span>
        <Button variant={recommended === true ? 'primary' : 'secondary'} aria-pressed={recommended === true} onClick={() => setRecommended(true)}>
          {t('reviewHostYes')}
        </Button>
        <Button variant={recommended === false ? 'primary' : 'secondary'} aria-pressed={recommended === false} onClick={() => setRecommended(false)}>
          {t('reviewHostNo')}
        </Button>
      </div>
      {recommended !== null ? (
        <>
          <fieldset className="flex flex-wrap gap-x-5">
            <legend className="mb-1 text-sm text-muted">{t('reviewHostDetails')}</legend>
            {DETAILS.map((key) => (
              <CheckboxField key={key} label={t(`reviewDetail_${key}`)} checked={details[key] ?? false} onChange={(e) => setDetails((d) => ({ ...d, [key]: e.target.checked }))} />
            ))}
          </fieldset>
          <label className="flex flex-col gap-1 text-sm">
            {t('reviewDetail_other')}
            <input value={other} maxLength={1000} onChange={(e) => setOther(e.target.value)} className="rounded-md border border-gray-300 px-3 py-2" />
          </label>
          <div>
            <Button onClick={() => void send()} disabled={busy}>
              {t('reviewHostSend')}
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}
