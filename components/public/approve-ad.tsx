'use client';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import { Button } from '@/components/ui/button';
import { useApiMutation } from '@/components/query/use-api-mutation';

/** For administrators on an ad sent for review: approving makes it public. */
export function ApproveAd({ id }: { id: number }) {
  const t = useTranslations();
  const approve = useApiMutation({
    mutationFn: () => api(`/cottages/${id}/approve`, { method: 'POST' }),
    success: t('cottage.approved'),
    refresh: true,
  });
  return (
    <Button disabled={approve.isPending} onClick={() => approve.mutate()}>
      {t('publicAd.approve')}
    </Button>
  );
}
