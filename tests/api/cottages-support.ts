// Shared helpers of the cottages-*.test.ts files: hosts with a complete profile, ads filled step by
// step over HTTP, real image uploads, and a snapshot of everything stored about one ad.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { startApi, type Harness } from './harness';
import type { Cottage, CottageImage } from '@/lib/schemas/cottage-dto';

/** The API with local image storage in a temporary data dir (also when TEST_DATABASE_URL is set). */
export async function startCottageApi(): Promise<{ h: Harness; stop: () => Promise<void> }> {
  for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) delete process.env[name];
  const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'stuga-cottages-'));
  process.env.STUGA_DATA_DIR = uploadsDir;
  const h = await startApi();
  return {
    h,
    stop: async () => {
      await h.close();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

/** Every field lib/rules/profile.ts isProfileComplete asks for (drizzle column names). */
export const COMPLETE_PROFILE = {
  firstName: 'Astrid',
  lastName: 'Lindqvist',
  birthday: '1985-04-12',
  phone1: '+46701234567',
  nationality: 'SE',
  countryOfResidence: 'SE',
  language: 'en',
  uAddress1: 'Storgatan 1',
  uPostalCode: '11122',
  uCity: 'Stockholm',
  uCountry: 'SE',
  uRegion: 'Stockholms län',
} as const;

type UserOverrides = Parameters<Harness['createUser']>[0];

/** A STRICT user with a complete profile and a session token. */
export async function host(h: Harness, overrides: UserOverrides = {}) {
  const user = await h.createUser({ ...COMPLETE_PROFILE, ...overrides });
  const { token } = await h.login(user.username, user.password!);
  expect(token).toBeTruthy();
  return { user, token: token! };
}

export const asCottage = (json: unknown) => json as Cottage;

/** POST /api/cottages as the host; answers the new ad. */
export async function createCottage(h: Harness, token: string, body: Record<string, unknown> = {}): Promise<Cottage> {
  const result = await h.call('POST', '/api/cottages', { token, body });
  expect(result.status, JSON.stringify(result.json)).toBe(200);
  return asCottage(result.json);
}

/** PUT /api/cottages/:id that must succeed. */
export async function update(h: Harness, token: string, id: number, body: Record<string, unknown>): Promise<Cottage> {
  const result = await h.call('PUT', `/api/cottages/${id}`, { token, body });
  expect(result.status, JSON.stringify(result.json)).toBe(200);
  return asCottage(result.json);
}

// One valid dialog each (prices in öre).
export const BASE = { area: 85, beds: 4, extra_beds: 2, property_designation_type: 'COTTAGE', rent_out_type: 'ENTIRE_HOME' } as const;
export const TEXT = { title_sv: 'Röd stuga vid sjön', description_sv: 'En mysig stuga med bastu och brygga.' } as const;
export const POSITION = {
  lat: 59.7581,
  lng: 18.7049,
  region_id: 1,
  address_street: 'Sjövägen 3',
  address_postal_code: '76191',
  address_city: 'Norrtälje',
  property_designation: 'Norrtälje Rimbo 1:23',
} as const;
/** Stockholm (101) and Rimbo (107): region id × 100 + position, see lib/data/regions.ts. */
export const LOCATION = { cities: [101, 107] } as const;
export const AMENITIES = { amenities: [{ key: 'sauna', comment_sv: 'Vedeldad' }, { key: 'wc' }] } as const;
export const PRICING = { price_low_day: 90_000, price_low_week: 500_000, price_high_day: 120_000, price_high_week: 700_000 } as const;

/** A day 'YYYY-MM-DD' n days from today in Stockholm. */
export async function daysFromToday(n: number): Promise<string> {
  const { addDays, todayInStockholm } = await import('@/lib/rules/dates');
  return addDays(todayInStockholm(), n);
}

/** A photo-like picture, small enough to be fast and big enough (≥ 500×500) to be accepted. */
export async function picture(width = 500, height = 500, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });
  return format === 'jpeg' ? base.jpeg({ quality: 60 }).toBuffer() : base.png().toBuffer();
}

