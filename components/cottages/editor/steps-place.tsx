'use client';
import { useState } from 'react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { AMENITY_KEYS } from '@/lib/data/amenities';
import { CITIES, REGIONS } from '@/lib/data/regions';
import { api } from '@/lib/api/client';
import { addressRequired } from '@/lib/rules/ad';
import { amenitiesSchema, locationSchema, positionSchema } from '@/lib/schemas/cottage';
import { CheckboxField, SelectField } from '@/components/ui/fields';
import { TextField } from '@/components/ui/text-field';
import { filtered } from '@/components/forms/inputs';
import { useApiMutation } from '@/components/query/use-api-mutation';
import type { Cottage } from '../types';
import { StepDialog } from './step-dialog';
import { useStepForm } from './use-step-form';

// The map's code (and Google's script) loads only when a maps key is configured.
const PositionMap = dynamic(() => import('./position-map'), { ssr: false });

const coordinate = (v: string) => (v.trim() === '' || Number.isNaN(Number(v)) ? null : Number(v));

export function PositionStep({ cottage, mapsKey }: { cottage: Cottage; mapsKey: string | null }) {
  const t = useTranslations('cottage');
  const { form, error, dialog } = useStepForm(cottage.id, {
    values: {
      lat: cottage.lat?.toString() ?? '',
      lng: cottage.lng?.toString() ?? '',
      hide_location: cottage.hide_location,
      region_id: cottage.region_id?.toString() ?? '',
      cottage_village: cottage.cottage_village,
      address_street: cottage.address_street ?? '',
      address_postal_code: cottage.address_postal_code ?? '',
      address_city: cottage.address_city ?? '',
      property_designation: cottage.property_designation ?? '',
    },
    toPayload: (v) => ({
      lat: coordinate(v.lat),
      lng: coordinate(v.lng),
      hide_location: v.hide_location,
      region_id: v.region_id ? Number(v.region_id) : null,
      cottage_village: v.cottage_village,
      address_street: v.address_street.trim() || null,
      address_postal_code: v.address_postal_code.trim() || null,
      address_city: v.address_city.trim() || null,
      property_designation: v.property_designation.trim() || null,
    }),
    schema: positionSchema({ commission: cottage.commission, property_designation_type: cottage.property_designation_type }),
  });
  const [lat, lng] = form.watch(['lat', 'lng']);
  const decimal = (v: string) => v.replace(',', '.');
  const text = (name: 'address_street' | 'address_postal_code' | 'address_city' | 'property_designation', label: string, extra: Record<string, unknown> = {}) => (
    <TextField label={label} error={error(name)} {...form.register(name)} {...extra} />
  );
  return (
    <StepDialog cottageId={cottage.id} title={t('step_position')} {...dialog}>
      {mapsKey ? (
        <PositionMap
          apiKey={mapsKey}
          label={t('step_position')}
          lat={coordinate(lat)}
          lng={coordinate(lng)}
          onPick={(pickedLat, pickedLng) => {
            form.setValue('lat', String(pickedLat), { shouldDirty: true });
            form.setValue('lng', String(pickedLng), { shouldDirty: true });
          }}
        />
      ) : (
        <p className="mb-4 text-sm text-muted">{t('mapNote')}</p>
      )}
      <div className="grid gap-2 sm:grid-cols-2">
        <TextField label={t('lat')} inputMode="decimal" error={error('lat')} {...filtered(form.register('lat'), decimal)} />
        <TextField label={t('lng')} inputMode="decimal" error={error('lng')} {...filtered(form.register('lng'), decimal)} />
      </div>
      <CheckboxField label={t('hideLocation')} {...form.register('hide_location')} />
      <SelectField label={t('region')} error={error('region_id')} {...form.register('region_id')}>
        <option value="">{t('choose')}</option>
        {REGIONS.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name}
          </option>
        ))}
      </SelectField>
      {addressRequired(cottage.commission) ? (
        <fieldset className="mt-2 flex flex-col gap-1">
          <p className="mb-2 text-sm text-muted">{t('addressNote')}</p>
          {text('address_street', t('addressStreet'))}
          <div className="grid gap-2 sm:grid-cols-2">
            {text('address_postal_code', t('addressPostalCode'), { inputMode: 'numeric' })}
            {text('address_city', t('addressCity'))}
          </div>
          <CheckboxField label={t('cottageVillage')} {...form.register('cottage_village')} />
          {text('property_designation', t('propertyDesignation'))}
        </fieldset>
      ) : null}
    </StepDialog>
  );
}

type Tag = { id: number; tag: string };

