import type { LockedField } from '@/lib/rules/profile';

/** What the profile screens read of GET /api/user. */
export type ProfileUser = {
  id: number;
  type: 'SOFT' | 'STRICT';
  type_of_person: 'NATURAL' | 'LEGAL';
  language: string;
  username: string;
  first_name: string | null;
  last_name: string | null;
  birthday: string | null;
  phone_1: string | null;
  phone_2: string | null;
  hide_phone_number: boolean;
  hide_last_name: boolean;
  nationality: string | null;
  country_of_residence: string | null;
  business_type: 'BUSINESS' | 'ORGANIZATION' | 'SOLETRADER' | null;
  business_name: string | null;
  u_address1: string | null;
  u_address2: string | null;
  u_postal_code: string | null;
  u_city: string | null;
  u_country: string | null;
  u_region: string | null;
  personal_number: string | null;
  organization_number: string | null;
  tin_number: string | null;
  vat_registered: 'YES' | 'NO' | null;
  vat_number: string | null;
  vat_rate: number | null;
  bankid_verified_at: string | null;
  kyc_status: string;
  booking_active: boolean;
  locked_fields: LockedField[];
};
