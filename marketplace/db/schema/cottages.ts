import { boolean, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { StayRule } from '@/lib/rules/stay-rules';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** An ad. Prices are integer öre. */
export const cottages = pgTable(
  'cottages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    titleSv: varchar('title_sv', { length: 50 }),
    titleEn: varchar('title_en', { length: 50 }),
    titleDe: varchar('title_de', { length: 50 }),
    descriptionSv: text('description_sv'),
    descriptionEn: text('description_en'),
    descriptionDe: text('description_de'),
    area: integer('area'),
    beds: integer('beds'),
    extraBeds: integer('extra_beds'),
    propertyDesignationType: varchar('property_designation_type', { length: 12 }).$type<'HOUSE' | 'COTTAGE' | 'APARTMENT'>(),
    rentOutType: varchar('rent_out_type', { length: 16 }).$type<'ENTIRE_HOME' | 'PART_OF_HOME'>(),
    commission: boolean('commission'),
    commissionPercentage: smallint('commission_percentage').notNull().default(12),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    hideLocation: boolean('hide_location').notNull().default(false),
    regionId: smallint('region_id'),
    addressStreet: varchar('address_street', { length: 255 }),
    addressPostalCode: varchar('address_postal_code', { length: 50 }),
    addressCity: varchar('address_city', { length: 100 }),
    propertyDesignation: varchar('property_designation', { length: 255 }),
    cottageVillage: boolean('cottage_village').notNull().default(false),
    priceLowDay: integer('price_low_day'),
    priceLowWeek: integer('price_low_week'),
    priceHighDay: integer('price_high_day'),
    priceHighWeek: integer('price_high_week'),
    pricePerMonth: integer('price_per_month'),
    pricefieldSv: text('pricefield_sv'),
    pricefieldEn: text('pricefield_en'),
    pricefieldDe: text('pricefield_de'),
    reviewedAt: ts('reviewed_at'),
    askedForReviewAt: ts('asked_for_review_at'),
    /** When the host ticked the three terms boxes (SPEC §5 "Terms dialog") for this ad. */
    termsAcceptedAt: ts('terms_accepted_at'),
    hiddenAt: ts('hidden_at'),
    verifiedAt: ts('verified_at'),
    verifiedBy: varchar('verified_by', { length: 12 }),
    paidAt: ts('paid_at'),
    paidUntil: ts('paid_until'),
    galleryUntil: ts('gallery_until'),
    calendarUpdatedAt: ts('calendar_updated_at'),
    /** The host's stay rules (issue 18, lib/rules/stay-rules.ts): per season, nights, changeover days, preparation, how far ahead. */
    stayRules: jsonb('stay_rules').$type<StayRule[]>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('cottages_user_idx').on(t.userId, t.id)],
);

export const cottageAmenities = pgTable(
  'cottage_amenities',
  {
    cottageId: integer('cottage_id')
      .notNull()
      .references(() => cottages.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 40 }).notNull(),
    commentSv: varchar('comment_sv', { length: 255 }),
    commentEn: varchar('comment_en', { length: 255 }),
    commentDe: varchar('comment_de', { length: 255 }),
  },
  (t) => [primaryKey({ columns: [t.cottageId, t.key] })],
);

export const cottageCities = pgTable(
  'cottage_cities',
  {
    cottageId: integer('cottage_id')
      .notNull()
      .references(() => cottages.id, { onDelete: 'cascade' }),
    cityId: integer('city_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cottageId, t.cityId] })],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    tag: varchar('tag', { length: 40 }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('tags_tag_key').on(t.tag)],
);

export const cottageTags = pgTable(
  'cottage_tags',
  {
    cottageId: integer('cottage_id')
      .notNull()
      .references(() => cottages.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.cottageId, t.tagId] }), index('cottage_tags_tag_idx').on(t.tagId)],
);

/** Calendar ranges: [from_date, to_date) in one state; contiguous same-state days are merged. */
export const cottageCalendar = pgTable(
  'cottage_calendar',
  {
    id: serial('id').primaryKey(),
    cottageId: integer('cottage_id')
      .notNull()
      .references(() => cottages.id, { onDelete: 'cascade' }),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date').notNull(),
    state: smallint('state').notNull(),
  },
  (t) => [index('cottage_calendar_cottage_idx').on(t.cottageId, t.fromDate)],
);

export const cottageImages = pgTable(
  'cottage_images',
  {
    id: serial('id').primaryKey(),
    cottageId: integer('cottage_id')
      .notNull()
      .references(() => cottages.id, { onDelete: 'cascade' }),
    filename: varchar('filename', { length: 100 }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    weight: integer('weight').notNull().default(0),
    commentSv: varchar('comment_sv', { length: 255 }),
    commentEn: varchar('comment_en', { length: 255 }),
    commentDe: varchar('comment_de', { length: 255 }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('cottage_images_cottage_idx').on(t.cottageId, t.weight), uniqueIndex('cottage_images_filename_key').on(t.filename)],
);

export const lastMinutes = pgTable(
  'last_minutes',
  {
    id: serial('id').primaryKey(),
    cottageId: integer('cottage_id')
      .notNull()
      .references(() => cottages.id, { onDelete: 'cascade' }),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date').notNull(),
    price: integer('price').notNull(),
    titleSv: varchar('title_sv', { length: 50 }),
    titleEn: varchar('title_en', { length: 50 }),
    titleDe: varchar('title_de', { length: 50 }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('last_minutes_cottage_idx').on(t.cottageId, t.fromDate)],
);

/** Visits of the public ad page, one row per cottage and Stockholm day. */
export const cottageVisits = pgTable(
  'cottage_visits',
  {
    cottageId: integer('cottage_id')
      .notNull()
      .references(() => cottages.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    visits: integer('visits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.cottageId, t.day] })],
);

/** BankID identifications (an ad's verify dialog, or signing in with BankID to confirm a profile save): our side of an RP API order. */
export const bankidSessions = pgTable(
  'bankid_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cottageId: integer('cottage_id').references(() => cottages.id, { onDelete: 'cascade' }),
    /** The RP API's order reference and QR secrets (animated QR codes are computed from them each second). */
    orderRef: varchar('order_ref', { length: 64 }),
    qrStartToken: varchar('qr_start_token', { length: 64 }),
    qrStartSecret: varchar('qr_start_secret', { length: 64 }),
    status: varchar('status', { length: 12 }).$type<'pending' | 'complete' | 'failed' | 'used'>().notNull().default('pending'),
    personalNumber: varchar('personal_number', { length: 12 }),
    name: varchar('name', { length: 255 }),
    givenName: varchar('given_name', { length: 255 }),
    surname: varchar('surname', { length: 255 }),
    hintCode: varchar('hint_code', { length: 40 }),
    createdAt: ts('created_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [uniqueIndex('bankid_sessions_token_key').on(t.tokenHash)],
);
