'use client';
import { useTranslations } from 'next-intl';
import { fieldIssues } from '@/lib/schemas/check';
import { baseSchema, PROPERTY_TYPES, RENT_OUT_TYPES, pricingSchema, textSchema } from '@/lib/schemas/cottage';
import { SelectField, TextAreaField } from '@/components/ui/fields';
import { TextField } from '@/components/ui/text-field';
import type { Cottage } from '@/lib/schemas/cottage-dto';
import { StepDialog } from './step-dialog';
import { digits, kronor, toInt, toOre, useFields } from './use-fields';
import { useStepSave } from './use-step-save';

export function BaseStep({ cottage }: { cottage: Cottage }) {
  const t = useTranslations('cottage');
  const { errors, saving, save } = useStepSave(cottage.id);
  const f = useFields({
    area: cottage.area?.toString() ?? '',
    beds: cottage.beds?.toString() ?? '',
    extra_beds: cottage.extra_beds?.toString() ?? '',
    property_designation_type: cottage.property_designation_type ?? '',
    rent_out_type: cottage.rent_out_type ?? '',
  });
  const payload = () => ({
    area: toInt(f.values.area),
    beds: toInt(f.values.beds),
    extra_beds: toInt(f.values.extra_beds),
    property_designation_type: f.values.property_designation_type || null,
    rent_out_type: f.values.rent_out_type || null,
  });
  const number = (name: 'area' | 'beds' | 'extra_beds', label: string) => (
    <TextField label={label} inputMode="numeric" value={f.values[name]} error={errors[name]} onChange={(e) => f.set(name, digits(e.target.value))} />
  );
  return (
    <StepDialog cottageId={cottage.id} title={t('step_base')} dirty={f.dirty} saving={saving} onSave={() => save(fieldIssues(baseSchema(cottage.commission), payload()), payload())}>
      <div className="grid gap-2 sm:grid-cols-3">
        {number('area', t('area'))}
        {number('beds', t('beds'))}
        {number('extra_beds', t('extraBeds'))}
      </div>
      <SelectField label={t('propertyType')} value={f.values.property_designation_type} error={errors.property_designation_type} onChange={(e) => f.set('property_designation_type', e.target.value)}>
        <option value="">{t('choose')}</option>
        {PROPERTY_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`propertyType_${type}`)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('rentOutType')} value={f.values.rent_out_type} error={errors.rent_out_type} onChange={(e) => f.set('rent_out_type', e.target.value)}>
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

export function TextStep({ cottage }: { cottage: Cottage }) {
  const t = useTranslations('cottage');
  const { errors, saving, save } = useStepSave(cottage.id);
  const fields = ['title_sv', 'description_sv', 'title_en', 'description_en', 'title_de', 'description_de'] as const;
  const f = useFields(Object.fromEntries(fields.map((k) => [k, cottage[k] ?? ''])) as Record<(typeof fields)[number], string>);
  const labels = { title_sv: 'titleSv', description_sv: 'descriptionSv', title_en: 'titleEn', description_en: 'descriptionEn', title_de: 'titleDe', description_de: 'descriptionDe' } as const;
  return (
    <StepDialog cottageId={cottage.id} title={t('step_text')} dirty={f.dirty} saving={saving} onSave={() => save(fieldIssues(textSchema, { ...f.values }), { ...f.values })}>
      {fields.map((name) =>
        name.startsWith('title') ? (
          <TextField key={name} label={t(labels[name])} maxLength={50} value={f.values[name]} error={errors[name]} onChange={(e) => f.set(name, e.target.value)} />
        ) : (
          <TextAreaField key={name} label={t(labels[name])} value={f.values[name]} error={errors[name]} onChange={(e) => f.set(name, e.target.value)} />
        ),
      )}
    </StepDialog>
  );
}

export function PricingStep({ cottage }: { cottage: Cottage }) {
  const t = useTranslations('cottage');
  const { errors, saving, save } = useStepSave(cottage.id);
  const prices = ['price_low_day', 'price_low_week', 'price_high_day', 'price_high_week', 'price_per_month'] as const;
  const notes = ['pricefield_sv', 'pricefield_en', 'pricefield_de'] as const;
  const f = useFields({
    ...(Object.fromEntries(prices.map((k) => [k, kronor(cottage[k])])) as Record<(typeof prices)[number], string>),
    ...(Object.fromEntries(notes.map((k) => [k, cottage[k] ?? ''])) as Record<(typeof notes)[number], string>),
  });
  const labels = { price_low_day: 'priceLowDay', price_low_week: 'priceLowWeek', price_high_day: 'priceHighDay', price_high_week: 'priceHighWeek', price_per_month: 'pricePerMonth', pricefield_sv: 'pricefieldSv', pricefield_en: 'pricefieldEn', pricefield_de: 'pricefieldDe' } as const;
  const payload = () => ({
    ...Object.fromEntries(prices.map((k) => [k, toOre(f.values[k])])),
    ...Object.fromEntries(notes.map((k) => [k, f.values[k].trim() || null])),
  });
  return (
    <StepDialog cottageId={cottage.id} title={t('step_pricing')} size="wide" dirty={f.dirty} saving={saving} onSave={() => save(fieldIssues(pricingSchema, payload()), payload())}>
      <div className="grid gap-2 sm:grid-cols-2">
        {prices.map((name) => (
          <TextField key={name} label={t(labels[name])} inputMode="numeric" value={f.values[name]} error={errors[name]} onChange={(e) => f.set(name, digits(e.target.value))} />
        ))}
      </div>
      {notes.map((name) => (
        <TextAreaField key={name} label={t(labels[name])} value={f.values[name]} error={errors[name]} onChange={(e) => f.set(name, e.target.value)} />
      ))}
    </StepDialog>
  );
}