export function LocationStep({ cottage, allTags }: { cottage: Cottage; allTags: Tag[] }) {
  const t = useTranslations('cottage');
  const { form, error, dialog } = useStepForm(cottage.id, {
    values: { cities: cottage.cities.map((c) => c.id), tags: cottage.tags },
    toPayload: (v) => ({ cities: v.cities, tags: v.tags.map((x) => x.id) }),
    schema: locationSchema,
  });
  const [cities, tags] = form.watch(['cities', 'tags']);
  const setCities = (next: number[]) => form.setValue('cities', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const setTags = (next: Tag[]) => form.setValue('tags', next, { shouldDirty: true });
  const [tagInput, setTagInput] = useState('');
  const [known, setKnown] = useState(allTags);
  const choices = CITIES.filter((c) => !cities.includes(c.id) && (!cottage.region_id || c.region_id === cottage.region_id));
  const createTag = useApiMutation({ mutationFn: (name: string) => api<Tag>('/cottages/tags', { body: { tag: name } }) });

  async function addTag(raw: string) {
    const name = raw.trim().replace(/,$/, '').toLowerCase();
    if (name.length < 2 || tags.some((x) => x.tag === name)) return setTagInput('');
    const tag = known.find((x) => x.tag === name) ?? (await createTag.mutateAsync(name).catch(() => null));
    if (!tag) return;
    setKnown((k) => (k.some((x) => x.id === tag.id) ? k : [...k, tag]));
    setTags([...form.getValues('tags'), tag]);
    setTagInput('');
  }

  return (
    <StepDialog cottageId={cottage.id} title={t('step_location')} {...dialog}>
      <SelectField label={t('addCity')} value="" error={error('cities')} onChange={(e) => e.target.value && setCities([...cities, Number(e.target.value)])}>
        <option value="">{t('choose')}</option>
        {choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <p className="mb-1 text-sm font-medium">{t('cities')}</p>
      <ul className="mb-5 flex min-h-9 flex-wrap gap-2" aria-label={t('cities')}>
        {cities.map((id) => {
          const name = CITIES.find((c) => c.id === id)?.name ?? String(id);
          return (
            <li key={id} className="flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm">
              {name}
              <button type="button" aria-label={t('remove', { name })} className="rounded-full px-2 hover:bg-brand-100" onClick={() => setCities(cities.filter((x) => x !== id))}>
                ✕
              </button>
            </li>
          );
        })}
      </ul>
      <TextField
        label={t('addTag')}
        value={tagInput}
        list="known-tags"
        onChange={(e) => (e.target.value.endsWith(',') ? void addTag(e.target.value) : setTagInput(e.target.value))}
        onKeyDown={(e) => {
          // SPEC §5: chips are added with Tab, Enter or comma.
          if ((e.key === 'Enter' || e.key === 'Tab') && tagInput.trim()) {
            e.preventDefault();
            void addTag(tagInput);
          }
        }}
      />
      <datalist id="known-tags">
        {known.map((x) => (
          <option key={x.id} value={x.tag} />
        ))}
      </datalist>
      <ul className="flex flex-wrap gap-2" aria-label={t('tags')}>
        {tags.map((tag) => (
          <li key={tag.id} className="flex items-center gap-1 rounded-full bg-gray-100 py-1 pr-1 pl-3 text-sm">
            {tag.tag}
            <button type="button" aria-label={t('remove', { name: tag.tag })} className="rounded-full px-2 hover:bg-gray-200" onClick={() => setTags(tags.filter((x) => x.id !== tag.id))}>
              ✕
            </button>
          </li>
        ))}
      </ul>
    </StepDialog>
  );
}

type Amenity = { checked: boolean; comment_sv: string; comment_en: string; comment_de: string };
const COMMENTS = ['comment_sv', 'comment_en', 'comment_de'] as const;

export function AmenitiesStep({ cottage }: { cottage: Cottage }) {
  const t = useTranslations('cottage');
  const { form, error, dialog } = useStepForm(cottage.id, {
    values: {
      amenities: Object.fromEntries(
        AMENITY_KEYS.map((key) => {
          const a = cottage.amenities.find((x) => x.key === key);
          return [key, { checked: Boolean(a), comment_sv: a?.comment_sv ?? '', comment_en: a?.comment_en ?? '', comment_de: a?.comment_de ?? '' }];
        }),
      ) as Record<string, Amenity>,
    },
    toPayload: (v) => ({
      amenities: AMENITY_KEYS.filter((k) => v.amenities[k]!.checked).map((key) => ({
        key,
        comment_sv: v.amenities[key]!.comment_sv.trim() || null,
        comment_en: v.amenities[key]!.comment_en.trim() || null,
        comment_de: v.amenities[key]!.comment_de.trim() || null,
      })),
    }),
    schema: amenitiesSchema,
  });
  const state = form.watch('amenities');
  return (
    <StepDialog cottageId={cottage.id} title={t('step_amenities')} size="wide" {...dialog}>
      <p className="mb-4 text-sm text-muted">{t('amenitiesIntro')}</p>
      {error('amenities') ? <p className="mb-2 text-sm text-red-700">{error('amenities')}</p> : null}
      <ul className="grid gap-x-6 sm:grid-cols-2 lg:grid-cols-3">
        {AMENITY_KEYS.map((key) => (
          <li key={key} className="border-b border-gray-100 py-1">
            <CheckboxField label={t(`amenity_${key}`)} {...form.register(`amenities.${key}.checked`)} />
            {state[key]!.checked ? (
              <div className="mb-2 grid grid-cols-3 gap-1">
                {COMMENTS.map((field) => (
                  <input
                    key={field}
                    aria-label={`${t('comment')} (${field.slice(-2)}): ${t(`amenity_${key}`)}`}
                    placeholder={`${t('comment')} (${field.slice(-2)})`}
                    maxLength={255}
                    className="w-full rounded border border-gray-300 px-2 py-1 text-sm"
                    {...form.register(`amenities.${key}.${field}`)}
                  />
                ))}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </StepDialog>
  );
}
