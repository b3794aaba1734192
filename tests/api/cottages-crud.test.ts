// GET/POST /api/cottages, GET/PUT /api/cottages/:id (every editor dialog with SPEC §5 "Ad"
// validation), GET /api/cottages/rentable and the one-time commission choice.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness';
import {
  AMENITIES,
  asCottage,
  BASE,
  COMPLETE_PROFILE,
  createCottage,
  fillAd,
  host,
  LOCATION,
  POSITION,
  PRICING,
  row,
  setCottage,
  snapshot,
  startCottageApi,
  TERMS_TICKED,
  TEXT,
  update,
} from './cottages-support';

let h: Harness;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ h, stop } = await startCottageApi());
});
afterAll(async () => stop?.());

type FieldErrors = { field: string; message: string }[];
const SV_PROFILE_INCOMPLETE = 'Du måste fylla i din profil innan du kan skapa en annons';

/** PUT that must be refused with 400 and these field errors (among others), changing nothing. */
async function refused(token: string, id: number, body: Record<string, unknown>, errors: FieldErrors) {
  const before = await snapshot(h, id);
  const result = await h.call('PUT', `/api/cottages/${id}`, { token, body });
  expect(result.status, JSON.stringify(result.json)).toBe(400);
  expect(result.json.errors).toEqual(expect.arrayContaining(errors));
  expect(await snapshot(h, id)).toEqual(before);
  return result;
}

describe('POST /api/cottages', () => {
  it('creates an empty ad of the caller with commission null by default', async () => {
    const { user, token } = await host(h);
    const result = await h.call('POST', '/api/cottages', { token });
    expect(result.status).toBe(200);
    const ad = asCottage(result.json);
    expect(ad).toMatchObject({ user_id: user.id, commission: null, title_sv: null, area: null, status: 'INCOMPLETE', complete: false, can_delete: true, images: [], calendar: [] });
    expect(ad.steps).toEqual({ base: false, text: false, position: false, location: false, amenities: false, pricing: false, calendar: false, images: false, payment: false, verify: false });
    const stored = await row(h, ad.id);
    expect(stored).toMatchObject({ userId: user.id, commission: null, commissionPercentage: 12, reviewedAt: null, askedForReviewAt: null, hiddenAt: null });
  });

  it('stores commission false for the fixed-price variant, and refuses commission true', async () => {
    const { token } = await host(h);
    const fixed = await createCottage(h, token, { commission: false });
    expect(fixed.commission).toBe(false);
    expect(fixed.steps.payment).toBe(true);
    expect((await row(h, fixed.id))?.commission).toBe(false);

    const explicitNull = await createCottage(h, token, { commission: null });
    expect((await row(h, explicitNull.id))?.commission).toBeNull();

    const before = await h.db.select().from(h.schema.cottages).where(eq(h.schema.cottages.userId, fixed.user_id));
    const refusedTrue = await h.call('POST', '/api/cottages', { token, body: { commission: true } });
    expect(refusedTrue.status).toBe(400);
    expect(refusedTrue.json.errors?.[0]?.field).toBe('commission');
    expect(await h.db.select().from(h.schema.cottages).where(eq(h.schema.cottages.userId, fixed.user_id))).toHaveLength(before.length);
  });

  it("refuses a host whose profile is incomplete with 'You have to complete your profile before you can create an ad'", async () => {
    for (const missing of [{}, { phone1: null }, { uCity: '' }, { birthday: null }]) {
      const user = await h.createUser(Object.keys(missing).length === 0 ? {} : { ...COMPLETE_PROFILE, ...missing });
      const { token } = await h.login(user.username, user.password!);
      const result = await h.call('POST', '/api/cottages', { token });
      expect(result.status, JSON.stringify(missing)).toBe(400);
      expect(result.json.message).toBe('You have to complete your profile before you can create an ad');
      expect(result.json.code).toBe('cottage.profileIncomplete');
      expect(await h.db.select().from(h.schema.cottages).where(eq(h.schema.cottages.userId, user.id))).toEqual([]);
    }
    const sv = await host(h, { phone1: null });
    const svResult = await h.call('POST', '/api/cottages', { token: sv.token, lang: 'sv' });
    expect(svResult.status).toBe(400);
    expect(svResult.json.message).toBe(SV_PROFILE_INCOMPLETE);
  });

  it('answers 401 without a session', async () => {
    const result = await h.call('POST', '/api/cottages', { body: {} });
    expect(result.status).toBe(401);
  });
});

