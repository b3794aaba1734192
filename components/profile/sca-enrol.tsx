'use client';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import { useApiMutation } from '@/components/query/use-api-mutation';
import { Button } from '@/components/ui/button';

/** 'Start Verification': MangoPay's enrolment page, then back to this page (SPEC §2 /profile/sca-enroll). */
export function ScaEnrol() {
  const t = useTranslations('sca');
  const start = useApiMutation({
    mutationFn: () => api<string>('/user/sca-enroll', { body: { sca_return_url: '/dashboard/profile/sca-enroll' } }),
    onSuccess: (url) => window.location.assign(url),
  });
  return (
    <div>
      <Button type="button" onClick={() => start.mutate()} disabled={start.isPending || start.isSuccess}>
        {t('start')}
      </Button>
    </div>
  );
}
