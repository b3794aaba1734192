'use client';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { LazyDialog } from '@/components/ui/lazy-dialog';
import { TextField } from '@/components/ui/text-field';
import { api } from '@/lib/api/client';
import { showMessage } from '@/lib/i18n/message';
import type { Dac7Facts } from '@/lib/rules/ad';
import { dac7FixForm, type Dac7FixForm } from '@/lib/schemas/dac7';
import { useZodForm } from '@/components/forms/use-zod-form';
import { useApiMutation } from '@/components/query/use-api-mutation';

/** The position group the ad editor saves (PUT /api/cottages/{id}), so the fix keeps the rest of it. */
export type Dac7Cottage = Dac7Facts & { id: number; lat: number | null; lng: number | null; hide_location: boolean; region_id: number | null; cottage_village: boolean };
const FIELDS = [
  ['property_designation', 'propertyDesignation'],
  ['address_street', 'addressStreet'],
  ['address_postal_code', 'addressPostalCode'],
  ['address_city', 'addressCity'],
] as const;

/** SPEC §2/§4: the host's DAC7 data is incomplete — fix the ad's designation and address here, then the preview is retried. */
export function Dac7Dialog({ cottage, onClose, onSaved }: { cottage: Dac7Cottage; onClose: () => void; onSaved: (saved: Dac7Cottage) => void }) {
  const t = useTranslations('booking');
  const tc = useTranslations('cottage');
  const tv = useTranslations();
  const form = useZodForm(dac7FixForm, {
    defaultValues: {
      property_designation: cottage.property_designation ?? '',
      address_street: cottage.address_street ?? '',
      address_postal_code: cottage.address_postal_code ?? '',
      address_city: cottage.address_city ?? '',
    },
  });
  const save = useApiMutation({
    mutationFn: (values: Dac7FixForm) => {
      const body = { lat: cottage.lat, lng: cottage.lng, hide_location: cottage.hide_location, region_id: cottage.region_id, cottage_village: cottage.cottage_village, ...values };
      return api(`/cottages/${cottage.id}`, { method: 'PUT', body });
    },
    form,
    // SPEC §8: a failed ad update in this flow is only logged; the fields say what to fix.
    quiet: true,
    onError: (error) => console.warn('DAC7 fix failed', error),
    onSuccess: (_, values) => onSaved({ ...cottage, ...values }),
  });
  return (
    <LazyDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('dac7Title')}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {tv('common.cancel')}
          </Button>
          <Button onClick={() => void form.handleSubmit((values) => save.mutate(values))()} disabled={save.isPending}>
            {t('dac7Save')}
          </Button>
        </>
      }
    >
      <p className="mb-3 text-sm">{t('dac7Invalid')}</p>
      {FIELDS.map(([field, label]) => (
        <TextField key={field} label={tc(label)} error={showMessage(tv, form.formState.errors[field]?.message)} {...form.register(field)} />
      ))}
    </LazyDialog>
  );
}