describe('GET /api/cottages', () => {
  it("lists only the caller's ads, oldest first", async () => {
    const me = await host(h);
    const other = await host(h);
    const first = await createCottage(h, me.token);
    await createCottage(h, other.token);
    const second = await createCottage(h, me.token, { commission: false });
    const result = await h.call('GET', '/api/cottages', { token: me.token });
    expect(result.status).toBe(200);
    const list = result.json as unknown as { id: number; user_id: number }[];
    expect(list.map((c) => c.id)).toEqual([first.id, second.id]);
    expect(list.every((c) => c.user_id === me.user.id)).toBe(true);
    expect((await h.call('GET', '/api/cottages')).status).toBe(401);
  });

  it('answers what the list shows, the first image as the thumbnail, not the whole ad', async () => {
    const me = await host(h);
    const ad = await createCottage(h, me.token);
    const bare = await createCottage(h, me.token);
    await h.db.insert(h.schema.cottageImages).values([
      { cottageId: ad.id, filename: `second-${ad.id}.jpg`, width: 600, height: 400, weight: 2 },
      { cottageId: ad.id, filename: `first-${ad.id}.jpg`, width: 600, height: 400, weight: 1 },
    ]);
    const list = (await h.call('GET', '/api/cottages', { token: me.token })).json as unknown as Record<string, unknown>[];
    expect(list.map((c) => [c.id, c.thumbnail])).toEqual([
      [ad.id, `first-${ad.id}.jpg`],
      [bare.id, null],
    ]);
    expect(list[0]).toMatchObject({ status: 'INCOMPLETE', can_delete: true, dac7_valid: false, reviewed_at: null });
    // The editor reads the whole ad on its own route.
    expect(list[0]).not.toHaveProperty('calendar');
    expect(list[0]).not.toHaveProperty('images');
  });

  it('answers an empty list for a host without ads', async () => {
    const { token } = await host(h);
    const result = await h.call('GET', '/api/cottages', { token });
    expect(result.status).toBe(200);
    expect(result.json).toEqual([]);
  });
});

describe('GET /api/cottages/rentable', () => {
  it('lists only ACTIVE ads: reviewed, not hidden, and commission or paid until a future date', async () => {
    const { user, token } = await host(h);
    const s = h.schema;
    const day = 24 * 3600 * 1000;
    const make = async (values: Partial<typeof s.cottages.$inferInsert>) => {
      const [created] = await h.db
        .insert(s.cottages)
        .values({ userId: user.id, ...values })
        .returning();
      return created!.id;
    };
    const reviewed = new Date(Date.now() - day);
    const commission = await make({ commission: true, reviewedAt: reviewed });
    const paid = await make({ commission: false, reviewedAt: reviewed, paidUntil: new Date(Date.now() + 30 * day) });
    const unpaid = await make({ commission: false, reviewedAt: reviewed, paidUntil: new Date(Date.now() - day) });
    const hidden = await make({ commission: true, reviewedAt: reviewed, hiddenAt: new Date() });
    const sent = await make({ commission: true, askedForReviewAt: reviewed });
    const incomplete = await make({});
    const stranger = await host(h);
    await h.db.insert(s.cottages).values({ userId: stranger.user.id, commission: true, reviewedAt: reviewed });

    const all = (await h.call('GET', '/api/cottages', { token })).json as unknown as { id: number; status: string }[];
    expect(Object.fromEntries(all.map((c) => [c.id, c.status]))).toEqual({
      [commission]: 'ACTIVE',
      [paid]: 'ACTIVE',
      [unpaid]: 'UNPAID',
      [hidden]: 'HIDDEN',
      [sent]: 'SENT_FOR_REVIEW',
      [incomplete]: 'INCOMPLETE',
    });
    const result = await h.call('GET', '/api/cottages/rentable', { token });
    expect(result.status).toBe(200);
    expect((result.json as unknown as { id: number; status: string }[]).map((c) => [c.id, c.status])).toEqual([
      [commission, 'ACTIVE'],
      [paid, 'ACTIVE'],
    ]);
    expect((await h.call('GET', '/api/cottages/rentable')).status).toBe(401);
  });
});

describe('GET /api/cottages/:id', () => {
  it('answers the full ad with its related rows', async () => {
    const { user, token } = await host(h);
    const ad = await createCottage(h, token);
    await update(h, token, ad.id, { ...BASE, ...TEXT, ...LOCATION, ...AMENITIES });
    const result = await h.call('GET', `/api/cottages/${ad.id}`, { token });
    expect(result.status).toBe(200);
    expect(asCottage(result.json)).toMatchObject({
      id: ad.id,
      user_id: user.id,
      ...BASE,
      ...TEXT,
      cities: [
        { id: 101, name: 'Stockholm' },
        { id: 107, name: 'Rimbo' },
      ],
      amenities: [
        { key: 'sauna', comment_sv: 'Vedeldad', comment_en: null, comment_de: null },
        { key: 'wc', comment_sv: null, comment_en: null, comment_de: null },
      ],
    });
  });
});

