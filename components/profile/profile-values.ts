import type { ProfileInput } from '@/lib/schemas/profile';
import type { User as ProfileUser } from '@/lib/schemas/user-dto';

/** The form's starting values from the stored user (empty strings where nothing is stored). */
export function profileDefaults(user: ProfileUser): ProfileInput {
  const s = (v: string | null) => v ?? '';
  return {
    first_name: s(user.first_name),
    last_name: s(user.last_name),
    username: user.username,
    confirm_username: '',
    birthday: s(user.birthday),
    nationality: s(user.nationality),
    country_of_residence: s(user.country_of_residence),
    language: user.language === 'en' ? 'en' : 'sv',
    phone_1: s(user.phone_1),
    phone_2: s(user.phone_2),
    hide_phone_number: user.hide_phone_number,
    hide_last_name: user.hide_last_name,
    u_address1: s(user.u_address1),
    u_address2: s(user.u_address2),
    u_postal_code: s(user.u_postal_code),
    u_city: s(user.u_city),
    u_region: s(user.u_region),
    u_country: s(user.u_country) || 'SE',
    type_of_person: user.type_of_person,
    business_type: user.business_type,
    business_name: s(user.business_name),
    organization_number: s(user.organization_number),
    personal_number: s(user.personal_number),
    tin_number: s(user.tin_number),
    vat_registered: user.vat_registered,
    vat_number: s(user.vat_number),
    vat_rate: user.vat_rate,
  };
}
