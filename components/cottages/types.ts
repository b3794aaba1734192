import type { AdStep, ListingStatus } from '@/lib/rules/ad';
import type { CalendarRange } from '@/lib/rules/calendar';

/** The ad as GET /api/cottages/:id answers it. */
export type Cottage = {
  id: number;
  title_sv: string | null;
  title_en: string | null;
  title_de: string | null;
  description_sv: string | null;
  description_en: string | null;
  description_de: string | null;
  area: number | null;
  beds: number | null;
  extra_beds: number | null;
  property_designation_type: 'HOUSE' | 'COTTAGE' | 'APARTMENT' | null;
  rent_out_type: 'ENTIRE_HOME' | 'PART_OF_HOME' | null;
  commission: boolean | null;
  commission_percentage: number;
  lat: number | null;
  lng: number | null;
  hide_location: boolean;
  region_id: number | null;
  address_street: string | null;
  address_postal_code: string | null;
  address_city: string | null;
  property_designation: string | null;
  cottage_village: boolean;
  cities: { id: number; name: string }[];
  tags: { id: number; tag: string }[];
  amenities: { key: string; comment_sv: string | null; comment_en: string | null; comment_de: string | null }[];
  price_low_day: number | null;
  price_low_week: number | null;
  price_high_day: number | null;
  price_high_week: number | null;
  price_per_month: number | null;
  pricefield_sv: string | null;
  pricefield_en: string | null;
  pricefield_de: string | null;
  calendar: CalendarRange[];
  images: CottageImage[];
  reviewed_at: string | null;
  asked_for_review_at: string | null;
  hidden_at: string | null;
  verified_at: string | null;
  verified_by: string | null;
  paid_until: string | null;
  status: ListingStatus;
  steps: Record<AdStep, boolean>;
  complete: boolean;
  can_delete: boolean;
};

export type CottageImage = {
  id: number;
  filename: string;
  url: string;
  width: number;
  height: number;
  weight: number;
  comment_sv: string | null;
  comment_en: string | null;
  comment_de: string | null;
};

export const cottageTitle = (c: Pick<Cottage, 'id' | 'title_sv'>, untitled: (id: number) => string) => c.title_sv || untitled(c.id);
