import 'server-only';
import { eq } from 'drizzle-orm';
import { amenitiesSchema, baseSchema, FIELD_GROUPS, locationSchema, positionSchema, pricingSchema, textSchema, type FieldGroup } from '@/lib/schemas/cottage';
import { isAdComplete } from '@/lib/rules/ad';
import type { Db } from '../db/client';
import { cottageAmenities, cottages } from '../db/schema';
import { validate } from '../http/api';
import { ApiError } from '../http/errors';
import { replaceCities, replaceTags, type CottageRow } from './cottages';
import type { Cottage } from '@/lib/schemas/cottage-dto';

type Body = Record<string, unknown>;

/** Which groups (editor dialogs) a PUT touches; unknown fields are refused, not ignored. */
function touchedGroups(body: Body): FieldGroup[] {
  const groups = new Set<FieldGroup>();
  for (const key of Object.keys(body)) {
    if (key === 'commission') continue;
    const group = (Object.keys(FIELD_GROUPS) as FieldGroup[]).find((g) => (FIELD_GROUPS[g] as readonly string[]).includes(key));
    if (!group) throw new ApiError(400, 'errors.form', [{ field: key, message: 'errors.form' }]);
    groups.add(group);
  }
  return [...groups];
}

/** A group's values: what the body sends over what the ad has (so a dialog may send only changes). */
function merged(group: FieldGroup, body: Body, current: Cottage): Body {
  const out: Body = {};
  for (const field of FIELD_GROUPS[group]) {
    if (field in body) out[field] = body[field];
    else if (field === 'cities' || field === 'tags') out[field] = (current[field] as { id: number }[]).map((x) => x.id);
    else out[field] = current[field as keyof Cottage];
  }
  return out;
}

/**
 * PUT /api/cottages/:id: validates every touched group with its shared schema (cross-field rules
 * see the ad as it will be) and writes the groups in one transaction.
 */
export async function updateCottage(db: Db, row: CottageRow, current: Cottage, body: Body): Promise<void> {
  const groups = touchedGroups(body);
  const commissionChange = 'commission' in body ? body.commission : undefined;
  if (commissionChange !== undefined) {
    if (typeof commissionChange !== 'boolean') throw new ApiError(400, 'errors.form', [{ field: 'commission', message: 'errors.form' }]);
    if (row.commission !== null && row.commission !== commissionChange) throw new ApiError(400, 'cottage.commissionFixed');
  }
  const commission = commissionChange ?? row.commission;
  const values: Partial<typeof cottages.$inferInsert> = {};
  let amenities: { key: string; comment_sv?: string | null; comment_en?: string | null; comment_de?: string | null }[] | null = null;
  let cityIds: number[] | null = null;
  let tagIds: number[] | null = null;

  for (const group of groups) {
    const input = merged(group, body, current);
    if (group === 'base') {
      const v = validate(baseSchema(commission), input);
      Object.assign(values, { area: v.area, beds: v.beds, extraBeds: v.extra_beds ?? null, propertyDesignationType: v.property_designation_type ?? null, rentOutType: v.rent_out_type ?? null });
    } else if (group === 'text') {
      const v = validate(textSchema, input);
      Object.assign(values, {
        titleSv: v.title_sv,
        descriptionSv: v.description_sv,
        titleEn: v.title_en || null,
        descriptionEn: v.description_en || null,
        titleDe: v.title_de || null,
        descriptionDe: v.description_de || null,
      });
    } else if (group === 'position') {
      // The type sent in the same request counts, whatever the order of the fields.
      const type = ('property_designation_type' in body ? body.property_designation_type : row.propertyDesignationType) as CottageRow['propertyDesignationType'];
      const v = validate(positionSchema({ commission, property_designation_type: type }), input);
      Object.assign(values, {
        lat: v.lat,
        lng: v.lng,
        hideLocation: v.hide_location,
        regionId: v.region_id,
        cottageVillage: v.cottage_village,
        addressStreet: v.address_street || null,
        addressPostalCode: v.address_postal_code || null,
        addressCity: v.address_city || null,
        propertyDesignation: v.property_designation?.replace(/\s+/g, ' ') || null,
      });
    } else if (group === 'location') {
      const v = validate(locationSchema, input);
      cityIds = v.cities;
      tagIds = v.tags;
    } else if (group === 'amenities') {
      amenities = validate(amenitiesSchema, input).amenities;
    } else if (group === 'pricing') {
      const v = validate(pricingSchema, input);
      Object.assign(values, {
        priceLowDay: v.price_low_day,
        priceLowWeek: v.price_low_week,
        priceHighDay: v.price_high_day,
        priceHighWeek: v.price_high_week,
        pricePerMonth: v.price_per_month,
        pricefieldSv: v.pricefield_sv || null,
        pricefieldEn: v.pricefield_en || null,
        pricefieldDe: v.pricefield_de || null,
      });
    }
  }
  if (commissionChange !== undefined) {
    values.commission = commissionChange;
    // SPEC §4: choosing commission also sends the ad for review, once — if it is complete by then
    // (an unfinished or unverified ad waits for 'Send for review').
    if (commissionChange === true && !row.askedForReviewAt && isAdComplete({ ...current, commission: true })) values.askedForReviewAt = new Date();
  }

  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t
      .update(cottages)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(cottages.id, row.id));
    if (cityIds) await replaceCities(t, row.id, cityIds);
    if (tagIds) await replaceTags(t, row.id, tagIds);
    if (amenities) {
      await t.delete(cottageAmenities).where(eq(cottageAmenities.cottageId, row.id));
      if (amenities.length) {
        await t
          .insert(cottageAmenities)
          .values(amenities.map((a) => ({ cottageId: row.id, key: a.key, commentSv: a.comment_sv || null, commentEn: a.comment_en || null, commentDe: a.comment_de || null })));
      }
    }
  });
}
