'use client';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import { Button } from '@/components/ui/button';
import { useApiMutation } from '@/components/query/use-api-mutation';

/** Creates the ad (fixed-price when asked) and opens its first step. */
export function CreateAd({ fixed }: { fixed: boolean }) {
  const t = useTranslations();
  const router = useRouter();
  const create = useApiMutation({
    mutationFn: () => api<{ id: number }>('/cottages', { body: { commission: fixed ? false : null } }),
    onSuccess: (ad) => router.push(`/dashboard/cottages/${ad.id}/base`),
  });
  return (
    <Button onClick={() => create.mutate()} disabled={create.isPending || create.isSuccess}>
      {t('cottage.newSubmit')}
    </Button>
  );
}
