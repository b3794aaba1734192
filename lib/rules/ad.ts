// SPEC §4 "Ad lifecycle": which steps of an ad are done, and the listing's status.
import { hasAvailablePeriod, type CalendarRange } from './calendar';

/** SPEC §3: the kinds of property and of letting an ad names. */
export const PROPERTY_TYPES = ['HOUSE', 'COTTAGE', 'APARTMENT'] as const;
export const RENT_OUT_TYPES = ['ENTIRE_HOME', 'PART_OF_HOME'] as const;

export const AD_STEPS = ['base', 'text', 'position', 'location', 'amenities', 'pricing', 'calendar', 'images', 'payment', 'verify'] as const;
export type AdStep = (typeof AD_STEPS)[number];
/** The 7 steps an ad needs before it can continue to payment or review. */
export const REQUIRED_AD_STEPS: readonly AdStep[] = ['base', 'text', 'position', 'location', 'images', 'calendar', 'verify'];

export type AdFacts = {
  commission: boolean | null;
  area: number | null;
  beds: number | null;
  property_designation_type: string | null;
  rent_out_type: string | null;
  title_sv: string | null;
  description_sv: string | null;
  lat: number | null;
  lng: number | null;
  region_id: number | null;
  address_street: string | null;
  address_postal_code: string | null;
  address_city: string | null;
  property_designation: string | null;
  cities: readonly unknown[];
  amenities: readonly unknown[];
  price_low_day: number | null;
  price_low_week: number | null;
  price_high_day: number | null;
  price_high_week: number | null;
  calendar: readonly CalendarRange[];
  images: readonly unknown[];
  verified_at: string | null;
  reviewed_at: string | null;
  asked_for_review_at: string | null;
  hidden_at: string | null;
  paid_until: string | null;
};

const filled = (v: string | null) => v !== null && v.trim() !== '';

/** Whether the address (DAC7) is required: for every ad except fixed-price ones (commission false). */
export const addressRequired = (commission: boolean | null) => commission !== false;

export function adSteps(ad: AdFacts): Record<AdStep, boolean> {
  return {
    base: ad.area !== null && ad.area > 0 && ad.beds !== null && (ad.commission !== true || (filled(ad.property_designation_type) && filled(ad.rent_out_type))),
    text: filled(ad.title_sv) && filled(ad.description_sv),
    position:
      ad.lat !== null &&
      ad.lng !== null &&
      ad.region_id !== null &&
      (!addressRequired(ad.commission) || [ad.address_street, ad.address_postal_code, ad.address_city, ad.property_designation].every(filled)),
    location: ad.cities.length > 0,
    amenities: ad.amenities.length > 0,
    pricing: [ad.price_low_day, ad.price_low_week, ad.price_high_day, ad.price_high_week].every((p) => p !== null),
    calendar: ad.calendar.length > 0 && (ad.commission !== true || hasAvailablePeriod(ad.calendar)),
    images: ad.images.length > 0,
    payment: ad.commission !== null,
    verify: ad.verified_at !== null || ad.reviewed_at !== null,
  };
}

export function isAdComplete(ad: AdFacts): boolean {
  const steps = adSteps(ad);
  return REQUIRED_AD_STEPS.every((step) => steps[step]);
}

export type ListingStatus = 'INCOMPLETE' | 'SENT_FOR_REVIEW' | 'HIDDEN' | 'ACTIVE' | 'UNPAID';

export function listingStatus(ad: Pick<AdFacts, 'reviewed_at' | 'asked_for_review_at' | 'hidden_at' | 'paid_until' | 'commission'>, now: Date): ListingStatus {
  if (ad.reviewed_at) {
    if (ad.hidden_at) return 'HIDDEN';
    if (ad.commission === true || (ad.paid_until && Date.parse(ad.paid_until) >= now.getTime())) return 'ACTIVE';
    return 'UNPAID';
  }
  return ad.asked_for_review_at ? 'SENT_FOR_REVIEW' : 'INCOMPLETE';
}

/** SPEC §4: unreviewed or hidden listings offer delete only. */
export const canDeleteListing = (ad: Pick<AdFacts, 'reviewed_at' | 'hidden_at'>) => !ad.reviewed_at || ad.hidden_at !== null;

/** SPEC §2: the create button leads to the fixed-price variant when any listing has commission false. */
export const createListingPath = (ads: readonly Pick<AdFacts, 'commission'>[]) => (ads.some((a) => a.commission === false) ? '/cottages/new/fixed' : '/cottages/new');

/** Public when reviewed and not hidden. */
export const isPublic = (ad: Pick<AdFacts, 'reviewed_at' | 'hidden_at'>) => ad.reviewed_at !== null && ad.hidden_at === null;

/** DAC7 reporting needs the rented property identified: its designation and full address. */
export type Dac7Facts = { property_designation: string | null; address_street: string | null; address_postal_code: string | null; address_city: string | null };
export const dac7Missing = (c: Dac7Facts): (keyof Dac7Facts)[] =>
  (['property_designation', 'address_street', 'address_postal_code', 'address_city'] as const).filter((k) => !c[k] || !String(c[k]).trim());
export const dac7Valid = (c: Dac7Facts) => dac7Missing(c).length === 0;

/** The required steps an ad still lacks if it took commission (SPEC §4): commission asks more of base and calendar. */
export function stepsMissingForCommission(ad: AdFacts): AdStep[] {
  const steps = adSteps({ ...ad, commission: true });
  return REQUIRED_AD_STEPS.filter((step) => !steps[step]);
}

/** SPEC §5 "Terms dialog": the three boxes a host ticks before an ad goes for review or to payment. */
export const AD_TERMS = ['general_conditions', 'booking_terms', 'no_contact_outside'] as const;
