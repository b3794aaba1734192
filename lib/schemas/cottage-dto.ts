// What the ad endpoints answer (SPEC §4, §5 "Ad", §7). Kept apart from the editor dialogs' schemas
// (cottage.ts), so that a form loads none of it; components use the inferred types.
import * as z from 'zod/mini';
import { AD_STEPS } from '../rules/ad';
import { CALENDAR_STATES } from '../rules/calendar';
import { dayString, idAnswer, instant, safeString } from './common';

const text = z.nullable(safeString());
const ore = z.nullable(z.int());

export const LISTING_STATUSES = ['INCOMPLETE', 'SENT_FOR_REVIEW', 'HIDDEN', 'ACTIVE', 'UNPAID'] as const;

export const calendarRangeDto = z.object({
  from: dayString,
  to: dayString,
  state: z.union(CALENDAR_STATES.map((s) => z.literal(s)) as [z.ZodMiniLiteral<0>, ...z.ZodMiniLiteral<0 | 1 | 2 | 3 | 5>[]]),
});
/** GET and PUT /api/cottages/{id}/calendar */
export const calendarDto = z.array(calendarRangeDto);

/** An image of an ad; `url` is the public resized path. */
export const cottageImageDto = z.object({
  id: idAnswer,
  filename: safeString(),
  url: safeString(),
  width: z.int(),
  height: z.int(),
  weight: z.int(),
  comment_sv: text,
  comment_en: text,
  comment_de: text,
});
export type CottageImage = z.infer<typeof cottageImageDto>;
export const cottageImageList = z.array(cottageImageDto);

const tag = z.object({ id: idAnswer, tag: safeString() });
/** An ad tag (GET /api/cottages/tags, POST /api/cottages/tags, GET /api/public/cottages/tags). */
export const cottageTagDto = tag;
export const cottageTagList = z.array(tag);
export type CottageTag = z.infer<typeof tag>;

const shared = {
  id: idAnswer,
  title_sv: text,
  title_en: text,
  title_de: text,
  description_sv: text,
  description_en: text,
  description_de: text,
  area: z.nullable(z.int()),
  beds: z.nullable(z.int()),
  extra_beds: z.nullable(z.int()),
  property_designation_type: z.nullable(z.enum(['HOUSE', 'COTTAGE', 'APARTMENT'])),
  rent_out_type: z.nullable(z.enum(['ENTIRE_HOME', 'PART_OF_HOME'])),
  region_id: z.nullable(z.int()),
  lat: z.nullable(z.number()),
  lng: z.nullable(z.number()),
  cities: z.array(z.object({ id: z.int(), name: safeString() })),
  tags: z.array(tag),
  amenities: z.array(z.object({ key: safeString(), comment_sv: text, comment_en: text, comment_de: text })),
  price_low_day: ore,
  price_low_week: ore,
  price_high_day: ore,
  price_high_week: ore,
  price_per_month: ore,
  pricefield_sv: text,
  pricefield_en: text,
  pricefield_de: text,
  calendar: z.array(calendarRangeDto),
  images: z.array(cottageImageDto),
};

/** GET /api/cottages/{id}: the ad as its owner edits it. */
export const cottageDto = z.object({
  ...shared,
  user_id: idAnswer,
  commission: z.nullable(z.boolean()),
  commission_percentage: z.number(),
  hide_location: z.boolean(),
  address_street: text,
  address_postal_code: text,
  address_city: text,
  property_designation: text,
  dac7_valid: z.boolean(),
  cottage_village: z.boolean(),
  reviewed_at: z.nullable(instant),
  asked_for_review_at: z.nullable(instant),
  hidden_at: z.nullable(instant),
  verified_at: z.nullable(instant),
  verified_by: text,
  paid_at: z.nullable(instant),
  paid_until: z.nullable(instant),
  gallery_until: z.nullable(instant),
  calendar_updated_at: z.nullable(instant),
  created_at: z.nullable(instant),
  steps: z.record(z.enum(AD_STEPS), z.boolean()),
  complete: z.boolean(),
  status: z.enum(LISTING_STATUSES),
  can_delete: z.boolean(),
  /** SPEC §2 verify: an ad with a paid booking lets its host verify by ID documents ('If you do not have BankID click here'). */
  has_valid_booking: z.boolean(),
});
export type Cottage = z.infer<typeof cottageDto>;
/**
 * GET /api/cottages, GET /api/cottages/rentable: what the ads list and the offer form's ad choice show,
 * read in two queries however many ads (issue 12); the whole ad is GET /api/cottages/{id}.
 */
