'use client';
import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { api, ApiClientError } from '@/lib/api/client';
import { errorText } from '@/lib/api/errors';
import { Button, buttonClass } from '@/components/ui/button';
import { LazyDialog as Dialog } from '@/components/ui/lazy-dialog';
import { Notice } from '@/components/ui/notice';

type Started = { token: string; app_url: string; qr_svg: string | null };
type Collect = { status?: 'pending'; hint_code?: string | null; qr_svg?: string | null; message?: string };
type Mismatch = { field: string; message: string; profile: string | null; bankid: string | null };

/** BankID asks the RP to collect about every 2 s (and the QR code changes each second). */
const POLL_MS = 2000;

/**
 * SPEC §2 "BankID login dialog": the animated QR code to scan with a phone, or "Open BankID on this
 * device"; then success, or INFORMATION_MISSMATCH with the fields BankID disagrees on and a way to
 * correct the profile. The QR code is drawn on the server from the RP API's data.
 */
export function BankIdDialog({ onCancel, onSignedIn }: { onCancel: () => void; onSignedIn: () => void }) {
  const t = useTranslations();
  const [started, setStarted] = useState<Started | null>(null);
  const [startError, setStartError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    api<Started>('/auth/bankid/token')
      .then((s) => live && setStarted(s))
      .catch((e) => live && setStartError(e));
    return () => {
      live = false;
    };
  }, [attempt]);

  const collect = useQuery({
    queryKey: ['bankid', started?.token],
    enabled: Boolean(started),
    queryFn: () => api<Collect>('/auth/bankid/login', { body: { token: started!.token } }),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? POLL_MS : false),
    retry: false,
    gcTime: 0,
  });
  const done = collect.data && collect.data.status !== 'pending';
  const reported = useRef(false);
  useEffect(() => {
    if (!done || reported.current) return;
    reported.current = true;
    onSignedIn();
  }, [done, onSignedIn]);

  const error = startError ?? collect.error;
  const mismatch = error instanceof ApiClientError && error.code === 'INFORMATION_MISSMATCH' ? (error.errors as Mismatch[]) : null;
  const qr = collect.data?.qr_svg ?? started?.qr_svg ?? null;
  const hint = collect.data?.hint_code;
  const retry = () => {
    setStarted(null);
    setStartError(null);
    setAttempt((n) => n + 1);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title={t('profile.bankidTitle')}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          {error && !mismatch ? <Button onClick={retry}>{t('profile.bankidRetry')}</Button> : null}
        </>
      }
    >
      <div className="flex flex-col items-center gap-3">
        {mismatch ? (
          <Notice tone="error">
            <p>{(error as ApiClientError).message}</p>
            <p className="mt-2">{t('profile.bankidMismatchIntro')}</p>
            <ul className="mt-1 list-disc pl-5">
              {mismatch.map((m) => (
                <li key={m.field}>
                  {m.message}: {t('profile.bankidMismatchRow', { field: t(`profile.${m.field}`), profile: m.profile ?? '–', bankid: m.bankid ?? '–' })}
                </li>
              ))}
            </ul>
            <Link href="/dashboard/profile" onClick={onCancel} className="mt-2 inline-block font-semibold underline">
              {t('profile.bankidToProfile')}
            </Link>
          </Notice>
        ) : error ? (
          <Notice tone="error">{errorText(error, t)}</Notice>
        ) : done ? (
          <p role="status">{t('profile.bankidDone')}</p>
        ) : (
          <>
            <p>{t('profile.bankidIntro')}</p>
            {qr ? (
              <figure className="flex flex-col items-center gap-2">
                {/* The SVG is made by our server (qrcode) from BankID's data: no user input reaches it. */}
                <div className="size-48" role="img" aria-label={t('profile.bankidQr')} dangerouslySetInnerHTML={{ __html: qr }} />
                <figcaption className="text-center">{t('profile.bankidQr')}</figcaption>
              </figure>
            ) : null}
            {started ? (
              <a href={started.app_url} target="_blank" rel="noopener" className={buttonClass('primary')}>
                {t('profile.bankidOpen')}
              </a>
            ) : null}
            <p role="status" className="text-sm text-muted">
              {hint === 'started' ? t('profile.bankidStarted') : hint === 'userSign' ? t('profile.bankidSign') : t('profile.bankidWaiting')}
            </p>
          </>
        )}
      </div>
    </Dialog>
  );
}
