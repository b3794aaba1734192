import 'server-only';
import { and, asc, eq, gt } from 'drizzle-orm';
import { isPublic } from '@/lib/rules/ad';
import { calendarWindow, overlayPeriods, type CalendarRange } from '@/lib/rules/calendar';
import { todayInStockholm } from '@/lib/rules/dates';
import type { Cottage, PublicCottage } from '@/lib/schemas/cottage-dto';
import type { Db } from '../db/client';
import { importedPeriods } from '../db/schema';
import type { SessionUser } from '../http/context';
import { notFound } from '../http/errors';
import { countVisit } from './cottage-calendar';
import { cottageDto, loadAny } from './cottages';
import { getUser } from './users';

/** What the public ad page shows: no owner-only data (address, designation, exact position when hidden). */
function publicView(dto: Cottage, calendar: CalendarRange[], hostFirstName: string | null, preview: boolean, privileged: boolean): PublicCottage {
  return {
    id: dto.id,
    preview,
    ...(privileged ? { review: { asked_for_review_at: dto.asked_for_review_at, reviewed_at: dto.reviewed_at } } : {}),
    public: dto.reviewed_at !== null && dto.hidden_at === null,
    title_sv: dto.title_sv,
    title_en: dto.title_en,
    title_de: dto.title_de,
    description_sv: dto.description_sv,
    description_en: dto.description_en,
    description_de: dto.description_de,
    area: dto.area,
    beds: dto.beds,
    extra_beds: dto.extra_beds,
    property_designation_type: dto.property_designation_type,
    rent_out_type: dto.rent_out_type,
    region_id: dto.region_id,
    lat: dto.hide_location ? null : dto.lat,
    lng: dto.hide_location ? null : dto.lng,
    cities: dto.cities,
    tags: dto.tags,
    amenities: dto.amenities,
    price_low_day: dto.price_low_day,
    price_low_week: dto.price_low_week,
    price_high_day: dto.price_high_day,
    price_high_week: dto.price_high_week,
    price_per_month: dto.price_per_month,
    pricefield_sv: dto.pricefield_sv,
    pricefield_en: dto.pricefield_en,
    pricefield_de: dto.pricefield_de,
    calendar,
    images: dto.images,
    host_first_name: hostFirstName,
  };
}

/**
 * GET /api/public/cottages/{id}: a public ad (reviewed, not hidden); its owner and administrators
 * also see an unfinished one. Visitors count; the owner's and administrators' previews do not.
 */
export async function publicAd(db: Db, viewer: SessionUser | null, id: number, count: boolean) {
  const row = await loadAny(db, id);
  const owner = viewer?.id === row.userId;
  const admin = Boolean(viewer?.admin);
  if (!isPublic({ reviewed_at: row.reviewedAt?.toISOString() ?? null, hidden_at: row.hiddenAt?.toISOString() ?? null }) && !owner && !admin) throw notFound();
  if (!owner && !admin && count) await countVisit(db, row.id);
  const [dto, host, imported] = await Promise.all([cottageDto(db, row), getUser(db, row.userId), importedNights(db, row.id)]);
  return publicView(dto, overlayPeriods(dto.calendar, imported, 1), host.firstName, owner, owner || admin);
}

/** Nights booked on other sites (issue 18), from this month on (imported_periods_cottage_idx): the ad shows them booked, never available. */
function importedNights(db: Db, cottageId: number) {
  const { from } = calendarWindow(todayInStockholm());
  return db
    .select({ from: importedPeriods.fromDate, to: importedPeriods.toDate })
    .from(importedPeriods)
    .where(and(eq(importedPeriods.cottageId, cottageId), gt(importedPeriods.toDate, from)))
    .orderBy(asc(importedPeriods.fromDate));
}
