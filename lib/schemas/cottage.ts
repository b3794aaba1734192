// SPEC §5 "Ad": one schema per editor dialog, used by the dialog's form and by PUT /api/cottages/:id.
// Prices are integer öre (the form multiplies the kronor a host types by 100).
import * as z from 'zod/mini';
import { AMENITY_KEYS } from '../data/amenities';
import { CITY_IDS, REGION_IDS } from '../data/regions';
import { AD_TERMS, addressRequired, PROPERTY_TYPES, RENT_OUT_TYPES } from '../rules/ad';
import { CALENDAR_STATES, hasAvailablePeriod } from '../rules/calendar';
import { isDay } from '../rules/dates';
import { propertyDesignationError } from '../rules/property-designation';
import { idNumber, safeString } from './common';
import { AD_TITLE_MAX, AREA_MAX, optionalText, PRICE_MAX_SEK, required, text, withValues } from './cottage-fields';

export { AD_TITLE_MAX, AREA_MAX, PRICE_MAX_SEK, withValues };

export { PROPERTY_TYPES, RENT_OUT_TYPES };
const count = (min: number, max: number) =>
  z.int({ error: required }).check(z.minimum(min, withValues('validation.between', { min, max })), z.maximum(max, withValues('validation.between', { min, max })));
const price = z.nullable(z.int({ error: 'cottage.priceInvalid' }).check(z.minimum(100, 'cottage.priceRange'), z.maximum(PRICE_MAX_SEK * 100, 'cottage.priceRange')));

export const baseSchema = (commission: boolean | null) =>
  z.object({
    area: count(1, AREA_MAX),
    beds: count(1, AREA_MAX),
    extra_beds: z.nullish(count(0, AREA_MAX)),
    property_designation_type: commission === true ? z.enum(PROPERTY_TYPES, { error: required }) : z.nullish(z.enum(PROPERTY_TYPES)),
    rent_out_type: commission === true ? z.enum(RENT_OUT_TYPES, { error: required }) : z.nullish(z.enum(RENT_OUT_TYPES)),
  });

export const textSchema = z.object({
  title_sv: text(AD_TITLE_MAX).check(z.minLength(1, required)),
  description_sv: text(10_000).check(z.minLength(1, required)),
  title_en: optionalText(AD_TITLE_MAX),
  description_en: optionalText(10_000),
  title_de: optionalText(AD_TITLE_MAX),
  description_de: optionalText(10_000),
});

export type PositionContext = { commission: boolean | null; property_designation_type: (typeof PROPERTY_TYPES)[number] | null };

export const positionSchema = (context: PositionContext) =>
  z
    .object({
      lat: z.number({ error: 'cottage.latLngRequired' }).check(z.minimum(-90, 'cottage.latLngRequired'), z.maximum(90, 'cottage.latLngRequired')),
      lng: z.number({ error: 'cottage.latLngRequired' }).check(z.minimum(-180, 'cottage.latLngRequired'), z.maximum(180, 'cottage.latLngRequired')),
      hide_location: z._default(z.boolean(), false),
      region_id: z.int({ error: required }).check(z.refine((v) => (REGION_IDS as readonly number[]).includes(v), required)),
      cottage_village: z._default(z.boolean(), false),
      address_street: optionalText(255),
      address_postal_code: z.nullish(safeString().check(z.trim(), z.maxLength(50, withValues('validation.maxChars', { max: 50 })), z.regex(/^\d*$/, 'validation.digitsOnly'))),
      address_city: optionalText(100),
      property_designation: optionalText(255),
    })
    .check(
      z.superRefine((v, ctx) => {
        if (!addressRequired(context.commission)) return;
        for (const field of ['address_street', 'address_postal_code', 'address_city', 'property_designation'] as const) {
          if (!v[field]) ctx.issues.push({ code: 'custom', path: [field], message: required, input: v[field] });
        }
        if (v.property_designation) {
          const error = propertyDesignationError(v.property_designation, { property_designation_type: context.property_designation_type, cottage_village: v.cottage_village });
          if (error) ctx.issues.push({ code: 'custom', path: ['property_designation'], message: error, input: v.property_designation });
        }
      }),
    );

export const locationSchema = z.object({
  cities: z.array(idNumber.check(z.refine((id) => CITY_IDS.has(id), 'cottage.minLocation'))).check(z.minLength(1, 'cottage.minLocation'), z.maxLength(30)),
  tags: z._default(z.array(idNumber).check(z.maxLength(30)), []),
});

const amenity = z.object({
  key: z.enum(AMENITY_KEYS),
  comment_sv: optionalText(255),
  comment_en: optionalText(255),
  comment_de: optionalText(255),
});
export const amenitiesSchema = z.object({
  amenities: z.array(amenity).check(
    z.maxLength(AMENITY_KEYS.length),
    z.refine((list) => new Set(list.map((a) => a.key)).size === list.length, 'errors.form'),
  ),
});

