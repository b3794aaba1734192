'use client';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import type { AdTerms } from '@/lib/schemas/cottage';
import { useApiMutation } from '@/components/query/use-api-mutation';
import { Button } from '@/components/ui/button';
import { LazyTermsDialog as TermsDialog } from '@/components/cottages/editor/lazy-terms-dialog';

/** SPEC §4 "Payment flow (ad)": choosing commission saves commission true and sends the ad for review, after the terms dialog. */
export function CommissionChoice({ cottageId }: { cottageId: number }) {
  const t = useTranslations('cottage');
  const tCommon = useTranslations('common');
  const [open, setOpen] = useState(false);
  const choose = useApiMutation({
    mutationFn: (terms: AdTerms) => api(`/cottages/${cottageId}/commission`, { method: 'POST', body: { commission: true, ...terms } }),
    fallback: tCommon('tryAgain'),
    refresh: true,
    onSuccess: () => setOpen(false),
    onError: () => setOpen(false),
  });
  return (
    <section className="flex flex-col gap-3 rounded-lg bg-white p-5 shadow-sm" aria-labelledby="commission-title">
      <h2 id="commission-title" className="font-semibold">
        {t('commissionTitle')}
      </h2>
      <p className="text-sm">{t('commissionText')}</p>
      <div>
        <Button onClick={() => setOpen(true)} disabled={choose.isPending}>
          {t('chooseCommission')}
        </Button>
      </div>
      {open ? (
        <TermsDialog
          title={t('chooseCommission')}
          text={t('commissionText')}
          confirmLabel={t('chooseCommission')}
          busy={choose.isPending}
          onAccept={(terms) => choose.mutate(terms)}
          onCancel={() => setOpen(false)}
        />
      ) : null}
    </section>
  );
}
