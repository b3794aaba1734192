import 'server-only';
import { hostDac7Valid } from '@/lib/rules/payout';
import { and, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { shownName } from '@/lib/rules/person';
import type { Person } from '@/lib/schemas/person';
import type { User, UserCore } from '@/lib/schemas/user-dto';
import { lockedFields } from '@/lib/rules/profile';
import type { Db } from '../db/client';
import { preparedOnce } from '../db/prepared';
import { cottages, userEvents, users } from '../db/schema';
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
export function userDto(u: UserRow): UserCore {
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
    iban: u.iban,
    bank_owner: u.bankOwner,
    hq_address1: u.hqAddress1,
    hq_address2: u.hqAddress2,
    hq_postal_code: u.hqPostalCode,
    hq_city: u.hqCity,
    hq_country: u.hqCountry,
    hq_region: u.hqRegion,
    bank_account_added_at: u.bankAccountAddedAt?.toISOString() ?? null,
    pending_recipient_change: u.mangoRecipientId !== null && u.bankAccountAddedAt === null,
    dac7_valid: hostDac7Valid({ tin_number: u.tinNumber, birthday: u.birthday, u_address1: u.uAddress1, u_postal_code: u.uPostalCode, u_city: u.uCity, u_country: u.uCountry }),
    mango_recipient_id: u.mangoRecipientId,
    payment_terms_accepted: u.paymentTermsAcceptedAt !== null,
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

/** What GET and PUT /api/user answer: the row and whether the user has a fixed-price ad (SPEC §6 show-phone option). */
export async function userView(db: Db, u: UserRow): Promise<User> {
  const [fixed, reviewed] = await Promise.all([hasFixedCottages(db, u.id), hasReviewedCottages(db, u.id)]);
  return { ...userDto(u), has_fixed_cottages: fixed, has_reviewed_cottages: reviewed };
}

/** SPEC §3 has_fixed_cottages: an ad on a fixed price (no commission). */
const FIXED_AD = eq(cottages.commission, false);
/** SPEC §3 has_reviewed_cottages: an ad the marketplace has reviewed. */
const REVIEWED_AD = isNotNull(cottages.reviewedAt);

/** SPEC §3 has_reviewed_cottages: the host has an ad the marketplace has reviewed (DAC7 info is shown to them). */
export async function hasReviewedCottages(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: cottages.id })
    .from(cottages)
    .where(and(eq(cottages.userId, userId), REVIEWED_AD))
    .limit(1);
  return row !== undefined;
}

export async function hasFixedCottages(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: cottages.id })
    .from(cottages)
    .where(and(eq(cottages.userId, userId), FIXED_AD))
    .limit(1);
  return row !== undefined;
}

const hostsAd = (kind: SQL) => sql<boolean>`exists (select 1 from ${cottages} where ${and(eq(cottages.userId, users.id), kind)})`;
const userViewStatement = (db: Db) =>
  db
    .select({ user: users, fixed: hostsAd(FIXED_AD), reviewed: hostsAd(REVIEWED_AD) })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('user_view');

/** GET /api/user: the user's profile with its two ad facts, read in one prepared statement (every page's layout asks). */
export async function userViewById(db: Db, id: number): Promise<User> {
  const [row] = await preparedOnce(db, 'user_view', userViewStatement).execute({ id });
  if (!row) throw notFound();
  return { ...userDto(row.user), has_fixed_cottages: row.fixed, has_reviewed_cottages: row.reviewed };
}

export async function getUser(db: Db, id: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound();
  return row;
}

/** A user row, or the columns of one that a list reads. */
type PersonSource = {
  id: number;
  firstName: string | null;
  lastName: string | null;
  hideLastName: boolean | null;
  hidePhoneNumber?: boolean;
  phone1?: string | null;
  phone2?: string | null;
  deletedAt?: Date | null;
};

/**
 * A person as the booking and conversation screens show them to the other side (SPEC §2, §6): the
 * shown name, and the phone numbers once a booking between them is paid (unless hidden). Nothing else
 * of the profile, and never anything from the e-mail address.
 */
export function personDto(u: PersonSource | undefined, phonesVisible: boolean): Person {
  // A deleted account keeps its row (bookkeeping) but says nothing about who it was.
  if (!u || u.deletedAt) return { id: null, name: null, phone_1: null, phone_2: null, deleted: true };
  const phones = phonesVisible && !u.hidePhoneNumber;
  return {
    id: u.id,
    name: shownName(u),
    phone_1: phones ? (u.phone1 ?? null) : null,
    phone_2: phones ? (u.phone2 ?? null) : null,
    deleted: false,
  };
}

/** GET /api/user/events: the user's recent events, newest first. */
export async function listUserEvents(db: Db, userId: number) {
  const rows = await db
    .select({ id: userEvents.id, type: userEvents.type, data: userEvents.data, createdAt: userEvents.createdAt })
    .from(userEvents)
    .where(eq(userEvents.userId, userId))
    .orderBy(desc(userEvents.id))
    .limit(50);
  return rows.map(({ createdAt, ...event }) => ({ ...event, created_at: createdAt.toISOString() }));
}

/** The largest event data stored (JSON characters): larger ones are acknowledged and left out. */
const EVENT_DATA_MAX = 4000;

/** POST /api/user/events: records an event of the user's (e.g. a dialog shown). */
export async function recordUserEvent(db: Db, userId: number, type: string, data: Record<string, unknown>) {
  if (JSON.stringify(data).length > EVENT_DATA_MAX) return { message: 'success' as const, stored: false as const };
  const [row] = await db.insert(userEvents).values({ userId, type, data }).returning({ id: userEvents.id });
  return { message: 'success' as const, id: row!.id };
}
