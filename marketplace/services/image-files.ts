import 'server-only';
import { IMAGE_MAX_BYTES, IMAGE_MIN_SIDE } from '@/lib/constants';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../db/client';
import { storedSecret } from '../db/secrets';
import { cottageImages } from '../db/schema';
import { config } from '../config';
import { ApiError } from '../http/errors';
import { storage, type Storage } from '../providers/storage';
import { constantTimeEqual } from './crypto';
import { stillRegistrable, trackUpload } from './pending-uploads';
import type { ImageUploadTicket } from '@/lib/schemas/cottage-dto';

// SPEC §9 image limits (the upload form wants them too: candidates for lib/constants.ts).
export { IMAGE_MAX_BYTES };
export const IMAGE_MIN_WIDTH = IMAGE_MIN_SIDE;
export const IMAGE_MIN_HEIGHT = IMAGE_MIN_SIDE;
/** Refuses decompression bombs: a 10 MB PNG can claim gigapixels. 100 MP is beyond any camera photo. */
const IMAGE_MAX_PIXELS = 100_000_000;
export const UPLOAD_TICKET_TTL_MS = 15 * 60 * 1000;

/**
 * The sizes /img serves (SPEC §9: 46×46 list thumbnail, 136×136 thumbnail, 800×800 preview; twice
 * each for high-density screens). A fixed list rather than any w×h: every variant is cached in
 * storage, so free sizes would let anyone fill the bucket (2000×2000×2 variants per image), and a
 * fixed list lets deleteImageFiles remove every variant without listing the bucket.
 */
export const IMAGE_VARIANTS = [
  { w: 46, h: 46, fit: 'crop' },
  { w: 92, h: 92, fit: 'crop' },
  { w: 136, h: 136, fit: 'crop' },
  { w: 272, h: 272, fit: 'crop' },
  { w: 800, h: 800, fit: 'inside' },
  { w: 1600, h: 1600, fit: 'inside' },
] as const satisfies readonly { w: number; h: number; fit: 'crop' | 'inside' }[];

export type ImageFormat = 'jpeg' | 'png';
export type ImageInfo = { format: ImageFormat; width: number; height: number; size: number };

const CONTENT_TYPE: Record<ImageFormat, string> = { jpeg: 'image/jpeg', png: 'image/png' };
const EXTENSIONS: Record<string, ImageFormat> = { '.jpg': 'jpeg', '.jpeg': 'jpeg', '.png': 'png' };
const FILENAME = /^[A-Za-z0-9_-]{1,100}\.(?:jpg|jpeg|png)$/;

export const isImageFilename = (filename: string) => FILENAME.test(filename);
const originalKey = (filename: string) => `images/${filename}`;
const variantKey = (v: { w: number; h: number; fit: string }, filename: string) => `cache/${v.w}x${v.h}-${v.fit}/${filename}`;

// ---- Secrets and signed tickets

/**
 * SESSION_SECRET, or the database's own upload secret (db/secrets.ts): the same on every instance, so a
 * ticket handed out by one is honoured by another.
 */
function uploadSecret(): string {
  const fromEnv = config.sessionSecret;
  return fromEnv && fromEnv.length >= 32 ? fromEnv : storedSecret('upload');
}

// Each use of the secret gets its own label, so one kind of MAC can never stand in for another.
export const mac = (label: string, data: string) => createHmac('sha256', uploadSecret()).update(`stuga-${label}\n${data}`).digest('base64url');

/**
 * A new file name: 128 random bits plus a MAC binding it to the uploader and scope, so that
 * uploadIssuedTo can tell later, without any stored state, who may register it (the name becomes
 * public in /img URLs, so knowing a name must not be enough to attach the image elsewhere).
 */
function newFilename(userId: number, scope: string, extension: string): string {
  const random = randomBytes(16).toString('base64url');
  return `${random}${mac('file', `${random}\n${userId}\n${scope}`).slice(0, 22)}${extension}`;
}

/** Whether `filename` came from a ticket issued to this user for this scope (e.g. `cottage:12`). */
export function uploadIssuedTo(filename: string, owner: { userId: number; scope: string }): boolean {
  if (!isImageFilename(filename)) return false;
  const stem = filename.slice(0, filename.lastIndexOf('.'));
  if (stem.length !== 44) return false;
  const random = stem.slice(0, 22);
  return constantTimeEqual(stem.slice(22), mac('file', `${random}\n${owner.userId}\n${owner.scope}`).slice(0, 22));
}

type TicketPayload = { f: string; o: string; u: number; s: string; e: number };

/** The user's own file name, made safe to repeat in a message. */
const displayName = (fileName: string) => fileName.replace(/[\p{Cc}\p{Cf}]/gu, '').slice(-120);