describe('PUT /api/cottages/:id', () => {
  it('saves each dialog and stores it', async () => {
    const { token } = await host(h);
    const { id } = await createCottage(h, token);
    const s = h.schema;

    const base = await update(h, token, id, BASE);
    expect(base).toMatchObject(BASE);
    expect(base.steps.base).toBe(true);
    expect(await row(h, id)).toMatchObject({ area: 85, beds: 4, extraBeds: 2, propertyDesignationType: 'COTTAGE', rentOutType: 'ENTIRE_HOME' });

    const text = await update(h, token, id, { ...TEXT, title_en: '  Red cottage  ', description_en: 'Cosy.', title_de: '', description_de: null });
    expect(text.steps.text).toBe(true);
    expect(await row(h, id)).toMatchObject({ titleSv: TEXT.title_sv, descriptionSv: TEXT.description_sv, titleEn: 'Red cottage', descriptionEn: 'Cosy.', titleDe: null, descriptionDe: null });

    const position = await update(h, token, id, { ...POSITION, hide_location: true, property_designation: '  Norrtälje   Rimbo  1:23 ' });
    expect(position.steps.position).toBe(true);
    expect(await row(h, id)).toMatchObject({
      lat: POSITION.lat,
      lng: POSITION.lng,
      regionId: 1,
      hideLocation: true,
      cottageVillage: false,
      addressStreet: 'Sjövägen 3',
      addressPostalCode: '76191',
      addressCity: 'Norrtälje',
      propertyDesignation: 'Norrtälje Rimbo 1:23',
    });

    const tag = (await h.call('POST', '/api/cottages/tags', { token, body: { tag: `sjöutsikt-${id}` } })).json as { id: number; tag: string };
    const location = await update(h, token, id, { cities: [101, 107, 101], tags: [tag.id] });
    expect(location.steps.location).toBe(true);
    expect(location.tags).toEqual([tag]);
    const cityRows = await h.db.select().from(s.cottageCities).where(eq(s.cottageCities.cottageId, id));
    expect(cityRows.map((c) => c.cityId).sort()).toEqual([101, 107]);
    expect(await h.db.select().from(s.cottageTags).where(eq(s.cottageTags.cottageId, id))).toEqual([{ cottageId: id, tagId: tag.id }]);

    const amenities = await update(h, token, id, AMENITIES);
    expect(amenities.steps.amenities).toBe(true);
    const amenityRows = await h.db.select().from(s.cottageAmenities).where(eq(s.cottageAmenities.cottageId, id));
    expect(amenityRows.map((a) => [a.key, a.commentSv]).sort()).toEqual([
      ['sauna', 'Vedeldad'],
      ['wc', null],
    ]);

    const pricing = await update(h, token, id, { ...PRICING, price_per_month: 1_500_000, pricefield_sv: 'Städning ingår' });
    expect(pricing.steps.pricing).toBe(true);
    expect(await row(h, id)).toMatchObject({ priceLowDay: 90_000, priceLowWeek: 500_000, priceHighDay: 120_000, priceHighWeek: 700_000, pricePerMonth: 1_500_000, pricefieldSv: 'Städning ingår' });

    // A dialog may send only what changed: the rest of its group is kept.
    await update(h, token, id, { beds: 6 });
    expect(await row(h, id)).toMatchObject({ area: 85, beds: 6, extraBeds: 2 });
    await update(h, token, id, { tags: [] });
    expect(await h.db.select().from(s.cottageTags).where(eq(s.cottageTags.cottageId, id))).toEqual([]);
    expect(await h.db.select().from(s.cottageCities).where(eq(s.cottageCities.cottageId, id))).toHaveLength(2);
    await update(h, token, id, { amenities: [] });
    expect(await h.db.select().from(s.cottageAmenities).where(eq(s.cottageAmenities.cottageId, id))).toEqual([]);
  });

  it('refuses an unknown field naming it, and stores nothing of the rest of the body', async () => {
    const { token } = await host(h);
    const { id } = await createCottage(h, token);
    const result = await refused(token, id, { title_sv: 'Stuga', description_sv: 'Fin', reviewed_at: '2020-01-01T00:00:00Z' }, [{ field: 'reviewed_at', message: 'Error in form!' }]);
    expect(result.json.message).toBe('Error in form!');
    await refused(token, id, { user_id: 1 }, [{ field: 'user_id', message: 'Error in form!' }]);
    await refused(token, id, { verified_at: '2020-01-01T00:00:00Z' }, [{ field: 'verified_at', message: 'Error in form!' }]);
  });

  it('writes all groups or none: one invalid group keeps the valid ones from being stored', async () => {
    const { token } = await host(h);
    const { id } = await createCottage(h, token);
    await refused(token, id, { ...TEXT, ...LOCATION, area: 0, beds: 2 }, [{ field: 'area', message: 'Enter a number from 1 to 10000' }]);
  });

  describe('base', () => {
    it('area and beds from 1 to 10000; extra beds from 0; whole numbers only', async () => {
      const { token } = await host(h);
      const { id } = await createCottage(h, token);
      await refused(token, id, { beds: 2 }, [{ field: 'area', message: 'Required' }]);
      await refused(token, id, { area: 0, beds: 2 }, [{ field: 'area', message: 'Enter a number from 1 to 10000' }]);
      await refused(token, id, { area: 10_001, beds: 2 }, [{ field: 'area', message: 'Enter a number from 1 to 10000' }]);
      await refused(token, id, { area: 12.5, beds: 2 }, [{ field: 'area', message: 'Required' }]);
      await refused(token, id, { area: '40', beds: 2 }, [{ field: 'area', message: 'Required' }]);
      await refused(token, id, { area: 40 }, [{ field: 'beds', message: 'Required' }]);
      await refused(token, id, { area: 40, beds: 0 }, [{ field: 'beds', message: 'Enter a number from 1 to 10000' }]);
      await refused(token, id, { area: 40, beds: 10_001 }, [{ field: 'beds', message: 'Enter a number from 1 to 10000' }]);
      await refused(token, id, { area: 40, beds: 2, extra_beds: -1 }, [{ field: 'extra_beds', message: 'Enter a number from 0 to 10000' }]);
      await refused(token, id, { area: 40, beds: 2, property_designation_type: 'CASTLE' }, [{ field: 'property_designation_type', message: expect.any(String) }]);

      await update(h, token, id, { area: 1, beds: 1, extra_beds: 0 });
      expect(await row(h, id)).toMatchObject({ area: 1, beds: 1, extraBeds: 0 });
      const max = await update(h, token, id, { area: 10_000, beds: 10_000, extra_beds: null });
      expect(max.steps.base).toBe(true);
      expect(await row(h, id)).toMatchObject({ area: 10_000, beds: 10_000, extraBeds: null, propertyDesignationType: null, rentOutType: null });
    });

    it("requires property and rent-out type ('Required') only for commission ads", async () => {
      const { token } = await host(h);
      const commission = await createCottage(h, token);
      await setCottage(h, commission.id, { commission: true });
      await refused(token, commission.id, { area: 40, beds: 2 }, [
        { field: 'property_designation_type', message: 'Required' },
        { field: 'rent_out_type', message: 'Required' },
      ]);
      await refused(token, commission.id, { area: 40, beds: 2, property_designation_type: 'CASTLE', rent_out_type: 'ENTIRE_HOME' }, [{ field: 'property_designation_type', message: 'Required' }]);
      const ok = await update(h, token, commission.id, { area: 40, beds: 2, property_designation_type: 'HOUSE', rent_out_type: 'PART_OF_HOME' });
      expect(ok.steps.base).toBe(true);

      const fixed = await createCottage(h, token, { commission: false });
      expect((await update(h, token, fixed.id, { area: 40, beds: 2 })).steps.base).toBe(true);
      const undecided = await createCottage(h, token);
      expect((await update(h, token, undecided.id, { area: 40, beds: 2 })).steps.base).toBe(true);
    });
  });

  describe('text', () => {
    it("Swedish title and description required; titles at most 50 characters ('Max number of chars: 50')", async () => {
      const { token } = await host(h);
      const { id } = await createCottage(h, token);
      const result = await refused(token, id, { title_sv: 'x'.repeat(51), description_sv: 'Fin' }, [{ field: 'title_sv', message: 'Max number of chars: 50' }]);
      expect(result.json.message).toBe('Max number of chars: 50');
      await refused(token, id, { title_sv: '', description_sv: 'Fin' }, [{ field: 'title_sv', message: 'Required' }]);
      await refused(token, id, { title_sv: '   ', description_sv: 'Fin' }, [{ field: 'title_sv', message: 'Required' }]);
      await refused(token, id, { title_sv: 'Stuga', description_sv: '' }, [{ field: 'description_sv', message: 'Required' }]);
      await refused(token, id, { ...TEXT, title_en: 'e'.repeat(51) }, [{ field: 'title_en', message: 'Max number of chars: 50' }]);
      await refused(token, id, { ...TEXT, title_de: 'd'.repeat(51) }, [{ field: 'title_de', message: 'Max number of chars: 50' }]);

      const fifty = 'å'.repeat(50);
      const ok = await update(h, token, id, { title_sv: fifty, description_sv: 'Fin' });
      expect(ok.title_sv).toBe(fifty);
      expect(ok.steps.text).toBe(true);
      expect((await row(h, id))?.titleSv).toBe(fifty);
    });

    it("answers 'Required' (translated) when the Swedish title or description is missing altogether", async () => {
      const { token } = await host(h);
      const { id } = await createCottage(h, token);
      await refused(token, id, { description_sv: 'Fin' }, [{ field: 'title_sv', message: 'Required' }]);
      await refused(token, id, { title_sv: null, description_sv: 'Fin' }, [{ field: 'title_sv', message: 'Required' }]);
      await refused(token, id, { title_sv: 'Stuga' }, [{ field: 'description_sv', message: 'Required' }]);
      const sv = await h.call('PUT', `/api/cottages/${id}`, { token, body: { description_sv: 'Fin' }, lang: 'sv' });
      expect(sv.json.errors).toEqual([{ field: 'title_sv', message: 'Måste fyllas i' }]);
    });

    it('answers the messages in Swedish for a Swedish caller', async () => {
      const { token } = await host(h);
      const { id } = await createCottage(h, token);
      const result = await h.call('PUT', `/api/cottages/${id}`, { token, body: { title_sv: 'x'.repeat(51), description_sv: 'Fin' }, lang: 'sv' });
      expect(result.status).toBe(400);
      expect(result.json.errors?.[0]?.field).toBe('title_sv');
      expect(result.json.errors).toEqual([{ field: 'title_sv', message: 'Max antal tecken: 50' }]);
    });
  });

  describe('position', () => {
    it("lat and lng required and within range ('Lat / Lng is required'); region one of the 21 counties", async () => {
      const { token } = await host(h);
      const { id } = await createCottage(h, token, { commission: false });
      const { lng, region_id } = POSITION;
      await refused(token, id, { lng, region_id }, [{ field: 'lat', message: 'Lat / Lng is required' }]);
      await refused(token, id, { lat: POSITION.lat, region_id }, [{ field: 'lng', message: 'Lat / Lng is required' }]);
      await refused(token, id, { lat: 91, lng, region_id }, [{ field: 'lat', message: 'Lat / Lng is required' }]);
      await refused(token, id, { lat: POSITION.lat, lng: -181, region_id }, [{ field: 'lng', message: 'Lat / Lng is required' }]);
      await refused(token, id, { lat: '59.1', lng, region_id }, [{ field: 'lat', message: 'Lat / Lng is required' }]);
      await refused(token, id, { lat: null, lng: null, region_id }, [
        { field: 'lat', message: 'Lat / Lng is required' },
        { field: 'lng', message: 'Lat / Lng is required' },
      ]);
      await refused(token, id, { lat: POSITION.lat, lng }, [{ field: 'region_id', message: 'Required' }]);
      await refused(token, id, { lat: POSITION.lat, lng, region_id: 0 }, [{ field: 'region_id', message: 'Required' }]);
      await refused(token, id, { lat: POSITION.lat, lng, region_id: 22 }, [{ field: 'region_id', message: 'Required' }]);

      // Fixed-price ads (commission false) do not need the address.
      const ok = await update(h, token, id, { lat: POSITION.lat, lng, region_id: 21 });
      expect(ok.steps.position).toBe(true);
      expect(await row(h, id)).toMatchObject({ lat: POSITION.lat, lng, regionId: 21, addressStreet: null, propertyDesignation: null });
      expect((await update(h, token, id, { region_id: 1 })).region_id).toBe(1);
    });

    it('requires every address field unless the ad is fixed-price (commission false), with their limits', async () => {
      const { token } = await host(h);
      const coords = { lat: POSITION.lat, lng: POSITION.lng, region_id: 1 };
      for (const commission of [null, true] as const) {
        const { id } = await createCottage(h, token);
        if (commission) await setCottage(h, id, { commission: true });
        await refused(token, id, coords, [
          { field: 'address_street', message: 'Required' },
          { field: 'address_postal_code', message: 'Required' },
          { field: 'address_city', message: 'Required' },
          { field: 'property_designation', message: 'Required' },
        ]);
        await refused(token, id, { ...POSITION, address_city: '  ' }, [{ field: 'address_city', message: 'Required' }]);
        await refused(token, id, { ...POSITION, address_street: 's'.repeat(256) }, [{ field: 'address_street', message: 'Max number of chars: 255' }]);
        await refused(token, id, { ...POSITION, address_city: 'c'.repeat(101) }, [{ field: 'address_city', message: 'Max number of chars: 100' }]);
        await refused(token, id, { ...POSITION, address_postal_code: '761 91' }, [{ field: 'address_postal_code', message: 'Only digits' }]);
        await refused(token, id, { ...POSITION, address_postal_code: '1'.repeat(51) }, [{ field: 'address_postal_code', message: 'Max number of chars: 50' }]);
        await refused(token, id, { ...POSITION, property_designation: `Norrtälje ${'a'.repeat(250)} 1:1` }, [{ field: 'property_designation', message: 'Max number of chars: 255' }]);
        expect((await update(h, token, id, POSITION)).steps.position).toBe(true);
      }
    });

    it("checks the property designation's format by property type and cottage village", async () => {
      const { token } = await host(h);
      const { id } = await createCottage(h, token);
      const bad = 'Bad format (Example: Kommun Traktnamn 10:10)';
      for (const designation of ['Rimbo 1:23', 'Norrtälje Rimbo', 'Norrtälje Rimbo 1-23', '1010', 'Norrtälje Rimbo 1:23:4']) {
        await refused(token, id, { ...POSITION, property_designation: designation }, [{ field: 'property_designation', message: bad }]);
      }
      expect((await update(h, token, id, { ...POSITION, property_designation: 'Västra Götaland Smögen 12:345' })).property_designation).toBe('Västra Götaland Smögen 12:345');

      await update(h, token, id, { ...BASE, property_designation_type: 'APARTMENT' });
      const apartment = 'Input 4 digits (Example: 1010)';
      for (const designation of ['101', '10101', '0000', 'A101', POSITION.property_designation]) {
        await refused(token, id, { ...POSITION, property_designation: designation }, [{ field: 'property_designation', message: apartment }]);
      }
      expect((await update(h, token, id, { ...POSITION, property_designation: '1010' })).property_designation).toBe('1010');

      const village = 'Max 5 characters (Example: 12345)';
      for (const designation of ['ABC', '123456', 'A1B2C', 'Norrtälje Rimbo 1:23', '12 34']) {
        await refused(token, id, { ...POSITION, cottage_village: true, property_designation: designation }, [{ field: 'property_designation', message: village }]);
      }
      for (const designation of ['12345', 'AB', 'Ö', '1A2B3']) {
        const ok = await update(h, token, id, { ...POSITION, cottage_village: true, property_designation: designation });
        expect(ok.property_designation).toBe(designation);
        expect((await row(h, id))?.cottageVillage).toBe(true);
      }
    });

    it('checks the designation against the property type sent in the same request, whatever the order of the fields', async () => {
      const { token } = await host(h);
      // Type first, then the position: the new type applies.
      const typeFirst = await createCottage(h, token);
      const ok = await update(h, token, typeFirst.id, { area: 50, beds: 2, property_designation_type: 'APARTMENT', ...POSITION, property_designation: '1010' });
      expect(ok).toMatchObject({ property_designation_type: 'APARTMENT', property_designation: '1010' });
      // The same dialog values with the position fields first must give the same answer.
      const positionFirst = await createCottage(h, token);
      const result = await h.call('PUT', `/api/cottages/${positionFirst.id}`, {
        token,
        body: { ...POSITION, property_designation: '1010', area: 50, beds: 2, property_designation_type: 'APARTMENT' },
      });
      expect(result.status, JSON.stringify(result.json)).toBe(200);
      expect(await row(h, positionFirst.id)).toMatchObject({ propertyDesignationType: 'APARTMENT', propertyDesignation: '1010' });
    });
  });

  describe('location', () => {
    it("at least one known place ('Add minimum 1 location'); tags must exist", async () => {
      const { token } = await host(h);
      const { id } = await createCottage(h, token);
      await update(h, token, id, { cities: [2101] });
      await refused(token, id, { cities: [] }, [{ field: 'cities', message: 'Add minimum 1 location' }]);
      await refused(token, id, { cities: [99_999] }, [{ field: 'cities.0', message: 'Add minimum 1 location' }]);
      await refused(token, id, { tags: [], cities: [101, 0] }, [{ field: 'cities.1', message: expect.any(String) }]);
      const unknownTag = 2_000_000_000;
      const result = await refused(token, id, { cities: [101], tags: [unknownTag] }, [{ field: 'tags', message: 'Error in form!' }]);
      expect(result.json.message).toBe('Error in form!');
      const fresh = await createCottage(h, token);
      await refused(token, fresh.id, { tags: [] }, [{ field: 'cities', message: 'Add minimum 1 location' }]);
      expect(await h.db.select().from(h.schema.cottageCities).where(eq(h.schema.cottageCities.cottageId, id))).toEqual([{ cottageId: id, cityId: 2101 }]);
    });
  });

  describe('amenities', () => {
    it('refuses an unknown key and a repeated key, and a comment over 255 characters', async () => {
      const { token } = await host(h);
      const { id } = await createCottage(h, token);
      await update(h, token, id, AMENITIES);
      await refused(token, id, { amenities: [{ key: 'sauna' }, { key: 'helipad' }] }, [{ field: 'amenities.1.key', message: expect.any(String) }]);
      await refused(token, id, { amenities: [{ key: 'sauna' }, { key: 'sauna' }] }, [{ field: 'amenities', message: 'Error in form!' }]);
      await refused(token, id, { amenities: [{ key: 'tv', comment_en: 'c'.repeat(256) }] }, [{ field: 'amenities.0.comment_en', message: 'Max number of chars: 255' }]);
      await refused(token, id, { amenities: 'sauna' }, [{ field: 'amenities', message: expect.any(String) }]);
      const all = await update(h, token, id, { amenities: [{ key: 'tv', comment_en: 'Netflix', comment_de: 'Fernseher' }] });
      expect(all.amenities).toEqual([{ key: 'tv', comment_sv: null, comment_en: 'Netflix', comment_de: 'Fernseher' }]);
    });
  });

  describe('messages of refused choices', () => {
    it("answer a catalogue message in the caller's language, not zod's untranslated 'Invalid input'", async () => {
      const { token } = await host(h);
      const { id } = await createCottage(h, token);
      const bodies: [Record<string, unknown>, string][] = [
        [{ amenities: [{ key: 'helipad' }] }, 'amenities.0.key'],
        [{ area: 40, beds: 2, property_designation_type: 'CASTLE' }, 'property_designation_type'],
        [{ area: 40, beds: 2, rent_out_type: 'WHOLE_ISLAND' }, 'rent_out_type'],
      ];
      for (const [body, field] of bodies) {
        for (const lang of ['en', 'sv']) {
          const result = await h.call('PUT', `/api/cottages/${id}`, { token, body, lang });
          expect(result.status).toBe(400);
          const error = result.json.errors?.find((e) => e.field === field);
          expect(error, `${field} (${lang})`).toBeDefined();
          expect(error?.message, `${field} (${lang})`).not.toBe('Invalid input');
        }
      }
    });
  });

  describe('pricing', () => {
    it('prices in öre from 100 to 999 999 900, whole numbers, or null', async () => {
      const { token } = await host(h);
      const { id } = await createCottage(h, token);
      const range = 'Enter a price between 1 and 9 999 999 kr';
      await refused(token, id, { ...PRICING, price_low_day: 99 }, [{ field: 'price_low_day', message: range }]);
      await refused(token, id, { ...PRICING, price_high_week: 999_999_901 }, [{ field: 'price_high_week', message: range }]);
      await refused(token, id, { ...PRICING, price_per_month: 0 }, [{ field: 'price_per_month', message: range }]);
      await refused(token, id, { ...PRICING, price_low_week: 100.5 }, [{ field: 'price_low_week', message: 'Invalid value' }]);
      await refused(token, id, { ...PRICING, price_high_day: '1200' }, [{ field: 'price_high_day', message: 'Invalid value' }]);

      const ok = await update(h, token, id, { price_low_day: 100, price_low_week: 100, price_high_day: 999_999_900, price_high_week: 999_999_900 });
      expect(ok.steps.pricing).toBe(true);
      expect(await row(h, id)).toMatchObject({ priceLowDay: 100, priceHighWeek: 999_999_900 });
      const partial = await update(h, token, id, { price_low_day: null, price_high_day: null });
      expect(partial.steps.pricing).toBe(false);
      expect(await row(h, id)).toMatchObject({ priceLowDay: null, priceHighDay: null, priceLowWeek: 100 });
    });

    it("low must not exceed high, per day and per week: 'Low price must be lower than high price' / 'High price must be higher than low price'", async () => {
      const { token } = await host(h);
      const { id } = await createCottage(h, token);
      const result = await refused(token, id, { ...PRICING, price_low_day: 130_000, price_high_day: 120_000 }, [
        { field: 'price_low_day', message: 'Low price must be lower than high price' },
        { field: 'price_high_day', message: 'High price must be higher than low price' },
      ]);
      expect(result.json.message).toBe('Low price must be lower than high price');
      await refused(token, id, { ...PRICING, price_low_week: 800_000 }, [
        { field: 'price_low_week', message: 'Low price must be lower than high price' },
        { field: 'price_high_week', message: 'High price must be higher than low price' },
      ]);
      // Checked against the stored prices when only one is sent.
      await update(h, token, id, PRICING);
      await refused(token, id, { price_high_day: 50_000 }, [{ field: 'price_high_day', message: 'High price must be higher than low price' }]);
      const equal = await update(h, token, id, { price_low_day: 120_000 });
      expect(equal.price_low_day).toBe(120_000);
    });
  });

  describe('commission', () => {
    /** An ad with every required step done (BankID verification set in the database). */
    async function completeAd(token: string) {
      const { id } = await createCottage(h, token);
      await fillAd(h, token, id);
      await setCottage(h, id, { verifiedAt: new Date(), verifiedBy: 'BANKID' });
      return id;
    }

    it('can be chosen once: true sets asked_for_review_at, the same value again is accepted, another one is refused', async () => {
      const { token } = await host(h);
      const id = await completeAd(token);
      const before = Date.now();
      const chosen = await update(h, token, id, { commission: true });
      expect(chosen).toMatchObject({ commission: true, complete: true, status: 'SENT_FOR_REVIEW' });
      expect(chosen.steps.payment).toBe(true);
      const stored = await row(h, id);
      expect(stored?.commission).toBe(true);
      expect(stored?.askedForReviewAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(chosen.asked_for_review_at).toBe(stored?.askedForReviewAt?.toISOString());

      const again = await update(h, token, id, { commission: true });
      expect(again.asked_for_review_at).toBe(chosen.asked_for_review_at);

      const snap = await snapshot(h, id);
      const changed = await h.call('PUT', `/api/cottages/${id}`, { token, body: { commission: false } });
      expect(changed.status).toBe(400);
      expect(changed.json.message).toBe('The payment model of this ad has already been chosen');
      expect(changed.json.code).toBe('cottage.commissionFixed');
      expect(await snapshot(h, id)).toEqual(snap);
    });

    it('choosing commission does not send an incomplete ad for review (send-for-review refuses it too)', async () => {
      const { token } = await host(h);
      for (const choose of [
        (id: number) => h.call('PUT', `/api/cottages/${id}`, { token, body: { commission: true } }),
        (id: number) => h.call('POST', `/api/cottages/${id}/commission`, { token, body: { commission: true, ...TERMS_TICKED } }),
      ]) {
        const { id } = await createCottage(h, token);
        await update(h, token, id, { ...TEXT, area: 40, beds: 2 });
        await choose(id);
        const stored = await row(h, id);
        expect(stored?.askedForReviewAt, 'an incomplete, unverified ad must not reach the review queue').toBeNull();
        const ad = asCottage((await h.call('GET', `/api/cottages/${id}`, { token })).json);
        expect(ad.status).not.toBe('SENT_FOR_REVIEW');
        expect((await h.call('POST', `/api/cottages/${id}/send-for-review`, { token, body: TERMS_TICKED })).status).toBe(400);
      }
    });

    it('false does not send the ad for review and cannot become true later; a non-boolean is refused', async () => {
      const { token } = await host(h);
      const { id } = await createCottage(h, token);
      await refused(token, id, { commission: 'yes' }, [{ field: 'commission', message: 'Error in form!' }]);
      await refused(token, id, { commission: null }, [{ field: 'commission', message: 'Error in form!' }]);
      const fixed = await update(h, token, id, { commission: false });
      expect(fixed.commission).toBe(false);
      expect(await row(h, id)).toMatchObject({ commission: false, askedForReviewAt: null });
      const result = await h.call('PUT', `/api/cottages/${id}`, { token, body: { commission: true } });
      expect(result.status).toBe(400);
      expect(result.json.message).toBe('The payment model of this ad has already been chosen');
      expect(await row(h, id)).toMatchObject({ commission: false, askedForReviewAt: null });
    });

    it('POST /:id/commission does the same', async () => {
      const { token } = await host(h);
      const id = await completeAd(token);
      const bad = await h.call('POST', `/api/cottages/${id}/commission`, { token, body: {} });
      expect(bad.status).toBe(400);
      expect(bad.json.errors?.[0]?.field).toBe('commission');
      // Commission sends the ad for review: the terms dialog's three boxes come along (SPEC §5).
      const before = await snapshot(h, id);
      const unticked = await h.call('POST', `/api/cottages/${id}/commission`, { token, body: { commission: true, ...TERMS_TICKED, booking_terms: false } });
      expect(unticked.status).toBe(400);
      expect(unticked.json.errors).toEqual([{ field: 'booking_terms', message: 'Tick the box to continue' }]);
      expect(await snapshot(h, id)).toEqual(before);
      const chosen = await h.call('POST', `/api/cottages/${id}/commission`, { token, body: { commission: true, ...TERMS_TICKED } });
      expect(chosen.status).toBe(200);
      expect((await row(h, id))?.termsAcceptedAt).toBeInstanceOf(Date);
      expect(asCottage(chosen.json)).toMatchObject({ id, commission: true, status: 'SENT_FOR_REVIEW' });
      expect((await row(h, id))?.askedForReviewAt).toBeInstanceOf(Date);
      const changed = await h.call('POST', `/api/cottages/${id}/commission`, { token, body: { commission: false } });
      expect(changed.status).toBe(400);
      expect(changed.json.message).toBe('The payment model of this ad has already been chosen');
      expect((await row(h, id))?.commission).toBe(true);

      const other = await createCottage(h, token);
      const fixed = await h.call('POST', `/api/cottages/${other.id}/commission`, { token, body: { commission: false } });
      expect(fixed.status).toBe(200);
      expect(await row(h, other.id)).toMatchObject({ commission: false, askedForReviewAt: null });
    });
  });
});
