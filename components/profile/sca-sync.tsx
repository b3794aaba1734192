'use client';
import { useEffect, useReducer } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { api, ApiClientError } from '@/lib/api/client';
import { BANK_POLL_INTERVAL_MS, initialSca, scaReducer, type ScaError } from '@/lib/rules/sca';
import type { z } from 'zod/mini';
import type { bankStatusDto, recipientStatusDto, scaResumeDto } from '@/lib/schemas/kyc-dto';
import { Button, buttonClass } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';

const MESSAGES: Record<ScaError, string> = {
  sca_failed: 'notCompleted',
  start_over: 'expired',
  resume_failed: 'failedExpired',
  bank_not_ready: 'notVerified',
  server_error: 'somethingWrong',
  unknown: 'missingRecipient',
};
const failure = (error: unknown): ScaError => (error instanceof ApiClientError && error.status === 404 ? 'unknown' : 'server_error');

/**
 * /payout after the bank's page (SPEC §4 SCA sync): the recipient's status, then the bank account in
 * the database (5 polls, 2 s apart); a resume with a 5-second cooldown when the SCA is not finished.
 */
export function ScaSync({ rid }: { rid: string | null }) {
  const t = useTranslations('sca');
  const [state, dispatch] = useReducer(scaReducer, initialSca(rid));

  useEffect(() => dispatch({ type: 'start', rid }), [rid]);

  // Polling: the recipient first, then (once ACTIVE) the bank account.
  useEffect(() => {
    if (state.phase !== 'polling' || !state.rid) return;
    let cancelled = false;
    const step = async () => {
      try {
        if (state.remote_status !== 'ACTIVE') {
          const s = await api<z.infer<typeof recipientStatusDto>>(`/mango/recipients/${encodeURIComponent(state.rid!)}/status`);
          if (!cancelled) dispatch({ type: 'status', remote_status: s.remote_status, sca_bank_action_url: s.sca_bank_action_url });
        } else {
          const bank = await api<z.infer<typeof bankStatusDto>>('/user/bank-status');
          if (!cancelled) dispatch({ type: 'bank', added_at: bank.ready ? new Date().toISOString() : null });
        }
      } catch (error) {
        if (!cancelled) dispatch({ type: 'failed', error: failure(error) });
      }
    };
    const timer = setTimeout(step, state.remote_status === 'ACTIVE' && state.bank_polls > 0 ? BANK_POLL_INTERVAL_MS : 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [state.phase, state.rid, state.remote_status, state.bank_polls]);

  // The resume cooldown counts down each second.
  useEffect(() => {
    if (state.cooldown <= 0) return;
    const timer = setTimeout(() => dispatch({ type: 'tick' }), 1000);
    return () => clearTimeout(timer);
  }, [state.cooldown]);

  async function resume() {
    dispatch({ type: 'resume' });
    try {
      const { data } = await api<z.infer<typeof scaResumeDto>>('/mango/recipients/resume', { method: 'POST' });
      dispatch({ type: 'resumed', next: data.next, sca_bank_action_url: data.sca_bank_action_url });
      if (data.next === 'next' && data.sca_bank_action_url) window.location.assign(data.sca_bank_action_url);
    } catch (error) {
      dispatch({ type: 'failed', error: failure(error) });
    }
  }

  const canResume = state.error === 'sca_failed' || state.error === 'resume_failed' || state.error === 'server_error';
  return (
    <div className="flex flex-col gap-4" data-testid="sca-sync" data-phase={state.phase}>
      {state.phase === 'polling' || state.phase === 'idle' ? (
        <p role="status" className="text-muted">
          {t('polling')}
        </p>
      ) : null}
      {state.phase === 'ready' ? <Notice tone="success">{t('ready')}</Notice> : null}
      {state.phase === 'error' && state.error ? <Notice tone="error">{t(MESSAGES[state.error])}</Notice> : null}
      <div className="flex flex-wrap gap-3">
        {canResume ? (
          <Button type="button" onClick={resume} disabled={state.resume_loading || state.cooldown > 0}>
            {state.cooldown > 0 ? t('resumeIn', { seconds: state.cooldown }) : t('resume')}
          </Button>
        ) : null}
        <Link href="/dashboard/profile/payout" className={buttonClass(state.error === 'start_over' ? 'primary' : 'secondary')}>
          {state.error === 'start_over' ? t('startOver') : t('toPayout')}
        </Link>
      </div>
    </div>
  );
}
