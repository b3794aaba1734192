import { describe, expect, it } from 'vitest';
import { adSteps, canDeleteListing, createListingPath, isAdComplete, listingStatus, REQUIRED_AD_STEPS, stepsMissingForCommission, type AdFacts } from '@/lib/rules/ad';
import { propertyDesignationError } from '@/lib/rules/property-designation';
import { pricingSchema } from '@/lib/schemas/cottage';
import { lastMinuteSchema } from '@/lib/schemas/last-minute';
import * as z from 'zod/mini';

const empty: AdFacts = {
  commission: null,
  area: null,
  beds: null,
  property_designation_type: null,
  rent_out_type: null,
  title_sv: null,
  description_sv: null,
  lat: null,
  lng: null,
  region_id: null,
  address_street: null,
  address_postal_code: null,
  address_city: null,
  property_designation: null,
  cities: [],
  amenities: [],
  price_low_day: null,
  price_low_week: null,
  price_high_day: null,
  price_high_week: null,
  calendar: [],
  images: [],
  verified_at: null,
  reviewed_at: null,
  asked_for_review_at: null,
  hidden_at: null,
  paid_until: null,
};

const complete: AdFacts = {
  ...empty,
  commission: true,
  area: 62,
  beds: 4,
  property_designation_type: 'COTTAGE',
  rent_out_type: 'ENTIRE_HOME',
  title_sv: 'Röd stuga vid sjön',
  description_sv: 'Mysig stuga',
  lat: 59.7,
  lng: 18.4,
  region_id: 1,
  address_street: 'Sjövägen 14',
  address_postal_code: '76291',
  address_city: 'Rimbo',
  property_designation: 'Norrtälje Rimbo 1:23',
  cities: [{ id: 107 }],
  images: [{ id: 1 }],
  calendar: [{ from: '2027-06-01', to: '2027-07-01', state: 5 }],
  verified_at: '2026-11-01T10:00:00Z',
};

describe('ad completeness (SPEC §4)', () => {
  it('has 7 required steps', () => {
    expect(REQUIRED_AD_STEPS).toEqual(['base', 'text', 'position', 'location', 'images', 'calendar', 'verify']);
  });
  it('an empty ad has no step done', () => {
    expect(Object.values(adSteps(empty)).some(Boolean)).toBe(false);
    expect(isAdComplete(empty)).toBe(false);
  });
  it('a complete commission ad is complete without amenities and pricing', () => {
    expect(isAdComplete(complete)).toBe(true);
    expect(adSteps(complete).amenities).toBe(false);
    expect(adSteps(complete).pricing).toBe(false);
    expect(adSteps(complete).payment).toBe(true);
  });
  it('commission ads need property and rent-out type, and an available period', () => {
    expect(adSteps({ ...complete, rent_out_type: null }).base).toBe(false);
    expect(adSteps({ ...complete, commission: false, rent_out_type: null }).base).toBe(true);
    expect(adSteps({ ...complete, calendar: [{ from: '2027-06-01', to: '2027-07-01', state: 1 }] }).calendar).toBe(false);
    expect(adSteps({ ...complete, commission: null, calendar: [{ from: '2027-06-01', to: '2027-07-01', state: 1 }] }).calendar).toBe(true);
  });
  it('the address is needed unless the ad is fixed-price', () => {
    const noAddress = { ...complete, address_street: null };
    expect(adSteps(noAddress).position).toBe(false);
    expect(adSteps({ ...noAddress, commission: null }).position).toBe(false);
    expect(adSteps({ ...noAddress, commission: false }).position).toBe(true);
  });
  it('an undecided ad lists what commission would still need (the payment page links them)', () => {
    const undecided: AdFacts = { ...complete, commission: null, rent_out_type: null, calendar: [{ from: '2027-06-01', to: '2027-07-01', state: 1 }] };
    expect(isAdComplete(undecided)).toBe(true);
    expect(stepsMissingForCommission(undecided)).toEqual(['base', 'calendar']);
    expect(stepsMissingForCommission({ ...complete, commission: null })).toEqual([]);
    expect(stepsMissingForCommission(empty)).toEqual(REQUIRED_AD_STEPS);
  });
  it('verify is done by verification or by review', () => {
    expect(adSteps({ ...complete, verified_at: null }).verify).toBe(false);
    expect(adSteps({ ...complete, verified_at: null, reviewed_at: '2026-11-02T00:00:00Z' }).verify).toBe(true);
  });
});

