import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { CITIES } from '@/lib/data/regions';
import { adSteps, canDeleteListing, dac7Valid, isAdComplete, listingStatus, type AdFacts } from '@/lib/rules/ad';
import type { CalendarRange, CalendarState } from '@/lib/rules/calendar';
import type { Db } from '../db/client';
import { preparedSql } from '../db/prepared';
import { bookings, cottageAmenities, cottageCalendar, cottageCities, cottageImages, cottages, cottageTags, tags } from '../db/schema';
import type { SessionUser } from '../http/context';
import { ApiError, notFound } from '../http/errors';
import type { Cottage, CottageListItem } from '@/lib/schemas/cottage-dto';

export type CottageRow = typeof cottages.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The cottage if the actor owns it; 404 when it does not exist, 400 'User does not own room' otherwise. */
export async function loadOwned(db: Db, actor: SessionUser, id: number): Promise<CottageRow> {
  const [row] = await db.select().from(cottages).where(eq(cottages.id, id)).limit(1);
  if (!row) throw notFound();
  if (row.userId !== actor.id) throw new ApiError(400, 'errors.notOwner');
  return row;
}

export async function loadAny(db: Db, id: number): Promise<CottageRow> {
  const [row] = await db.select().from(cottages).where(eq(cottages.id, id)).limit(1);
  if (!row) throw notFound();
  return row;
}

/** Related rows of several ads in six queries, whatever the number of ads. */
async function related(db: Db, ids: number[]) {
  if (ids.length === 0) return { amenities: [], cities: [], tagRows: [], calendar: [], images: [], paid: [] };
  const [amenities, cities, tagRows, calendar, images, paid] = await Promise.all([
    db.select().from(cottageAmenities).where(inArray(cottageAmenities.cottageId, ids)).orderBy(asc(cottageAmenities.key)),
    db.select().from(cottageCities).where(inArray(cottageCities.cottageId, ids)),
    db.select({ cottageId: cottageTags.cottageId, id: tags.id, tag: tags.tag }).from(cottageTags).innerJoin(tags, eq(tags.id, cottageTags.tagId)).where(inArray(cottageTags.cottageId, ids)),
    db.select().from(cottageCalendar).where(inArray(cottageCalendar.cottageId, ids)).orderBy(asc(cottageCalendar.fromDate)),
    db.select().from(cottageImages).where(inArray(cottageImages.cottageId, ids)).orderBy(asc(cottageImages.weight), asc(cottageImages.id)),
    // Ads with a paid booking (bookings_cottage_check_in_idx): their host may verify by ID documents instead of BankID.
    db
      .selectDistinct({ cottageId: bookings.cottageId })
      .from(bookings)
      .where(and(inArray(bookings.cottageId, ids), eq(bookings.status, 'PAID'))),
  ]);
  return { amenities, cities, tagRows, calendar, images, paid };
}

export function imageDto(i: typeof cottageImages.$inferSelect) {
  return {
    id: i.id,
    filename: i.filename,
    url: `/img/${i.filename}`,
    width: i.width,
    height: i.height,
    weight: i.weight,
    comment_sv: i.commentSv,
    comment_en: i.commentEn,
    comment_de: i.commentDe,
  };
}