/** POST /{id}/images/upload's answer (SPEC §7): where and how to PUT the bytes, and the name they get. */
export async function createUploadTicket(input: { userId: number; scope: string; fileName: string }): Promise<ImageUploadTicket> {
  const extension = path.extname(input.fileName).toLowerCase();
  const format = EXTENSIONS[extension];
  if (!format) throw new ApiError(400, 'images.invalidType');
  const filename = newFilename(input.userId, input.scope, extension);
  const expires = Date.now() + UPLOAD_TICKET_TTL_MS;
  const headers = { 'content-type': CONTENT_TYPE[format] };
  const common = { method: 'PUT' as const, headers, filename, expires_at: new Date(expires).toISOString() };
  if (storage.presignPut) {
    return { ...common, url: await storage.presignPut(originalKey(filename), CONTENT_TYPE[format], UPLOAD_TICKET_TTL_MS / 1000) };
  }
  const payload: TicketPayload = { f: filename, o: displayName(input.fileName), u: input.userId, s: input.scope, e: Math.floor(expires / 1000) };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return { ...common, url: `/api/uploads/${body}.${mac('ticket', body)}` };
}

/** A ticket whose file is deleted unless registered within 24 h (services/pending-uploads.ts). */
export async function issueUploadTicket(db: Db, input: { userId: number; scope: string; fileName: string }): Promise<ImageUploadTicket> {
  const ticket = await createUploadTicket(input);
  await trackUpload(db, originalKey(ticket.filename), input.userId);
  return ticket;
}

/** Checks a ticket's signature, expiry and owner; answers what it grants. */
export function verifyUploadToken(token: string, actorUserId: number | null): { filename: string; originalName: string; userId: number; scope: string } {
  const bad = () => new ApiError(400, 'errors.badUrl');
  const [body, signature, ...rest] = token.length <= 2000 ? token.split('.') : [];
  if (!body || !signature || rest.length || !constantTimeEqual(signature, mac('ticket', body))) throw bad();
  let payload: TicketPayload;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TicketPayload;
  } catch {
    throw bad();
  }
  if (typeof payload.e !== 'number' || payload.e * 1000 < Date.now() || !isImageFilename(payload.f)) throw bad();
  if (actorUserId === null) throw new ApiError(401, 'errors.unauthorized');
  if (payload.u !== actorUserId) throw new ApiError(403, 'errors.forbidden');
  return { filename: payload.f, originalName: payload.o, userId: payload.u, scope: payload.s };
}

// ---- Checking images

const invalidFile = (name: string, status: 400 | 413 = 400) => new ApiError(status, 'images.invalidFile', [], { filenames: name });

/** The format from the first bytes, whatever the file is called. */
function sniff(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  return null;
}

/**
 * SPEC §9 from the bytes, not the name: JPEG or PNG, at least 500×500 as displayed (EXIF
 * rotation applied), under 10 MB. `name` only goes into the error message.
 */
export async function validateImageBytes(bytes: Buffer, name = ''): Promise<ImageInfo> {
  if (bytes.length >= IMAGE_MAX_BYTES) throw invalidFile(name, 413);
  const format = sniff(bytes);
  if (!format) throw new ApiError(400, 'images.invalidType');
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!meta || meta.format !== format) throw new ApiError(400, 'images.invalidType');
  const { width, height } = meta.autoOrient;
  if (width < IMAGE_MIN_WIDTH || height < IMAGE_MIN_HEIGHT || width * height > IMAGE_MAX_PIXELS) throw invalidFile(name);
  return { format, width, height, size: bytes.length };
}

/** An original's bytes, unless it is missing or too large to be one of ours (checked before reading when the adapter can). */
async function readOriginal(filename: string): Promise<Buffer | null> {
  const size = storage.size ? await storage.size(originalKey(filename)) : 0;
  if (size === null || size >= IMAGE_MAX_BYTES) return null;
  const bytes = await storage.get(originalKey(filename));
  return bytes && bytes.length < IMAGE_MAX_BYTES ? bytes : null;
}

const exists = async (key: string) => (storage.size ? (await storage.size(key)) !== null : (await storage.get(key)) !== null);

// Tickets being accepted right now, so that two PUTs with one ticket cannot both write.
const accepting = new Set<string>();

/** PUT /api/uploads/:token: checks the ticket and the bytes, then stores the original. A ticket works once. */
export async function acceptUpload(token: string, bytes: Buffer, actorUserId: number | null): Promise<{ filename: string; width: number; height: number; size: number }> {
  const ticket = verifyUploadToken(token, actorUserId);
  // Names are immutable once stored: /img answers them with `immutable` caching and cached variants.
  if (accepting.has(ticket.filename)) throw new ApiError(409, 'errors.badUrl');
  accepting.add(ticket.filename);
  try {
    if (await exists(originalKey(ticket.filename))) throw new ApiError(409, 'errors.badUrl');
    const info = await validateImageBytes(bytes, ticket.originalName || ticket.filename);
    await storage.put(originalKey(ticket.filename), bytes, CONTENT_TYPE[info.format]);
    return { filename: ticket.filename, width: info.width, height: info.height, size: info.size };
  } finally {
    accepting.delete(ticket.filename);
  }
}

