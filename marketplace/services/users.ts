import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { lockedFields } from '@/lib/rules/profile';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { notFound } from '../http/errors';

export type UserRow = typeof users.$inferSelect;

export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1)
    .then((rows) => rows[0]);
}

/** What leaves the server about the signed-in user: never the password hash. */
export function userDto(u: UserRow) {
  return {
    id: u.id,
    admin: u.admin,
    type: u.type,
    type_of_person: u.typeOfPerson,
    language: u.language,
    username: u.username,
    first_name: u.firstName,
    last_name: u.lastName,
    birthday: u.birthday,
    phone_1: u.phone1,
    phone_2: u.phone2,
    hide_phone_number: u.hidePhoneNumber,
    hide_last_name: u.hideLastName,
    nationality: u.nationality,
    country_of_residence: u.countryOfResidence,
    business_type: u.businessType,
    business_name: u.businessName,
    company_number: u.companyNumber,
    u_address1: u.uAddress1,
    u_address2: u.uAddress2,
    u_postal_code: u.uPostalCode,
    u_city: u.uCity,
    u_country: u.uCountry,
    u_region: u.uRegion,
    personal_number: u.personalNumber,
    organization_number: u.organizationNumber,
    tin_number: u.tinNumber,
    vat_registered: u.vatRegistered,
    vat_number: u.vatNumber,
    vat_rate: u.vatRateTenths === null ? null : u.vatRateTenths / 10,
    bankid_verified_at: u.bankidVerifiedAt?.toISOString() ?? null,
    kyc_status: u.kycStatus,
    booking_active: u.bookingActive,
    booking_valid: u.bookingValid,
    can_change_name: u.canChangeName,
    has_password: u.passwordHash !== null,
    /** The profile fields this user may not change (the form disables them; PUT /api/user refuses them). */
    locked_fields: lockedFields({ bankid_verified: u.bankidVerifiedAt !== null, kyc_status: u.kycStatus, can_change_name: u.canChangeName, type: u.type }),
  };
}
export type UserDto = ReturnType<typeof userDto>;

export async function getUser(db: Db, id: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound();
  return row;
}