function dto(row: CottageRow, rel: Awaited<ReturnType<typeof related>>, now: Date): Cottage {
  const mine = <T extends { cottageId: number }>(list: T[]) => list.filter((r) => r.cottageId === row.id);
  const calendar: CalendarRange[] = mine(rel.calendar).map((r) => ({ from: r.fromDate, to: r.toDate, state: r.state as CalendarState }));
  const base = {
    id: row.id,
    user_id: row.userId,
    title_sv: row.titleSv,
    title_en: row.titleEn,
    title_de: row.titleDe,
    description_sv: row.descriptionSv,
    description_en: row.descriptionEn,
    description_de: row.descriptionDe,
    area: row.area,
    beds: row.beds,
    extra_beds: row.extraBeds,
    property_designation_type: row.propertyDesignationType,
    rent_out_type: row.rentOutType,
    commission: row.commission,
    commission_percentage: row.commissionPercentage,
    lat: row.lat,
    lng: row.lng,
    hide_location: row.hideLocation,
    region_id: row.regionId,
    address_street: row.addressStreet,
    address_postal_code: row.addressPostalCode,
    address_city: row.addressCity,
    property_designation: row.propertyDesignation,
    dac7_valid: dac7Valid({ property_designation: row.propertyDesignation, address_street: row.addressStreet, address_postal_code: row.addressPostalCode, address_city: row.addressCity }),
    cottage_village: row.cottageVillage,
    cities: mine(rel.cities).map((c) => ({ id: c.cityId, name: CITIES.find((x) => x.id === c.cityId)?.name ?? '' })),
    tags: mine(rel.tagRows).map((t) => ({ id: t.id, tag: t.tag })),
    amenities: mine(rel.amenities).map((a) => ({ key: a.key, comment_sv: a.commentSv, comment_en: a.commentEn, comment_de: a.commentDe })),
    price_low_day: row.priceLowDay,
    price_low_week: row.priceLowWeek,
    price_high_day: row.priceHighDay,
    price_high_week: row.priceHighWeek,
    price_per_month: row.pricePerMonth,
    pricefield_sv: row.pricefieldSv,
    pricefield_en: row.pricefieldEn,
    pricefield_de: row.pricefieldDe,
    calendar,
    images: mine(rel.images).map(imageDto),
    reviewed_at: iso(row.reviewedAt),
    asked_for_review_at: iso(row.askedForReviewAt),
    hidden_at: iso(row.hiddenAt),
    verified_at: iso(row.verifiedAt),
    verified_by: row.verifiedBy,
    paid_at: iso(row.paidAt),
    paid_until: iso(row.paidUntil),
    gallery_until: iso(row.galleryUntil),
    calendar_updated_at: iso(row.calendarUpdatedAt),
    created_at: iso(row.createdAt),
  };
  const facts: AdFacts = base;
  return {
    ...base,
    steps: adSteps(facts),
    complete: isAdComplete(facts),
    status: listingStatus(facts, now),
    can_delete: canDeleteListing(facts),
    has_valid_booking: rel.paid.some((b) => b.cottageId === row.id),
  };
}

export async function cottageDtos(db: Db, rows: CottageRow[]): Promise<Cottage[]> {
  const rel = await related(
    db,
    rows.map((r) => r.id),
  );
  const now = new Date();
  return rows.map((row) => dto(row, rel, now));
}

export async function cottageDto(db: Db, row: CottageRow): Promise<Cottage> {
  return (await cottageDtos(db, [row]))[0]!;
}

// Only the columns the list shows (an ad row carries its texts in three languages besides), and the
// first image by weight per ad on cottage_images_cottage_idx, in one statement. Raw rows, mapped here:
// drizzle's general row mapping cost 15 % of this route's server time (50 ads × 25 columns, measured
// with a CPU profile under load; docs/performance.md).
const ownAds = sql`
  select c.id, c.user_id, c.title_sv, c.title_en, c.title_de, c.commission_percentage, c.region_id, c.lat, c.lng,
    c.hide_location, c.cottage_village, c.property_designation, c.address_street, c.address_postal_code, c.address_city,
    c.reviewed_at, c.asked_for_review_at, c.hidden_at, c.paid_until, c.commission, c.verified_by,
    (select i.filename from ${cottageImages} i where i.cottage_id = c.id order by i.weight, i.id limit 1) as thumbnail
  from ${cottages} c
  where c.user_id = ${sql.placeholder('userId')}
  order by c.id
  limit 500`;

