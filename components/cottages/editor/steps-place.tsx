'use client';
import { useState } from 'react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { fieldIssues } from '@/lib/schemas/check';
import { AMENITY_KEYS } from '@/lib/data/amenities';
import { CITIES, REGIONS } from '@/lib/data/regions';
import { api } from '@/lib/api/client';
import { addressRequired } from '@/lib/rules/ad';
import { amenitiesSchema, locationSchema, positionSchema } from '@/lib/schemas/cottage';
import { CheckboxField, SelectField } from '@/components/ui/fields';
import { TextField } from '@/components/ui/text-field';
import type { Cottage } from '@/lib/schemas/cottage-dto';
import { StepDialog } from './step-dialog';
import { useFields } from './use-fields';
import { useStepSave } from './use-step-save';
import X from 'lucide-react/icons/x';
import type { CottageTag as Tag } from '@/lib/schemas/cottage-dto';

// The map's code (and Google's script) loads only when a maps key is configured.
const PositionMap = dynamic(() => import('./position-map'), { ssr: false });

const coordinate = (v: string) => (v.trim() === '' || Number.isNaN(Number(v)) ? null : Number(v));

export function PositionStep({ cottage, mapsKey }: { cottage: Cottage; mapsKey: string | null }) {
  const t = useTranslations('cottage');
  const { errors, saving, save } = useStepSave(cottage.id);
  const f = useFields({
    lat: cottage.lat?.toString() ?? '',
    lng: cottage.lng?.toString() ?? '',
    hide_location: cottage.hide_location,
    region_id: cottage.region_id?.toString() ?? '',
    cottage_village: cottage.cottage_village,
    address_street: cottage.address_street ?? '',
    address_postal_code: cottage.address_postal_code ?? '',
    address_city: cottage.address_city ?? '',
    property_designation: cottage.property_designation ?? '',
  });
  const v = f.values;
  const payload = () => ({
    lat: coordinate(v.lat as string),
    lng: coordinate(v.lng as string),
    hide_location: v.hide_location,
    region_id: v.region_id ? Number(v.region_id) : null,
    cottage_village: v.cottage_village,
    address_street: (v.address_street as string).trim() || null,
    address_postal_code: (v.address_postal_code as string).trim() || null,
    address_city: (v.address_city as string).trim() || null,
    property_designation: (v.property_designation as string).trim() || null,
  });
  const schema = positionSchema({ commission: cottage.commission, property_designation_type: cottage.property_designation_type });
  const text = (name: 'address_street' | 'address_postal_code' | 'address_city' | 'property_designation', label: string, extra: Record<string, unknown> = {}) => (
    <TextField label={label} value={v[name] as string} error={errors[name]} onChange={(e) => f.set(name, e.target.value)} {...extra} />
  );
  return (
    <StepDialog cottageId={cottage.id} title={t('step_position')} dirty={f.dirty} saving={saving} onSave={() => save(fieldIssues(schema, payload()), payload())}>
      {mapsKey ? (
        <PositionMap
          apiKey={mapsKey}
          label={t('step_position')}
          lat={coordinate(v.lat as string)}
          lng={coordinate(v.lng as string)}
          onPick={(lat, lng) => {
            f.set('lat', String(lat));
            f.set('lng', String(lng));
          }}
        />
      ) : (
        <p className="mb-4 text-sm text-muted">{t('mapNote')}</p>
      )}
      <div className="grid gap-2 sm:grid-cols-2">
        <TextField label={t('lat')} inputMode="decimal" value={v.lat as string} error={errors.lat} onChange={(e) => f.set('lat', e.target.value.replace(',', '.'))} />
        <TextField label={t('lng')} inputMode="decimal" value={v.lng as string} error={errors.lng} onChange={(e) => f.set('lng', e.target.value.replace(',', '.'))} />
      </div>
      <CheckboxField label={t('hideLocation')} checked={v.hide_location as boolean} onChange={(e) => f.set('hide_location', e.target.checked)} />
      <SelectField label={t('region')} value={v.region_id as string} error={errors.region_id} onChange={(e) => f.set('region_id', e.target.value)}>
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
          <CheckboxField label={t('cottageVillage')} checked={v.cottage_village as boolean} onChange={(e) => f.set('cottage_village', e.target.checked)} />
          {text('property_designation', t('propertyDesignation'))}
        </fieldset>
      ) : null}
    </StepDialog>
  );
}