/** PUTs raw bytes to an upload ticket URL, as the browser does. */
export async function putBytes(h: Harness, url: string, bytes: Buffer, token: string) {
  const response = await fetch(h.url + url, {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg', 'accept-language': 'en', authorization: `Bearer ${token}` },
    body: new Uint8Array(bytes),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** Ticket (POST /:id/images/upload) and bytes (PUT), without registering: answers the file name. */
export async function uploadFile(h: Harness, token: string, cottageId: number, size: { width?: number; height?: number; format?: 'jpeg' | 'png' } = {}) {
  const format = size.format ?? 'jpeg';
  const ticket = await h.call('POST', `/api/cottages/${cottageId}/images/upload`, { token, body: { fileName: format === 'png' ? 'stuga.png' : 'stuga.jpg' } });
  expect(ticket.status, JSON.stringify(ticket.json)).toBe(200);
  const { url, filename } = ticket.json as { url: string; filename: string };
  const put = await putBytes(h, url, await picture(size.width, size.height, format), token);
  expect(put.status, JSON.stringify(put.json)).toBe(200);
  return filename;
}

/** Uploads and registers an image of the ad (POST /:id/images); answers the image. */
export async function addImage(h: Harness, token: string, cottageId: number, size: { width?: number; height?: number; format?: 'jpeg' | 'png' } = {}): Promise<CottageImage> {
  const filename = await uploadFile(h, token, cottageId, size);
  const result = await h.call('POST', `/api/cottages/${cottageId}/images`, { token, body: { filename } });
  expect(result.status, JSON.stringify(result.json)).toBe(200);
  return result.json as unknown as CottageImage;
}

/**
 * Fills every step over HTTP except verify (and payment): base, text, position, location,
 * amenities, pricing, a calendar with an available period, and one uploaded image.
 */
export async function fillAd(h: Harness, token: string, id: number): Promise<Cottage> {
  await update(h, token, id, { ...BASE, ...TEXT, ...POSITION, ...LOCATION, ...AMENITIES, ...PRICING });
  const calendar = await h.call('PUT', `/api/cottages/${id}/calendar`, { token, body: { ranges: [{ from: await daysFromToday(1), to: await daysFromToday(30), state: 5 }] } });
  expect(calendar.status, JSON.stringify(calendar.json)).toBe(200);
  await addImage(h, token, id);
  const result = await h.call('GET', `/api/cottages/${id}`, { token });
  expect(result.status).toBe(200);
  return asCottage(result.json);
}

/** Everything stored about one ad, to show that a refused request changed nothing. */
export async function snapshot(h: Harness, cottageId: number) {
  const s = h.schema;
  const [cottage] = await h.db.select().from(s.cottages).where(eq(s.cottages.id, cottageId));
  return {
    cottage: cottage ?? null,
    amenities: await h.db.select().from(s.cottageAmenities).where(eq(s.cottageAmenities.cottageId, cottageId)).orderBy(asc(s.cottageAmenities.key)),
    cities: await h.db.select().from(s.cottageCities).where(eq(s.cottageCities.cottageId, cottageId)).orderBy(asc(s.cottageCities.cityId)),
    tags: await h.db.select().from(s.cottageTags).where(eq(s.cottageTags.cottageId, cottageId)).orderBy(asc(s.cottageTags.tagId)),
    calendar: await h.db.select().from(s.cottageCalendar).where(eq(s.cottageCalendar.cottageId, cottageId)).orderBy(asc(s.cottageCalendar.id)),
    images: await h.db.select().from(s.cottageImages).where(eq(s.cottageImages.cottageId, cottageId)).orderBy(asc(s.cottageImages.id)),
    lastMinutes: await h.db.select().from(s.lastMinutes).where(eq(s.lastMinutes.cottageId, cottageId)).orderBy(asc(s.lastMinutes.id)),
    visits: await h.db.select().from(s.cottageVisits).where(eq(s.cottageVisits.cottageId, cottageId)).orderBy(asc(s.cottageVisits.day)),
    bankid: await h.db.select().from(s.bankidSessions).where(eq(s.bankidSessions.cottageId, cottageId)).orderBy(asc(s.bankidSessions.id)),
    todos: cottage ? await h.db.select().from(s.todos).where(eq(s.todos.userId, cottage.userId)).orderBy(asc(s.todos.id)) : [],
  };
}

/** The stored cottage row. */
export async function row(h: Harness, cottageId: number) {
  const [found] = await h.db.select().from(h.schema.cottages).where(eq(h.schema.cottages.id, cottageId));
  return found ?? null;
}

/** An id that certainly belongs to no cottage: one that existed and was deleted. */
export async function deletedCottageId(h: Harness, userId: number): Promise<number> {
  const [created] = await h.db.insert(h.schema.cottages).values({ userId }).returning({ id: h.schema.cottages.id });
  await h.db.delete(h.schema.cottages).where(eq(h.schema.cottages.id, created!.id));
  return created!.id;
}

export const NOT_OWNER = 'User does not own room';

/** POST /:id/verify without a session: answers the sandbox BankID session token from the URL. */
export async function startBankId(h: Harness, token: string, cottageId: number): Promise<string> {
  const started = await h.call('POST', `/api/cottages/${cottageId}/verify`, { token, body: {} });
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  const url = String(started.json.url);
  const match = /^\/sandbox\/bankid\/([A-Za-z0-9_-]+)\?return=/.exec(url);
  expect(match, url).not.toBeNull();
  return match![1]!;
}

/** The whole sandbox BankID identification with the host's own identity. */
export async function verifyWithBankId(h: Harness, token: string, cottageId: number): Promise<Cottage> {
  const session = await startBankId(h, token, cottageId);
  const offered = await h.call('GET', `/api/sandbox/bankid/${session}`, { token });
  expect(offered.status).toBe(200);
  const [own] = (offered.json as { identities: { personal_number: string }[] }).identities;
  const answered = await h.call('POST', `/api/sandbox/bankid/${session}`, { token, body: { personal_number: own!.personal_number } });
  expect(answered.status, JSON.stringify(answered.json)).toBe(200);
  const verified = await h.call('POST', `/api/cottages/${cottageId}/verify`, { token, body: { session } });
  expect(verified.status, JSON.stringify(verified.json)).toBe(200);
  return asCottage(verified.json);
}

/** Sets stored columns directly: for a state a test needs but does not test (e.g. commission on an unfinished ad). */
export async function setCottage(h: Harness, cottageId: number, values: Partial<typeof h.schema.cottages.$inferInsert>) {
  await h.db.update(h.schema.cottages).set(values).where(eq(h.schema.cottages.id, cottageId));
}

/** The terms dialog's three boxes, ticked (SPEC §5): the body of send-for-review. */
export const TERMS_TICKED = { general_conditions: true, booking_terms: true, no_contact_outside: true } as const;