type Moment = string | Date | null;
type OwnAdRow = {
  id: number;
  user_id: number;
  title_sv: string | null;
  title_en: string | null;
  title_de: string | null;
  commission_percentage: number;
  region_id: number | null;
  lat: number | null;
  lng: number | null;
  hide_location: boolean;
  cottage_village: boolean;
  property_designation: string | null;
  address_street: string | null;
  address_postal_code: string | null;
  address_city: string | null;
  reviewed_at: Moment;
  asked_for_review_at: Moment;
  hidden_at: Moment;
  paid_until: Moment;
  commission: boolean | null;
  verified_by: string | null;
  thumbnail: string | null;
};
// The driver hands timestamps over as PostgreSQL's text (drizzle's setting), PGlite perhaps as Dates.
const isoOf = (value: Moment) => (value === null ? null : new Date(value).toISOString());

/** The actor's ads, oldest first, as the list shows them: one prepared statement (cottages_user_idx, and cottage_images_cottage_idx per ad) however many. */
export async function listOwn(db: Db, actor: SessionUser, now = new Date()): Promise<CottageListItem[]> {
  const rows = await preparedSql<OwnAdRow>(db, 'own_ads', ownAds, { userId: actor.id });
  return rows.map((row) => {
    const dac7 = { property_designation: row.property_designation, address_street: row.address_street, address_postal_code: row.address_postal_code, address_city: row.address_city };
    const facts = {
      reviewed_at: isoOf(row.reviewed_at),
      asked_for_review_at: isoOf(row.asked_for_review_at),
      hidden_at: isoOf(row.hidden_at),
      paid_until: isoOf(row.paid_until),
      commission: row.commission,
    };
    return {
      id: row.id,
      user_id: row.user_id,
      title_sv: row.title_sv,
      title_en: row.title_en,
      title_de: row.title_de,
      commission_percentage: row.commission_percentage,
      region_id: row.region_id,
      lat: row.lat,
      lng: row.lng,
      hide_location: row.hide_location,
      cottage_village: row.cottage_village,
      ...dac7,
      dac7_valid: dac7Valid(dac7),
      ...facts,
      verified_by: row.verified_by,
      status: listingStatus(facts, now),
      can_delete: canDeleteListing(facts),
      thumbnail: row.thumbnail,
    };
  });
}

export async function touch(db: Db, id: number, values: Partial<typeof cottages.$inferInsert> = {}) {
  await db
    .update(cottages)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(cottages.id, id));
}

/** Replaces a many-to-many set of an ad in one statement pair. */
export async function replaceCities(db: Db, cottageId: number, cityIds: number[]) {
  await db.delete(cottageCities).where(eq(cottageCities.cottageId, cottageId));
  if (cityIds.length) await db.insert(cottageCities).values([...new Set(cityIds)].map((cityId) => ({ cottageId, cityId })));
}

export async function replaceTags(db: Db, cottageId: number, tagIds: number[]) {
  await db.delete(cottageTags).where(eq(cottageTags.cottageId, cottageId));
  const unique = [...new Set(tagIds)];
  if (!unique.length) return;
  const known = await db.select({ id: tags.id }).from(tags).where(inArray(tags.id, unique));
  if (known.length !== unique.length) throw new ApiError(400, 'errors.form', [{ field: 'tags', message: 'errors.form' }]);
  await db.insert(cottageTags).values(unique.map((tagId) => ({ cottageId, tagId })));
}

export async function nextImageWeight(db: Db, cottageId: number): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${cottageImages.weight})` })
    .from(cottageImages)
    .where(eq(cottageImages.cottageId, cottageId));
  return (row?.max ?? -1) + 1;
}

export async function ownedImage(db: Db, cottageId: number, imageId: number) {
  const [image] = await db
    .select()
    .from(cottageImages)
    .where(and(eq(cottageImages.id, imageId), eq(cottageImages.cottageId, cottageId)))
    .limit(1);
  if (!image) throw notFound();
  return image;
}
