'use client';
import { useTranslations } from 'next-intl';
import { showMessage } from '@/lib/i18n/message';
import { AD_TERMS } from '@/lib/rules/ad';
import type { AdTerms } from '@/lib/schemas/cottage';
import { useZodForm } from '@/components/forms/use-zod-form';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/fields';
import { LazyDialog } from '@/components/ui/lazy-dialog';

type Props = { title: string; text: string; confirmLabel: string; busy: boolean; onAccept: (terms: AdTerms) => void; onCancel: () => void };

/** SPEC §5 "Terms dialog": general conditions, booking terms and no contact outside the service, all three ticked before the ad moves on. */
export function TermsDialog({ title, text, confirmLabel, busy, onAccept, onCancel }: Props) {
  const t = useTranslations();
  const unticked = { general_conditions: false, booking_terms: false, no_contact_outside: false } as unknown as AdTerms;
  const form = useZodForm(() => import('@/lib/schemas/cottage').then((m) => m.adTermsBody), { defaultValues: unticked, mode: 'onSubmit' });
  const errors = form.formState.errors;
  return (
    <LazyDialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title={title}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="ad-terms" disabled={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id="ad-terms" noValidate onSubmit={form.handleSubmit(onAccept)} className="flex flex-col gap-2">
        <p>{text}</p>
        <fieldset className="flex flex-col gap-1">
          <legend className="font-semibold text-ink">{t('cottage.termsLegend')}</legend>
          {AD_TERMS.map((name) => (
            <div key={name}>
              <CheckboxField label={t(`cottage.terms_${name}`)} aria-invalid={errors[name] ? true : undefined} {...form.register(name)} />
              {errors[name] ? (
                <p role="alert" className="text-sm text-red-700">
                  {showMessage(t, errors[name].message)}
                </p>
              ) : null}
            </div>
          ))}
        </fieldset>
      </form>
    </LazyDialog>
  );
}
