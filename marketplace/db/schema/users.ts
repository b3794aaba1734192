import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 254 }).notNull(),
    passwordHash: text('password_hash'),
    type: varchar('type', { length: 8 }).$type<'SOFT' | 'STRICT'>().notNull().default('SOFT'),
    typeOfPerson: varchar('type_of_person', { length: 8 }).$type<'NATURAL' | 'LEGAL'>().notNull().default('NATURAL'),
    admin: boolean('admin').notNull().default(false),
    language: varchar('language', { length: 2 }).notNull().default('sv'),
    firstName: varchar('first_name', { length: 255 }),
    lastName: varchar('last_name', { length: 255 }),
    birthday: date('birthday'),
    phone1: varchar('phone_1', { length: 20 }),
    phone2: varchar('phone_2', { length: 20 }),
    hidePhoneNumber: boolean('hide_phone_number').notNull().default(false),
    hideLastName: boolean('hide_last_name').notNull().default(false),
    nationality: varchar('nationality', { length: 2 }),
    countryOfResidence: varchar('country_of_residence', { length: 2 }),
    businessType: varchar('business_type', { length: 16 }).$type<'BUSINESS' | 'ORGANIZATION' | 'SOLETRADER'>(),
    businessName: varchar('business_name', { length: 255 }),
    companyNumber: varchar('company_number', { length: 20 }),
    uAddress1: varchar('u_address1', { length: 40 }),
    uAddress2: varchar('u_address2', { length: 40 }),
    uPostalCode: varchar('u_postal_code', { length: 8 }),
    uCity: varchar('u_city', { length: 40 }),
    uCountry: varchar('u_country', { length: 2 }),
    uRegion: varchar('u_region', { length: 40 }),
    /** Tax identification number (SPEC §5 payout person: 10–80 characters). */
    tinNumber: varchar('tin_number', { length: 80 }),
    vatRegistered: varchar('vat_registered', { length: 3 }).$type<'YES' | 'NO'>(),
    vatNumber: varchar('vat_number', { length: 50 }),
    /** VAT rate in tenths of a percent (25.5 % is 255): one decimal, never a float. */
    vatRateTenths: integer('vat_rate_tenths'),
    /** Swedish personal number YYMMDDNNNN (10 digits). */
    personalNumber: varchar('personal_number', { length: 10 }),
    /** Swedish organisation number XXXXXX-YYYY. */
    organizationNumber: varchar('organization_number', { length: 11 }),
    hqAddress1: varchar('hq_address1', { length: 40 }),
    hqAddress2: varchar('hq_address2', { length: 40 }),
    hqPostalCode: varchar('hq_postal_code', { length: 8 }),
    hqCity: varchar('hq_city', { length: 40 }),
    hqCountry: varchar('hq_country', { length: 2 }),
    hqRegion: varchar('hq_region', { length: 40 }),
    /** When the user's identity was last confirmed with BankID (identity fields lock from then on). */
    bankidVerifiedAt: timestamp('bankid_verified_at', { withTimezone: true }),
    /** Account deleted: personal data erased, the row kept pseudonymised for bookkeeping (7 years). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    kycStatus: varchar('kyc_status', { length: 12 }).notNull().default('UNVERIFIED'),
    /** The user's id at the payment provider (MangoPay), made on their first payment or payout. */
    mangoUserId: varchar('mango_user_id', { length: 40 }),
    /** The payout bank account (SPEC §5 payout person): IBAN without spaces, its owner, and its id at the provider. */
    iban: varchar('iban', { length: 34 }),
    bankOwner: varchar('bank_owner', { length: 255 }),
    mangoBankAccountId: varchar('mango_bank_account_id', { length: 40 }),
    bankAccountAddedAt: timestamp('bank_account_added_at', { withTimezone: true }),
    /** The bank account as a payout recipient at MangoPay, its SCA action URL and when it was given (SPEC §4, §9: valid 9.5 min). */
    mangoRecipientId: varchar('mango_recipient_id', { length: 40 }),
    scaBankActionUrl: text('sca_bank_action_url'),
    scaBankActionAt: timestamp('sca_bank_action_at', { withTimezone: true }),
    /** When the host accepted the payment provider's terms (asked with the first host information). */
    paymentTermsAcceptedAt: timestamp('payment_terms_accepted_at', { withTimezone: true }),
    bookingActive: boolean('booking_active').notNull().default(false),
    bookingValid: boolean('booking_valid').notNull().default(false),
    canChangeName: boolean('can_change_name').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_username_key').on(sql`lower(${t.username})`), index('users_mango_user_idx').on(t.mangoUserId)],
);

/** Server-side sessions: the cookie holds a random token; only its hash is stored. Logout revokes. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** When this session last signed in with BankID: a BankID-verified user's profile save needs it recent. */
    bankidAt: timestamp('bankid_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Single-use login links and password resets, stored hashed, with an expiry. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 8 }).$type<'login' | 'reset'>().notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_key').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId)],
);

export const userEvents = pgTable(
  'user_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 64 }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_events_user_idx').on(t.userId, t.id)],
);
