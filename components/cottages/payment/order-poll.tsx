'use client';
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { api, ApiClientError } from '@/lib/api/client';
import { isFinal } from '@/lib/api/errors';
import { paymentPollDelay, paymentPollTimedOut, POLL_TIMEOUT_CODE, POLL_TIMEOUT_STATUS } from '@/lib/query/poll';
import { useSnackbar } from '@/components/layout/snackbar';
import { Notice } from '@/components/ui/notice';

type Status = { paid_at: string | null; payment_status: 'created' | 'pending' | 'paid' | 'failed' | 'expired' };

/**
 * SPEC §4 "Payment flow (ad)" after the return from Stripe: the order's status is asked first after
 * 700 ms, then every 1.5 s while the tab is visible, until it is paid (onPaid), failed or expired
 * ('Payment failed/expired. Please try again.', onFailed), or 30 s have passed (the persistent 408
 * message with Try Again, which asks again at once).
 */
export function OrderPoll({ cottageId, orderId, onPaid, onFailed }: { cottageId: number; orderId: number; onPaid: () => void; onFailed: () => void }) {
  const t = useTranslations('order');
  const snackbar = useSnackbar();
  const startedAt = useRef(0);
  useEffect(() => {
    startedAt.current = Date.now();
  }, []);
  const query = useQuery({
    queryKey: ['orders', orderId, 'status'],
    queryFn: async () => {
      if (paymentPollTimedOut(startedAt.current, Date.now())) throw new ApiClientError(POLL_TIMEOUT_STATUS, '', [], POLL_TIMEOUT_CODE);
      return api<Status>(`/cottages/${cottageId}/orders/${orderId}/status`);
    },
    initialData: null,
    staleTime: Infinity,
    retry: false,
    refetchInterval: (q) => {
      if (q.state.error && isFinal(q.state.error)) return false;
      const status = q.state.data?.payment_status;
      return paymentPollDelay(q.state.dataUpdateCount + q.state.errorUpdateCount, Boolean(q.state.data?.paid_at) || status === 'paid' || status === 'failed' || status === 'expired');
    },
    refetchIntervalInBackground: false,
  });

  const status = query.data;
  const settled = status
    ? status.paid_at || status.payment_status === 'paid'
      ? 'paid'
      : status.payment_status === 'failed' || status.payment_status === 'expired'
        ? status.payment_status
        : null
    : null;
  useEffect(() => {
    if (settled === 'paid') onPaid();
    else if (settled) {
      snackbar(t(settled === 'failed' ? 'paymentFailed' : 'paymentExpired'));
      onFailed();
    }
  }, [settled, onPaid, onFailed, snackbar, t]);

  const timedOut = query.error instanceof ApiClientError && query.error.code === POLL_TIMEOUT_CODE;
  const refetch = query.refetch;
  useEffect(() => {
    if (!timedOut) return;
    snackbar(t('pollTimeout'), {
      mode: 'persistent',
      onRetry: () => {
        startedAt.current = Date.now();
        void refetch();
      },
    });
  }, [timedOut, snackbar, t, refetch]);

  return <Notice>{timedOut ? t('pollTimeout') : t('checking')}</Notice>;
}
