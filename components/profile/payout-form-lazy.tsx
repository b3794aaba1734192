'use client';
import { useTranslations } from 'next-intl';
import type { User } from '@/lib/schemas/user-dto';
import { lazyForm, PreviewFieldset } from '@/components/forms/lazy-form';
import { staticForm } from '@/components/forms/static-form';
import { Button } from '@/components/ui/button';
import { PayoutFields, payoutDefaults } from './payout-fields';

// The payout form loads after the page (react-hook-form stays out of its first load); until then the
// server-rendered preview shows the same fields and values, disabled. docs/performance.md.
function PayoutFormPreview({ user }: { user: User }) {
  const t = useTranslations('payout');
  return (
    <PreviewFieldset className="flex flex-col gap-6">
      <PayoutFields form={staticForm(payoutDefaults(user))} user={user} />
      <div>
        <Button type="submit">{t('save')}</Button>
      </div>
    </PreviewFieldset>
  );
}

export const LazyPayoutForm = lazyForm(() => import('./payout-form').then((m) => m.PayoutForm), PayoutFormPreview);
