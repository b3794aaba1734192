'use client';
import { useTranslations } from 'next-intl';
import { lazyForm, PreviewFieldset } from '@/components/forms/lazy-form';
import { staticForm } from '@/components/forms/static-form';
import { Button } from '@/components/ui/button';
import { OfferFields, offerStart } from './offer-fields';
import type { OfferFormProps } from './offer-form';

// The offer form loads after the page (react-hook-form stays out of its first load); until then the
// server-rendered preview shows the same fields and defaults, disabled. docs/performance.md.
// (This preview is the loading form's; "Förhandsgranska" is the offer's own review step, in offer-form.tsx.)
function OfferFormPreview(props: OfferFormProps) {
  const t = useTranslations('booking');
  return (
    <PreviewFieldset className="flex flex-col gap-1 rounded-lg bg-white p-5 shadow-sm">
      <OfferFields form={staticForm(offerStart(props))} cottages={props.cottages} policies={props.policies} today={props.today} />
      <div>
        <Button type="submit">{t('preview')}</Button>
      </div>
    </PreviewFieldset>
  );
}

export const LazyOfferForm = lazyForm(() => import('./offer-form').then((m) => m.OfferForm), OfferFormPreview);