export const cottageListItemDto = z.object({
  ...z.pick(cottageDto, {
    id: true,
    user_id: true,
    title_sv: true,
    title_en: true,
    title_de: true,
    commission: true,
    commission_percentage: true,
    region_id: true,
    lat: true,
    lng: true,
    hide_location: true,
    cottage_village: true,
    address_street: true,
    address_postal_code: true,
    address_city: true,
    property_designation: true,
    dac7_valid: true,
    reviewed_at: true,
    asked_for_review_at: true,
    hidden_at: true,
    verified_by: true,
    paid_until: true,
    status: true,
    can_delete: true,
  }).shape,
  /** The first image's file name (the list's thumbnail), or null. */
  thumbnail: z.nullable(safeString()),
});
export type CottageListItem = z.infer<typeof cottageListItemDto>;
export const cottageList = z.array(cottageListItemDto);

/** GET /api/public/cottages/{id}: the public ad page, nothing of the owner's (address, designation, a hidden position). */
export const publicCottageDto = z.object({
  ...shared,
  /** The owner looks at their own ad. */
  preview: z.boolean(),
  /** Where the ad is in review: for its owner and administrators only. */
  review: z.optional(z.object({ asked_for_review_at: z.nullable(instant), reviewed_at: z.nullable(instant) })),
  public: z.boolean(),
  host_first_name: text,
});
export type PublicCottage = z.infer<typeof publicCottageDto>;

/** GET /api/regions: the 21 counties. */
export const regionList = z.array(z.object({ id: z.int(), code: safeString(), name: safeString() }));
/** GET /api/cities: the places of the location step. */
export const cityList = z.array(z.object({ id: z.int(), region_id: z.int(), name: safeString() }));

/** POST /api/cottages/{id}/verify without a session: where BankID starts. */
export const bankIdStartDto = z.object({ url: safeString() });
export type BankIdStart = z.infer<typeof bankIdStartDto>;

/** GET /api/cottages/{id}/stats: visits a day for the last 60 days, zeros included. */
export { visitStatsSchema as visitStatsDto, type VisitStats } from './cottage-stats';

/** A last-minute deal of an ad. */
export const lastMinuteDto = z.object({ id: idAnswer, from_date: dayString, to_date: dayString, price: z.int(), title_sv: text, title_en: text, title_de: text });
export type LastMinute = z.infer<typeof lastMinuteDto>;
export const lastMinuteList = z.array(lastMinuteDto);

/** POST /api/cottages/{id}/images/upload: where to PUT the image's bytes, and the file name to register. */
export const imageUploadTicketDto = z.object({ url: safeString(), method: z.literal('PUT'), headers: z.record(safeString(), safeString()), filename: safeString(), expires_at: instant });
export type ImageUploadTicket = z.infer<typeof imageUploadTicketDto>;
/** PUT /api/uploads/{token}: the stored image. */
export const imageUploadDto = z.object({ filename: safeString(), width: z.int(), height: z.int(), size: z.int() });

/** The sandbox BankID page: the session's state and the identities a tester may answer with. */
export const sandboxIdentityDto = z.object({ personal_number: safeString(), name: safeString() });
export type SandboxIdentity = z.infer<typeof sandboxIdentityDto>;
export const sandboxBankIdDto = z.object({ status: safeString(), identities: z.array(sandboxIdentityDto) });
export type SandboxBankIdSession = z.infer<typeof sandboxBankIdDto>;
