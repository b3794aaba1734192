'use client';
import { useTranslations } from 'next-intl';
import type { UseFormReturn } from 'react-hook-form';
import { showMessage } from '@/lib/i18n/message';
import type { LastMinuteFormValues, LastMinutePayload } from '@/lib/schemas/last-minute';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { digits, filtered } from '@/components/forms/inputs';

export type LastMinuteFormApi = UseFormReturn<LastMinuteFormValues, unknown, LastMinutePayload>;

export const EMPTY_LAST_MINUTE: LastMinuteFormValues = { from_date: '', to_date: '', price: '', title_sv: '' };

/** The new deal's fields and button, shared by the form (last-minute-form.tsx) and its preview. */
export function LastMinuteFields({ form, pending }: { form: LastMinuteFormApi; pending: boolean }) {
  const t = useTranslations();
  const error = (name: keyof LastMinuteFormValues) => showMessage(t, form.formState.errors[name]?.message);
  return (
    <>
      <TextField type="date" label={t('cottage.fromDate')} error={error('from_date')} {...form.register('from_date')} />
      <TextField type="date" label={t('cottage.toDate')} error={error('to_date')} {...form.register('to_date')} />
      <TextField label={t('cottage.price')} inputMode="numeric" error={error('price')} {...filtered(form.register('price'), digits)} />
      <TextField label={t('cottage.titleOptional')} maxLength={50} error={error('title_sv')} {...form.register('title_sv')} />
      <div className="sm:col-span-4">
        <Button type="submit" disabled={pending}>
          {t('cottage.addLastMinute')}
        </Button>
      </div>
    </>
  );
}