export const pricingSchema = z
  .object({
    price_low_day: price,
    price_low_week: price,
    price_high_day: price,
    price_high_week: price,
    price_per_month: z._default(price, null),
    pricefield_sv: optionalText(1000),
    pricefield_en: optionalText(1000),
    pricefield_de: optionalText(1000),
  })
  .check(
    z.superRefine((v, ctx) => {
      for (const unit of ['day', 'week'] as const) {
        const low = v[`price_low_${unit}`];
        const high = v[`price_high_${unit}`];
        if (low !== null && high !== null && low > high) {
          ctx.issues.push({ code: 'custom', path: [`price_low_${unit}`], message: 'cottage.lowAboveHigh', input: low });
          ctx.issues.push({ code: 'custom', path: [`price_high_${unit}`], message: 'cottage.highBelowLow', input: high });
        }
      }
    }),
  );

const day = safeString().check(z.refine(isDay, 'validation.invalidDate'));

export const calendarSchema = z.object({
  ranges: z
    .array(
      z
        .object({ from: day, to: day, state: z.union(CALENDAR_STATES.map((s) => z.literal(s)) as [z.ZodMiniLiteral<0>, ...z.ZodMiniLiteral<0 | 1 | 2 | 3 | 5>[]]) })
        .check(z.refine((r) => r.from < r.to, 'validation.invalidDate')),
    )
    .check(z.maxLength(5000)),
});

/** The calendar dialog: a commission ad needs at least one available period (SPEC §5 "Calendar"). */
export const calendarForm = (commission: boolean | null) =>
  calendarSchema.check(z.refine((v) => commission !== true || hasAvailablePeriod(v.ranges), { path: ['ranges'], message: 'cottage.calendarNeedsAvailable' }));

export const imageCommentSchema = z.object({ comment_sv: optionalText(255), comment_en: optionalText(255), comment_de: optionalText(255) });
export const imageRegisterSchema = z.object({ filename: safeString().check(z.regex(/^[A-Za-z0-9_-]{16,80}\.(jpg|jpeg|png)$/, 'images.invalidType')) });
export const imageUploadSchema = z.object({ fileName: safeString().check(z.minLength(1), z.maxLength(255)) });
export const imagesReorderSchema = z.object({ ids: z.array(idNumber).check(z.minLength(1), z.maxLength(200)) });

export const createCottageSchema = z.object({ commission: z._default(z.nullable(z.literal(false)), null) });
export const tagSchema = z.object({ tag: safeString().check(z.trim(), z.minLength(2, required), z.maxLength(40, withValues('validation.maxChars', { max: 40 }))) });

/** Which dialog (group) each editable field belongs to. */
export const FIELD_GROUPS = {
  base: ['area', 'beds', 'extra_beds', 'property_designation_type', 'rent_out_type'],
  text: ['title_sv', 'description_sv', 'title_en', 'description_en', 'title_de', 'description_de'],
  position: ['lat', 'lng', 'hide_location', 'region_id', 'cottage_village', 'address_street', 'address_postal_code', 'address_city', 'property_designation'],
  location: ['cities', 'tags'],
  amenities: ['amenities'],
  pricing: ['price_low_day', 'price_low_week', 'price_high_day', 'price_high_week', 'price_per_month', 'pricefield_sv', 'pricefield_en', 'pricefield_de'],
} as const;
export type FieldGroup = keyof typeof FIELD_GROUPS;

/** POST /api/cottages/{id}/verify: without a session BankID starts, with one it completes. */
export const verifyBody = z.object({ session: z.optional(safeString().check(z.maxLength(200))) });
/** GET /api/public/cottages/{id}?count=0: a visit that does not count (previews, tests). */
export const publicCottageQuery = z.object({ count: z.optional(z.enum(['0', '1'])) });
/** PUT /api/cottages/{id}: one or more editor dialogs; each dialog's own schema checks its fields (services/cottage-update). */
export const cottageUpdateBody = z.record(safeString(), z.unknown());
/** POST /api/cottages/{id}/lastminutes: checked against today's window by lastMinuteSchema in the handler. */
export const lastMinuteBody = z.record(safeString(), z.unknown());

const dimension = z.optional(safeString().check(z.regex(/^[1-9][0-9]{0,3}$/, 'errors.badUrl')));
/** GET /api/img/{filename}?w=&h=&fit= */
export const imageQuery = z.object({ w: dimension, h: dimension, fit: z.optional(z.enum(['crop', 'inside'], 'errors.badUrl')) });

/** SPEC §5 "Terms dialog": the three boxes (AD_TERMS), all ticked. */
const ticked = z.literal(true, { error: 'cottage.termsRequired' });
export const adTermsBody = z.object({ general_conditions: ticked, booking_terms: ticked, no_contact_outside: ticked });
export type AdTerms = z.infer<typeof adTermsBody>;

/** POST /api/cottages/{id}/commission: choosing commission sends the ad for review, so its terms are ticked too (SPEC §4, §5). */
export const commissionSchema = z
  .object({
    commission: z.boolean(),
    general_conditions: z.optional(z.boolean()),
    booking_terms: z.optional(z.boolean()),
    no_contact_outside: z.optional(z.boolean()),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (!v.commission) return;
      for (const name of AD_TERMS) if (v[name] !== true) ctx.issues.push({ code: 'custom', path: [name], message: 'cottage.termsRequired', input: v[name] });
    }),
  );