export function LocationStep({ cottage, allTags }: { cottage: Cottage; allTags: Tag[] }) {
  const t = useTranslations('cottage');
  const { errors, saving, save } = useStepSave(cottage.id);
  const [cities, setCities] = useState(cottage.cities.map((c) => c.id));
  const [tags, setTags] = useState<Tag[]>(cottage.tags);
  const [tagInput, setTagInput] = useState('');
  const [known, setKnown] = useState(allTags);
  const dirty = cities.join() !== cottage.cities.map((c) => c.id).join() || tags.map((x) => x.id).join() !== cottage.tags.map((x) => x.id).join();
  const choices = CITIES.filter((c) => !cities.includes(c.id) && (!cottage.region_id || c.region_id === cottage.region_id));

  async function addTag(raw: string) {
    const name = raw.trim().replace(/,$/, '').toLowerCase();
    if (name.length < 2 || tags.some((x) => x.tag === name)) return setTagInput('');
    const tag = known.find((x) => x.tag === name) ?? (await api<Tag>('/cottages/tags', { body: { tag: name } }));
    setKnown((k) => (k.some((x) => x.id === tag.id) ? k : [...k, tag]));
    setTags((list) => [...list, tag]);
    setTagInput('');
  }

  return (
    <StepDialog cottageId={cottage.id} title={t('step_location')} dirty={dirty} saving={saving} onSave={() => save(fieldIssues(locationSchema, { cities, tags: tags.map((x) => x.id) }), { cities, tags: tags.map((x) => x.id) })}>
      <SelectField
        label={t('addCity')}
        value=""
        error={errors.cities}
        onChange={(e) => e.target.value && setCities((list) => [...list, Number(e.target.value)])}
      >
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
              <button type="button" aria-label={t('remove', { name })} className="rounded-full px-2 hover:bg-brand-100" onClick={() => setCities((list) => list.filter((x) => x !== id))}>
                <X className="size-3.5" aria-hidden />
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
            <button type="button" aria-label={t('remove', { name: tag.tag })} className="rounded-full px-2 hover:bg-gray-200" onClick={() => setTags((list) => list.filter((x) => x.id !== tag.id))}>
              <X className="size-3.5" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
    </StepDialog>
  );
}

type AmenityState = Record<string, { checked: boolean; comment_sv: string; comment_en: string; comment_de: string }>;

export function AmenitiesStep({ cottage }: { cottage: Cottage }) {
  const t = useTranslations('cottage');
  const { errors, saving, save } = useStepSave(cottage.id);
  const initial: AmenityState = Object.fromEntries(
    AMENITY_KEYS.map((key) => {
      const a = cottage.amenities.find((x) => x.key === key);
      return [key, { checked: Boolean(a), comment_sv: a?.comment_sv ?? '', comment_en: a?.comment_en ?? '', comment_de: a?.comment_de ?? '' }];
    }),
  );
  const [state, setState] = useState(initial);
  const dirty = JSON.stringify(state) !== JSON.stringify(initial);
  const payload = () => ({
    amenities: AMENITY_KEYS.filter((k) => state[k]!.checked).map((key) => ({
      key,
      comment_sv: state[key]!.comment_sv.trim() || null,
      comment_en: state[key]!.comment_en.trim() || null,
      comment_de: state[key]!.comment_de.trim() || null,
    })),
  });
  const update = (key: string, patch: Partial<AmenityState[string]>) => setState((s) => ({ ...s, [key]: { ...s[key]!, ...patch } }));
  return (
    <StepDialog cottageId={cottage.id} title={t('step_amenities')} size="wide" dirty={dirty} saving={saving} onSave={() => save(fieldIssues(amenitiesSchema, payload()), payload())}>
      <p className="mb-4 text-sm text-muted">{t('amenitiesIntro')}</p>
      {errors.amenities ? <p className="mb-2 text-sm text-red-700">{errors.amenities}</p> : null}
      <ul className="grid gap-x-6 sm:grid-cols-2 lg:grid-cols-3">
        {AMENITY_KEYS.map((key) => (
          <li key={key} className="border-b border-gray-100 py-1">
            <CheckboxField label={t(`amenity_${key}`)} checked={state[key]!.checked} onChange={(e) => update(key, { checked: e.target.checked })} />
            {state[key]!.checked ? (
              <div className="mb-2 grid grid-cols-3 gap-1">
                {(['comment_sv', 'comment_en', 'comment_de'] as const).map((field) => (
                  <input
                    key={field}
                    aria-label={`${t('comment')} (${field.slice(-2)}): ${t(`amenity_${key}`)}`}
                    placeholder={`${t('comment')} (${field.slice(-2)})`}
                    maxLength={255}
                    value={state[key]![field]}
                    onChange={(e) => update(key, { [field]: e.target.value })}
                    className="w-full rounded border border-gray-300 px-2 py-1 text-sm"
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