/**
 * An uploaded original's facts, for registering an image after a direct (S3) upload: null when
 * there is no such file, or when it is too old to register (the cleanup is about to delete it); an
 * invalid one is deleted and refused with the SPEC §8 message.
 */
export async function storedImageInfo(db: Db, filename: string): Promise<ImageInfo | null> {
  if (!isImageFilename(filename)) return null;
  const key = originalKey(filename);
  if (!(await stillRegistrable(db, key))) return null;
  const size = storage.size ? await storage.size(key) : null;
  if (size !== null && size >= IMAGE_MAX_BYTES) {
    await storage.delete(key);
    throw invalidFile(filename, 413);
  }
  const bytes = await storage.get(key);
  if (!bytes) return null;
  try {
    return await validateImageBytes(bytes, filename);
  } catch (error) {
    if (error instanceof ApiError) await deleteImageFiles(filename);
    throw error;
  }
}

/** Deletes an original and every variant /img can have made of it. */
export async function deleteImageFiles(filename: string): Promise<void> {
  if (!isImageFilename(filename)) return;
  await Promise.all([originalKey(filename), ...IMAGE_VARIANTS.map((v) => variantKey(v, filename))].map((key) => storage.delete(key)));
}

// ---- Serving /img

/** Only images registered to an ad are served: an upload never registered is nobody's to show. */
export async function imageRegistered(db: Db, filename: string): Promise<boolean> {
  if (!isImageFilename(filename)) return false;
  const [row] = await db.select({ id: cottageImages.id }).from(cottageImages).where(eq(cottageImages.filename, filename)).limit(1);
  return Boolean(row);
}

export type ResizedImage = { bytes: Buffer; contentType: string; etag: string };

const etagOf = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;

/** Resizes an original; the output keeps its format (SPEC: JPEG or PNG only). */
async function render(original: Buffer, format: ImageFormat, variant: { w: number; h: number; fit: 'crop' | 'inside' }): Promise<Buffer> {
  // failOn 'none': a truncated upload still renders what it has rather than failing every request.
  const pipeline = sharp(original, { failOn: 'none', limitInputPixels: IMAGE_MAX_PIXELS })
    .autoOrient()
    .resize(variant.w, variant.h, variant.fit === 'crop' ? { fit: 'cover', position: sharp.strategy.attention } : { fit: 'inside', withoutEnlargement: true });
  return format === 'jpeg' ? pipeline.jpeg({ quality: 80, progressive: true }).toBuffer() : pipeline.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
}

// Concurrent requests for one variant share one resize.
const pending = new Map<string, Promise<ResizedImage | null>>();

/**
 * GET /img/{filename}?w=&h=&fit=crop: the original without parameters, otherwise one of
 * IMAGE_VARIANTS (another size → 400), made once and kept in storage under
 * `cache/<w>x<h>-<fit>/<filename>`. Null for an unknown or unsafe name.
 */
export async function resizedImage(filename: string, opts: { w?: number; h?: number; fit?: 'crop' | 'inside' }): Promise<ResizedImage | null> {
  if (!isImageFilename(filename)) return null;
  if (opts.w === undefined && opts.h === undefined && opts.fit === undefined) {
    const bytes = await readOriginal(filename);
    const format = bytes && sniff(bytes);
    return bytes && format ? { bytes, contentType: CONTENT_TYPE[format], etag: etagOf(bytes) } : null;
  }
  const fit = opts.fit ?? 'inside';
  const variant = IMAGE_VARIANTS.find((v) => v.w === opts.w && v.h === opts.h && v.fit === fit);
  if (!variant) throw new ApiError(400, 'errors.badUrl');
  const key = variantKey(variant, filename);
  let job = pending.get(key);
  if (!job) {
    job = cachedOrRendered(storage, key, filename, variant).finally(() => pending.delete(key));
    pending.set(key, job);
  }
  return job;
}

async function cachedOrRendered(store: Storage, key: string, filename: string, variant: { w: number; h: number; fit: 'crop' | 'inside' }): Promise<ResizedImage | null> {
  const cached = await store.get(key);
  const cachedFormat = cached && sniff(cached);
  if (cached && cachedFormat) return { bytes: cached, contentType: CONTENT_TYPE[cachedFormat], etag: etagOf(cached) };
  const original = await readOriginal(filename);
  const format = original && sniff(original);
  if (!original || !format) return null;
  const bytes = await render(original, format, variant);
  await store.put(key, bytes, CONTENT_TYPE[format]);
  return { bytes, contentType: CONTENT_TYPE[format], etag: etagOf(bytes) };
}