describe('listing status', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('Incomplete → Sent for review → Reviewed (Active, Hidden or Unpaid)', () => {
    expect(listingStatus(empty, now)).toBe('INCOMPLETE');
    expect(listingStatus({ ...complete, asked_for_review_at: '2026-11-20T00:00:00Z' }, now)).toBe('SENT_FOR_REVIEW');
    const reviewed = { ...complete, asked_for_review_at: '2026-11-20T00:00:00Z', reviewed_at: '2026-11-21T00:00:00Z' };
    expect(listingStatus(reviewed, now)).toBe('ACTIVE');
    expect(listingStatus({ ...reviewed, hidden_at: '2026-11-21T10:00:00Z' }, now)).toBe('HIDDEN');
    expect(listingStatus({ ...reviewed, commission: false, paid_until: '2027-11-01T00:00:00Z' }, now)).toBe('ACTIVE');
    expect(listingStatus({ ...reviewed, commission: false, paid_until: '2026-11-01T00:00:00Z' }, now)).toBe('UNPAID');
  });
  it('only unreviewed or hidden ads can be deleted', () => {
    expect(canDeleteListing({ reviewed_at: null, hidden_at: null })).toBe(true);
    expect(canDeleteListing({ reviewed_at: '2026-11-21T00:00:00Z', hidden_at: null })).toBe(false);
    expect(canDeleteListing({ reviewed_at: '2026-11-21T00:00:00Z', hidden_at: '2026-11-22T00:00:00Z' })).toBe(true);
  });
  it('the create button leads to the fixed-price variant when any ad is fixed-price', () => {
    expect(createListingPath([{ commission: true }, { commission: null }])).toBe('/cottages/new');
    expect(createListingPath([{ commission: true }, { commission: false }])).toBe('/cottages/new/fixed');
  });
});

describe('property designation formats (SPEC §5)', () => {
  const property = { property_designation_type: 'COTTAGE' as const, cottage_village: false };
  it.each(['Norrtälje Rimbo 1:23', 'Upplands Väsby Runby 10:10', 'Åre Undersåker 2:145'])('accepts the property format %s', (v) => {
    expect(propertyDesignationError(v, property)).toBeNull();
  });
  it.each(['Rimbo 1:23', 'Norrtälje Rimbo 1-23', '1:23', 'Norrtälje Rimbo'])('refuses %s', (v) => {
    expect(propertyDesignationError(v, property)).toBe('cottage.designationProperty');
  });
  it('apartments: exactly 4 digits, not 0000', () => {
    const apartment = { property_designation_type: 'APARTMENT' as const, cottage_village: false };
    expect(propertyDesignationError('1010', apartment)).toBeNull();
    for (const bad of ['0000', '101', '10101', 'a101']) expect(propertyDesignationError(bad, apartment)).toBe('cottage.designationApartment');
  });
  it('cottage villages: 1-2 letters, or up to 5 alphanumerics with a digit and at most 2 letters', () => {
    const village = { property_designation_type: 'COTTAGE' as const, cottage_village: true };
    for (const ok of ['A', 'AB', '12345', 'A12', 'AB123']) expect(propertyDesignationError(ok, village)).toBeNull();
    for (const bad of ['ABC', '123456', 'ABC12', 'A-1']) expect(propertyDesignationError(bad, village)).toBe('cottage.designationVillage');
  });
});

describe('pricing and last-minute schemas', () => {
  const prices = { price_low_day: 100000, price_low_week: 600000, price_high_day: 150000, price_high_week: 900000 };
  it('accepts prices from 1 to 9 999 999 kr with low ≤ high', () => {
    expect(z.safeParse(pricingSchema, prices).success).toBe(true);
    expect(z.safeParse(pricingSchema, { ...prices, price_low_day: 99 }).success).toBe(false);
    expect(z.safeParse(pricingSchema, { ...prices, price_high_week: 999999901 }).success).toBe(false);
  });
  it('names both fields when low is above high', () => {
    const result = z.safeParse(pricingSchema, { ...prices, price_low_week: 1000000 });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`)).toEqual(['price_low_week:cottage.lowAboveHigh', 'price_high_week:cottage.highBelowLow']);
  });
  it('last-minute deals stay within two months from today', () => {
    const schema = lastMinuteSchema('2026-11-22');
    expect(z.safeParse(schema, { from_date: '2026-11-22', to_date: '2027-01-22', price: 50000 }).success).toBe(true);
    expect(z.safeParse(schema, { from_date: '2026-11-21', to_date: '2026-11-25', price: 50000 }).success).toBe(false);
    expect(z.safeParse(schema, { from_date: '2026-12-01', to_date: '2027-01-23', price: 50000 }).success).toBe(false);
    expect(z.safeParse(schema, { from_date: '2026-12-01', to_date: '2026-11-30', price: 50000 }).success).toBe(false);
    const missing = z.safeParse(schema, { from_date: '', to_date: '', price: 50000 });
    expect(missing.error!.issues.map((i) => i.message)).toEqual(expect.arrayContaining(['cottage.fromDateRequired', 'cottage.toDateRequired']));
  });
});
