import 'server-only';
import { and, count, eq, gt } from 'drizzle-orm';
import { vatRateTenths, type LockedField } from '@/lib/rules/profile';
import type { ProfileBody } from '@/lib/schemas/profile';
import type { Db } from '../db/client';
import { cottages, sessions, users } from '../db/schema';
import type { SessionUser } from '../http/context';
import { ApiError, type FieldError } from '../http/errors';
import { verifyPassword } from './crypto';
import { clear, hit, limits } from './rate-limit';
import { getUser, hasFixedCottages, userDto, userView, type UserRow } from './users';

/** How long a BankID sign-in confirms profile saves for (SPEC §4: the session's bankid_session). */
export const BANKID_SESSION_MS = 15 * 60_000;

const blankToNull = <T>(v: T | '' | undefined | null): T | null => (v === '' || v === undefined ? null : v);

/** The user's row as the profile form's fields, to compare locked fields with. */
function currentValue(row: UserRow, field: LockedField): string | null {
  const map: Record<LockedField, string | null> = {
    first_name: row.firstName,
    last_name: row.lastName,
    birthday: row.birthday,
    nationality: row.nationality,
    personal_number: row.personalNumber,
    business_type: row.businessType,
    business_name: row.businessName,
    organization_number: row.organizationNumber,
    type_of_person: row.typeOfPerson,
  };
  return map[field];
}

/**
 * PUT /api/user (SPEC §4 "Profile save"): a SOFT user saves directly; a STRICT user confirms with
 * the password, or, once BankID-verified, with a BankID sign-in in this session. A locked field
 * sent with a new value is refused (never silently kept); nothing is stored unless all is right.
 */
export async function saveProfile(db: Db, actor: SessionUser, body: ProfileBody) {
  const row = await getUser(db, actor.id);
  const locked = userDto(row).locked_fields;
  const values: Record<LockedField, string | null> = {
    first_name: body.first_name,
    last_name: body.last_name,
    birthday: body.birthday,
    nationality: body.nationality,
    personal_number: blankToNull(body.personal_number),
    business_type: blankToNull(body.business_type),
    business_name: blankToNull(body.business_name),
    organization_number: blankToNull(body.organization_number),
    type_of_person: body.type_of_person ?? row.typeOfPerson,
  };
  // A locked field left out of the body stays as it is (it is not in the body, so nothing is refused).
  for (const field of locked) if ((body as Record<string, unknown>)[field] === undefined) values[field] = currentValue(row, field);
  // A sole trader's business name is the person's name, not a choice (SPEC §5).
  if (values.business_type === 'SOLETRADER') values.business_name = `${body.first_name} ${body.last_name}`;
  const refused: FieldError[] = locked.filter((f) => values[f] !== currentValue(row, f)).map((field) => ({ field, message: 'profile.locked' }));
  if (refused.length) throw new ApiError(400, 'profile.locked', refused);
  // SPEC §6: the show-phone option belongs to hosts with a fixed-price ad; others cannot change it.
  if (body.hide_phone_number !== row.hidePhoneNumber && !(await hasFixedCottages(db, actor.id))) {
    throw new ApiError(400, 'profile.phoneOptionFixedOnly', [{ field: 'hide_phone_number', message: 'profile.phoneOptionFixedOnly' }]);
  }

  if (body.username !== row.username.toLowerCase() && body.confirm_username?.toLowerCase() !== body.username) {
    throw new ApiError(400, 'profile.emailMismatch', [{ field: 'confirm_username', message: 'profile.emailMismatch' }]);
  }
  await confirmSave(db, actor, row, body.password);

  const legal = values.type_of_person === 'LEGAL';
  const registered = body.vat_registered === 'YES';
  try {
    await db
      .update(users)
      .set({
        username: body.username,
        firstName: values.first_name,
        lastName: values.last_name,
        birthday: values.birthday,
        nationality: values.nationality,
        countryOfResidence: body.country_of_residence,
        language: body.language,
        phone1: body.phone_1,
        phone2: blankToNull(body.phone_2),
        hidePhoneNumber: body.hide_phone_number,
        hideLastName: body.hide_last_name,
        uAddress1: body.u_address1,
        uAddress2: blankToNull(body.u_address2),
        uPostalCode: body.u_postal_code,
        uCity: body.u_city,
        uRegion: body.u_region,
        uCountry: body.u_country,
        typeOfPerson: values.type_of_person as 'NATURAL' | 'LEGAL',
        businessType: legal ? (values.business_type as UserRow['businessType']) : null,
        businessName: legal ? values.business_name : null,
        organizationNumber: legal ? values.organization_number : null,
        personalNumber: values.personal_number,
        tinNumber: blankToNull(body.tin_number),
        vatRegistered: body.vat_registered ?? null,
        vatNumber: registered ? blankToNull(body.vat_number) : null,
        vatRateTenths: registered && typeof body.vat_rate === 'number' ? vatRateTenths(body.vat_rate) : null,
      })
      .where(eq(users.id, actor.id));
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(400, 'errors.userExists', [{ field: 'username', message: 'errors.userExists' }]);
    throw error;
  }
  return userView(db, await getUser(db, actor.id));
}

/** SPEC §4: STRICT users confirm a save; BankID-verified ones with BankID, the others with their password. */
export async function confirmSave(db: Db, actor: SessionUser, row: UserRow, password: string | undefined) {
  if (row.type !== 'STRICT') return;
  if (row.bankidVerifiedAt) {
    if (!(await bankIdSessionOf(db, actor))) throw new ApiError(403, 'profile.bankidRequired');
    return;
  }
  if (!password) throw new ApiError(400, 'profile.passwordRequired', [{ field: 'password', message: 'validation.passwordRequired' }]);
  // Guessing the password here is slowed down like signing in (a few free failures, then waits).
  const key = `profile:${actor.id}`;
  await hit(db, [[limits.loginPair, key]]);
  if (!(await verifyPassword(row.passwordHash, password))) throw new ApiError(400, 'errors.passwordMismatch', [{ field: 'password', message: 'errors.passwordMismatch' }]);
  await clear(db, limits.loginPair, key);
}

/** Whether this session signed in with BankID recently enough to confirm a save. */
export async function bankIdSessionOf(db: Db, actor: SessionUser): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, actor.sessionId), gt(sessions.bankidAt, new Date(Date.now() - BANKID_SESSION_MS))))
    .limit(1);
  return Boolean(row);
}

/** The user owns ads (any state): the account cannot be deleted until they are gone (SPEC §5). */
export async function ownsAds(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cottages).where(eq(cottages.userId, userId));
  return row?.n ?? 0;
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
