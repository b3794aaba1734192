'use client';
import { useEffect, useRef } from 'react';
import { useRouter } from 'next/navigation';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { api, ApiClientError } from '@/lib/api/client';
import { isFinal } from '@/lib/api/errors';
import { queryKeys } from '@/lib/query/keys';
import { paymentPollDelay, paymentPollTimedOut, POLL_TIMEOUT_CODE, POLL_TIMEOUT_STATUS } from '@/lib/query/poll';
import { Notice } from '@/components/ui/notice';
import { useSnackbar } from '@/components/layout/snackbar';

type PaymentReturn = { booking_id: number; conversation_id: number; transaction: 'success' | 'failed' | 'pending'; errorCode: string | null; errorMessage: string | null };

/**
 * SPEC §4 payment return, while the provider has not settled the pay-in: its status is asked first
 * after 700 ms, then every 1.5 s while the tab is visible; once settled the booking page shows the
 * outcome; after 30 s a persistent 'still confirming' message offers Try Again, which asks at once.
 */
export function PaymentPoll({ transactionId }: { transactionId: string }) {
  const t = useTranslations('booking');
  const router = useRouter();
  const snackbar = useSnackbar();
  const startedAt = useRef(0);
  useEffect(() => {
    startedAt.current = Date.now();
  }, []);
  const query = useQuery({
    queryKey: queryKeys.payments.return(transactionId),
    queryFn: async () => {
      if (paymentPollTimedOut(startedAt.current, Date.now())) throw new ApiClientError(POLL_TIMEOUT_STATUS, '', [], POLL_TIMEOUT_CODE);
      return api<PaymentReturn>(`/payments/return?transactionId=${encodeURIComponent(transactionId)}`);
    },
    // No ask on mount: the first one comes after 700 ms.
    initialData: null,
    staleTime: Infinity,
    retry: false,
    refetchInterval: (q) =>
      q.state.error && isFinal(q.state.error) ? false : paymentPollDelay(q.state.dataUpdateCount + q.state.errorUpdateCount, Boolean(q.state.data && q.state.data.transaction !== 'pending')),
    refetchIntervalInBackground: false,
  });

  const settled = query.data && query.data.transaction !== 'pending' ? query.data : null;
  useEffect(() => {
    if (!settled) return;
    const search = new URLSearchParams({ transaction: settled.transaction });
    if (settled.errorCode) search.set('errorCode', settled.errorCode);
    if (settled.errorMessage) search.set('errorMessage', settled.errorMessage);
    router.replace(`/dashboard/conversations/${settled.conversation_id}/bookings/${settled.booking_id}?${search.toString()}`);
  }, [settled, router]);

  const timedOut = query.error instanceof ApiClientError && query.error.code === POLL_TIMEOUT_CODE;
  const refetch = query.refetch;
  useEffect(() => {
    if (!timedOut) return;
    snackbar(t('paymentPending'), {
      mode: 'persistent',
      onRetry: () => {
        startedAt.current = Date.now();
        void refetch();
      },
    });
  }, [timedOut, snackbar, t, refetch]);

  return <Notice>{timedOut ? t('paymentPending') : t('paymentChecking')}</Notice>;
}
