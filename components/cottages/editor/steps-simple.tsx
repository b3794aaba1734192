'use client';
import { useTranslations } from 'next-intl';
import { PROPERTY_TYPES, RENT_OUT_TYPES } from '@/lib/rules/ad';
import { SelectField, TextAreaField } from '@/components/ui/fields';
import { TextField } from '@/components/ui/text-field';
import { digits, filtered, kronor, toInt, toOre } from '@/components/forms/inputs';
import type { Cottage } from '@/lib/schemas/cottage-dto';
import { StepDialog } from './step-dialog';
import { useStepForm } from './use-step-form';

export function BaseStep({ cottage }: { cottage: Cottage }) {
  const t = useTranslations('cottage');
  const { form, error, dialog } = useStepForm(cottage.id, {
    values: {
      area: cottage.area?.toString() ?? '',
      beds: cottage.beds?.toString() ?? '',
      extra_beds: cottage.extra_beds?.toString() ?? '',
      property_designation_type: cottage.property_designation_type ?? '',
      rent_out_type: cottage.rent_out_type ?? '',
    },
    toPayload: (v) => ({
      area: toInt(v.area),
      beds: toInt(v.beds),
      extra_beds: toInt(v.extra_beds),
      property_designation_type: v.property_designation_type || null,
      rent_out_type: v.rent_out_type || null,
    }),
    schema: (s) => s.baseSchema(cottage.commission),
  });
  const number = (name: 'area' | 'beds' | 'extra_beds', label: string) => <TextField label={label} inputMode="numeric" error={error(name)} {...filtered(form.register(name), digits)} />;
  return (
    <StepDialog cottageId={cottage.id} title={t('step_base')} {...dialog}>
      <div className="grid gap-2 sm:grid-cols-3">
        {number('area', t('area'))}
        {number('beds', t('beds'))}
        {number('extra_beds', t('extraBeds'))}
      </div>
      <SelectField label={t('propertyType')} error={error('property_designation_type')} {...form.register('property_designation_type')}>
        <option value="">{t('choose')}</option>
        {PROPERTY_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`propertyType_${type}`)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('rentOutType')} error={error('rent_out_type')} {...form.register('rent_out_type')}>
        <option value="">{t('choose')}</option>
        {RENT_OUT_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`rentOutType_${type}`)}
          </option>
        ))}
      </SelectField>
    </StepDialog>
  );
}

const TEXT_FIELDS = ['title_sv', 'description_sv', 'title_en', 'description_en', 'title_de', 'description_de'] as const;
const TEXT_LABELS = { title_sv: 'titleSv', description_sv: 'descriptionSv', title_en: 'titleEn', description_en: 'descriptionEn', title_de: 'titleDe', description_de: 'descriptionDe' } as const;

export function TextStep({ cottage }: { cottage: Cottage }) {
  const t = useTranslations('cottage');
  const { form, error, dialog } = useStepForm(cottage.id, {
    values: Object.fromEntries(TEXT_FIELDS.map((k) => [k, cottage[k] ?? ''])) as Record<(typeof TEXT_FIELDS)[number], string>,
    toPayload: (v) => ({ ...v }),
    schema: (s) => s.textSchema,
  });
  return (
    <StepDialog cottageId={cottage.id} title={t('step_text')} {...dialog}>
      {TEXT_FIELDS.map((name) =>
        name.startsWith('title') ? (
          <TextField key={name} label={t(TEXT_LABELS[name])} maxLength={50} error={error(name)} {...form.register(name)} />
        ) : (
          <TextAreaField key={name} label={t(TEXT_LABELS[name])} error={error(name)} {...form.register(name)} />
        ),
      )}
    </StepDialog>
  );
}

const PRICES = ['price_low_day', 'price_low_week', 'price_high_day', 'price_high_week', 'price_per_month'] as const;
const NOTES = ['pricefield_sv', 'pricefield_en', 'pricefield_de'] as const;
const PRICE_LABELS = {
  price_low_day: 'priceLowDay',
  price_low_week: 'priceLowWeek',
  price_high_day: 'priceHighDay',
  price_high_week: 'priceHighWeek',
  price_per_month: 'pricePerMonth',
  pricefield_sv: 'pricefieldSv',
  pricefield_en: 'pricefieldEn',
  pricefield_de: 'pricefieldDe',
} as const;

export function PricingStep({ cottage }: { cottage: Cottage }) {
  const t = useTranslations('cottage');
  const { form, error, dialog } = useStepForm(cottage.id, {
    values: {
      ...(Object.fromEntries(PRICES.map((k) => [k, kronor(cottage[k])])) as Record<(typeof PRICES)[number], string>),
      ...(Object.fromEntries(NOTES.map((k) => [k, cottage[k] ?? ''])) as Record<(typeof NOTES)[number], string>),
    },
    toPayload: (v) => ({
      ...Object.fromEntries(PRICES.map((k) => [k, toOre(v[k])])),
      ...Object.fromEntries(NOTES.map((k) => [k, v[k].trim() || null])),
    }),
    schema: (s) => s.pricingSchema,
  });
  return (
    <StepDialog cottageId={cottage.id} title={t('step_pricing')} size="wide" {...dialog}>
      <div className="grid gap-2 sm:grid-cols-2">
        {PRICES.map((name) => (
          <TextField key={name} label={t(PRICE_LABELS[name])} inputMode="numeric" error={error(name)} {...filtered(form.register(name), digits)} />
        ))}
      </div>
      {NOTES.map((name) => (
        <TextAreaField key={name} label={t(PRICE_LABELS[name])} error={error(name)} {...form.register(name)} />
      ))}
    </StepDialog>
  );
}
