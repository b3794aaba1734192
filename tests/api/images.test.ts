// The image pipeline over HTTP with local storage: upload tickets, the bytes checks of SPEC §9 with
// the SPEC §8 messages, and /img resizing with its storage cache and HTTP caching.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApi, type Harness } from './harness';

type ImageFiles = typeof import('@/marketplace/services/image-files');
type StorageModule = typeof import('@/marketplace/providers/storage');

const INVALID_TYPE_EN = 'Something wrong with uploading, please try again, make sure you select files in JPEG or PNG formats';
const INVALID_TYPE_SV = 'Något gick fel vid uppladdningen. Försök igen och se till att du väljer filer i formatet JPEG eller PNG';
const invalidFileEn = (names: string) => `The following files are not valid: ${names}. The image dimensions needs to be at least 500x500 pixels and the size of the file have to be less than 10MB.`;

let h: Harness;
let images: ImageFiles;
let storage: StorageModule['storage'];
let uploadsDir: string;

beforeAll(async () => {
  for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) delete process.env[name];
  // With TEST_DATABASE_URL the harness keeps the default data dir: keep uploads out of it anyway.
  uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'stuga-images-'));
  process.env.STUGA_DATA_DIR = uploadsDir;
  h = await startApi();
  images = await import('@/marketplace/services/image-files');
  ({ storage } = await import('@/marketplace/providers/storage'));
});

afterAll(async () => {
  await h?.close();
  rmSync(uploadsDir, { recursive: true, force: true });
});

/** A real photo-like JPEG or PNG: a gradient with noise, so that it is not trivially compressible. */
async function picture(width: number, height: number, format: 'jpeg' | 'png' = 'jpeg', orientation?: number): Promise<Buffer> {
  const noise = sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });
  const base = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } }).composite([{ input: await noise.png().toBuffer(), blend: 'overlay' }]);
  const withOrientation = orientation ? base.withMetadata({ orientation }) : base;
  return format === 'jpeg' ? withOrientation.jpeg().toBuffer() : withOrientation.png().toBuffer();
}

async function signedIn() {
  const user = await h.createUser();
  const { token } = await h.login(user.username, user.password!);
  expect(token).toBeTruthy();
  return { user, token: token! };
}

async function put(url: string, bytes: Buffer | null, token: string | null, lang = 'en') {
  const response = await fetch(h.url + url, {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg', 'accept-language': lang, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: bytes ? new Uint8Array(bytes) : null,
  });
  const text = await response.text();
  return { status: response.status, json: JSON.parse(text) as { message?: string; filename?: string; width?: number; height?: number; size?: number } };
}

async function img(pathWithQuery: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${h.url}/api/img/${pathWithQuery}`, { headers: { 'accept-language': 'en', ...headers } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Attaches an uploaded file to a new ad of the user's (factory): /img serves registered images only. */
async function register(userId: number, filename: string) {
  const [cottage] = await h.db.insert(h.schema.cottages).values({ userId }).returning({ id: h.schema.cottages.id });
  await h.db.insert(h.schema.cottageImages).values({ cottageId: cottage!.id, filename, width: 600, height: 600 });
}

/** Uploads a fresh picture as a new user, registers it to an ad and answers its stored name. */
async function uploaded(width: number, height: number, format: 'jpeg' | 'png' | Buffer = 'jpeg') {
  const { user, token } = await signedIn();
  const ticket = await images.createUploadTicket({ userId: user.id, scope: 'cottage:1', fileName: `photo.${format === 'png' ? 'png' : 'jpg'}` });
  const bytes = Buffer.isBuffer(format) ? format : await picture(width, height, format);
  const result = await put(ticket.url, bytes, token);
  expect(result.status).toBe(200);
  await register(user.id, ticket.filename);
  return { filename: ticket.filename, bytes };
}

describe('upload tickets', () => {
  it('names the file with 128+ random bits, keeps the lower-cased extension and signs a 15-minute local URL', async () => {
    const before = Date.now();
    const ticket = await images.createUploadTicket({ userId: 7, scope: 'cottage:12', fileName: 'Stuga Sommar.JPEG' });
    expect(ticket.method).toBe('PUT');
    expect(ticket.filename).toMatch(/^[A-Za-z0-9_-]{44}\.jpeg$/);
    expect(ticket.url).toMatch(/^\/api\/uploads\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(ticket.headers).toEqual({ 'content-type': 'image/jpeg' });
    const expires = Date.parse(ticket.expires_at) - before;
    expect(expires).toBeGreaterThan(14 * 60 * 1000);
    expect(expires).toBeLessThanOrEqual(15 * 60 * 1000 + 1000);
    const other = await images.createUploadTicket({ userId: 7, scope: 'cottage:12', fileName: 'a.png' });
    expect(other.filename).toMatch(/\.png$/);
    expect(other.filename).not.toBe(ticket.filename);
  });

  it("refuses other extensions with the SPEC's upload text", async () => {
    for (const fileName of ['cv.pdf', 'photo.gif', 'noextension', 'photo.jpg.exe']) {
      await expect(images.createUploadTicket({ userId: 1, scope: 'cottage:1', fileName })).rejects.toMatchObject({ status: 400, message: 'images.invalidType' });
    }
  });

  it('binds the new name to its uploader and scope, so a public name cannot be registered elsewhere', async () => {
    const ticket = await images.createUploadTicket({ userId: 5, scope: 'cottage:9', fileName: 'x.jpg' });
    expect(images.uploadIssuedTo(ticket.filename, { userId: 5, scope: 'cottage:9' })).toBe(true);
    expect(images.uploadIssuedTo(ticket.filename, { userId: 6, scope: 'cottage:9' })).toBe(false);
    expect(images.uploadIssuedTo(ticket.filename, { userId: 5, scope: 'cottage:10' })).toBe(false);
    expect(images.uploadIssuedTo('A'.repeat(44) + '.jpg', { userId: 5, scope: 'cottage:9' })).toBe(false);
  });
});

describe('PUT /api/uploads/:token', () => {
  it('accepts a real 600×600 JPEG and stores exactly its bytes', async () => {
    const { user, token } = await signedIn();
    const ticket = await images.createUploadTicket({ userId: user.id, scope: 'cottage:3', fileName: 'cabin.jpg' });
    const bytes = await picture(600, 600);
    const result = await put(ticket.url, bytes, token);
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ filename: ticket.filename, width: 600, height: 600, size: bytes.length });
    expect((await storage.get(`images/${ticket.filename}`))?.equals(bytes)).toBe(true);
    expect(await images.storedImageInfo(h.db, ticket.filename)).toEqual({ format: 'jpeg', width: 600, height: 600, size: bytes.length });
  });

  it('decides by the bytes, not the name: a PNG called .jpg is accepted and served as PNG', async () => {
    const { user, token } = await signedIn();
    const ticket = await images.createUploadTicket({ userId: user.id, scope: 'cottage:3', fileName: 'really-a-png.jpg' });
    const result = await put(ticket.url, await picture(520, 640, 'png'), token);
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({ width: 520, height: 640 });
    await register(user.id, ticket.filename);
    const served = await img(ticket.filename);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it('measures the picture as shown: EXIF rotation swaps width and height', async () => {
    const { user, token } = await signedIn();
    const ticket = await images.createUploadTicket({ userId: user.id, scope: 'cottage:3', fileName: 'phone.jpg' });
    const result = await put(ticket.url, await picture(700, 500, 'jpeg', 6), token);
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({ width: 500, height: 700 });
  });

  it('refuses a 400×400 PNG with the SPEC §8 text naming the file, and stores nothing', async () => {
    const { user, token } = await signedIn();
    const ticket = await images.createUploadTicket({ userId: user.id, scope: 'cottage:3', fileName: 'tiny-cabin.png' });
    const bytes = await picture(400, 400, 'png');
    const en = await put(ticket.url, bytes, token);
    expect(en.status).toBe(400);
    expect(en.json.message).toBe(invalidFileEn('tiny-cabin.png'));
    const sv = await put(ticket.url, bytes, token, 'sv');
    expect(sv.json.message).toBe('Följande filer är inte giltiga: tiny-cabin.png. Bilderna måste vara minst 500x500 pixlar och filerna mindre än 10 MB.');
    expect(await storage.get(`images/${ticket.filename}`)).toBeNull();
  });

  it('refuses an image too narrow on one side only (900×499)', async () => {
    await expect(images.validateImageBytes(await picture(900, 499), 'wide.jpg')).rejects.toMatchObject({ status: 400, message: 'images.invalidFile', values: { filenames: 'wide.jpg' } });
  });

  it('refuses a PDF renamed .jpg with the invalid-type text, in both languages', async () => {
    const { user, token } = await signedIn();
    const ticket = await images.createUploadTicket({ userId: user.id, scope: 'cottage:3', fileName: 'contract.jpg' });
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj << /Type /Catalog >> endobj\n'), randomBytes(20_000)]);
    const en = await put(ticket.url, pdf, token);
    expect(en.status).toBe(400);
    expect(en.json.message).toBe(INVALID_TYPE_EN);
    expect((await put(ticket.url, pdf, token, 'sv')).json.message).toBe(INVALID_TYPE_SV);
    // JPEG magic bytes followed by garbage are no JPEG either.
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(5000)]);
    expect((await put(ticket.url, fake, token)).json.message).toBe(INVALID_TYPE_EN);
    expect(await storage.get(`images/${ticket.filename}`)).toBeNull();
  });

  it('refuses an 11 MB file, announced by Content-Length or streamed without one', async () => {
    const { user, token } = await signedIn();
    const ticket = await images.createUploadTicket({ userId: user.id, scope: 'cottage:3', fileName: 'huge.jpg' });
    const big = Buffer.concat([await picture(600, 600), randomBytes(11 * 1024 * 1024)]);
    const announced = await put(ticket.url, big, token);
    expect(announced.status).toBe(413);
    expect(announced.json.message).toBe(invalidFileEn('huge.jpg'));

    // Chunked, so the server only learns the size by counting.
    let sent = 0;
    const chunk = randomBytes(256 * 1024);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 11 * 1024 * 1024) return controller.close();
        sent += chunk.length;
        controller.enqueue(new Uint8Array(chunk));
      },
    });
    const init = { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' }, body: stream, duplex: 'half' } as RequestInit;
    const streamed = await fetch(h.url + ticket.url, init);
    expect(streamed.status).toBe(413);
    expect(((await streamed.json()) as { message: string }).message).toBe(invalidFileEn('huge.jpg'));
    expect(await storage.get(`images/${ticket.filename}`)).toBeNull();
  });

  it('stops reading a body at the limit, and refuses a too large Content-Length before reading at all', async () => {
    const { readBodyLimited } = await import('@/marketplace/http/request');
    const { ApiError } = await import('@/marketplace/http/errors');
    // In process, so that no HTTP server drains what the handler left unread.
    const app = new Hono();
    app.put('/x', async (c) => c.text(String((await readBodyLimited(c, 1024 * 1024, () => new ApiError(413, 'images.invalidFile'))).length)));
    app.onError((error, c) => c.text(error.message, 413));
    const eightMegabytes = (counter: { pulled: number }) =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          if (counter.pulled >= 8 * 1024 * 1024) return controller.close();
          counter.pulled += 64 * 1024;
          controller.enqueue(new Uint8Array(64 * 1024));
        },
      });
    const counter = { pulled: 0 };
    const refused = await app.request('/x', { method: 'PUT', body: eightMegabytes(counter), duplex: 'half' } as RequestInit);
    expect(refused.status).toBe(413);
    expect(counter.pulled).toBeLessThan(2 * 1024 * 1024);

    const announced = { pulled: 0 };
    const claimed = await app.request('/x', { method: 'PUT', headers: { 'content-length': String(50 * 1024 * 1024) }, body: eightMegabytes(announced), duplex: 'half' } as RequestInit);
    expect(claimed.status).toBe(413);
    expect(announced.pulled).toBeLessThanOrEqual(64 * 1024);

    expect(await (await app.request('/x', { method: 'PUT', body: new Uint8Array(1000) })).text()).toBe('1000');
  });

  it('refuses an expired ticket and stores nothing', async () => {
    const { user, token } = await signedIn();
    vi.useFakeTimers({ toFake: ['Date'] });
    let ticket: Awaited<ReturnType<ImageFiles['createUploadTicket']>>;
    try {
      vi.setSystemTime(Date.now() - 16 * 60 * 1000);
      ticket = await images.createUploadTicket({ userId: user.id, scope: 'cottage:3', fileName: 'late.jpg' });
    } finally {
      vi.useRealTimers();
    }
    const result = await put(ticket.url, await picture(600, 600), token);
    expect(result.status).toBe(400);
    expect(result.json.message).toBe('Bad URL. Please check the URL.');
    expect(await storage.get(`images/${ticket.filename}`)).toBeNull();
  });

  it('refuses a tampered ticket: changed payload or changed signature', async () => {
    const { user, token } = await signedIn();
    const ticket = await images.createUploadTicket({ userId: user.id, scope: 'cottage:3', fileName: 'cabin.jpg' });
    const [body, signature] = ticket.url.replace('/api/uploads/', '').split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { e: number; f: string };
    const later = Buffer.from(JSON.stringify({ ...payload, e: payload.e + 86_400 })).toString('base64url');
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    const bytes = await picture(600, 600);
    for (const url of [`/api/uploads/${later}.${signature}`, `/api/uploads/${body}.${flipped}`, `/api/uploads/${body}`, '/api/uploads/nonsense']) {
      const result = await put(url, bytes, token);
      expect(result.status, url).toBe(400);
    }
    expect(await storage.get(`images/${ticket.filename}`)).toBeNull();
  });

  it("refuses another user's ticket (403) and a request without session (401)", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const ticket = await images.createUploadTicket({ userId: owner.user.id, scope: 'cottage:3', fileName: 'cabin.jpg' });
    const bytes = await picture(600, 600);
    const stolen = await put(ticket.url, bytes, other.token);
    expect(stolen.status).toBe(403);
    expect(stolen.json.message).toBe('You are not allowed to do this');
    expect((await put(ticket.url, bytes, null)).status).toBe(401);
    expect(await storage.get(`images/${ticket.filename}`)).toBeNull();
    expect((await put(ticket.url, bytes, owner.token)).status).toBe(200);
  });

  it('works once: a second PUT with the same ticket cannot replace the stored image', async () => {
    const { user, token } = await signedIn();
    const ticket = await images.createUploadTicket({ userId: user.id, scope: 'cottage:3', fileName: 'cabin.jpg' });
    const first = await picture(600, 600);
    expect((await put(ticket.url, first, token)).status).toBe(200);
    expect((await put(ticket.url, await picture(700, 700), token)).status).toBe(409);
    expect((await storage.get(`images/${ticket.filename}`))?.equals(first)).toBe(true);
  });
});

describe('GET /api/img/:filename', () => {
  it('answers a 136×136 JPEG crop, cached in storage, with immutable caching and a 304 for its ETag', async () => {
    const { filename } = await uploaded(1200, 900);
    const first = await img(`${filename}?w=136&h=136&fit=crop`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/jpeg');
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
    const meta = await sharp(first.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 136, 136]);

    const cacheKey = `cache/136x136-crop/${filename}`;
    expect((await storage.get(cacheKey))?.equals(first.bytes)).toBe(true);
    const second = await img(`${filename}?w=136&h=136&fit=crop`);
    expect(second.headers.get('etag')).toBe(etag);
    expect(second.bytes.equals(first.bytes)).toBe(true);

    // Served from the cache object, not resized again: a different object under the key is what comes back.
    const marker = await sharp({ create: { width: 136, height: 136, channels: 3, background: '#ff0000' } })
      .jpeg()
      .toBuffer();
    await storage.put(cacheKey, marker, 'image/jpeg');
    expect((await img(`${filename}?w=136&h=136&fit=crop`)).bytes.equals(marker)).toBe(true);
    await storage.put(cacheKey, first.bytes, 'image/jpeg');

    const notModified = await img(`${filename}?w=136&h=136&fit=crop`, { 'if-none-match': etag! });
    expect(notModified.status).toBe(304);
    expect(notModified.bytes.length).toBe(0);
    expect(notModified.headers.get('etag')).toBe(etag);
    expect((await img(`${filename}?w=136&h=136&fit=crop`, { 'if-none-match': '"something-else"' })).status).toBe(200);
  });

  it('keeps the aspect ratio within 800×800 without fit, and never enlarges', async () => {
    const wide = await uploaded(1200, 900);
    const preview = await img(`${wide.filename}?w=800&h=800`);
    expect(preview.status).toBe(200);
    const meta = await sharp(preview.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([800, 600]);
    expect(meta.isProgressive).toBe(true);

    const small = await uploaded(600, 600);
    const kept = await sharp((await img(`${small.filename}?w=800&h=800`)).bytes).metadata();
    expect([kept.width, kept.height]).toEqual([600, 600]);
  });

  it('keeps PNG as PNG', async () => {
    const { filename } = await uploaded(640, 520, 'png');
    const thumb = await img(`${filename}?w=46&h=46&fit=crop`);
    expect(thumb.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(thumb.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 46, 46]);
  });

  it('without parameters answers a re-encoded copy, never the original (its EXIF could reveal a position)', async () => {
    const bytes = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#336699' } })
      .withExif({ IFD0: { Copyright: 'GPS-bearing original' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(bytes).metadata()).exif).toBeDefined();
    const { filename } = await uploaded(900, 700, bytes);
    const served = await img(filename);
    expect(served.status).toBe(200);
    expect(served.bytes.equals(bytes)).toBe(false);
    const meta = await sharp(served.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([900, 700]);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('resizes once for concurrent identical requests', async () => {
    const { filename } = await uploaded(1000, 800);
    const results = await Promise.all(Array.from({ length: 5 }, () => images.resizedImage(filename, { w: 272, h: 272, fit: 'crop' })));
    // One shared promise: every caller got the very same buffer.
    for (const result of results) expect(result?.bytes).toBe(results[0]?.bytes);
    const again = await images.resizedImage(filename, { w: 272, h: 272, fit: 'crop' });
    expect(again?.bytes).not.toBe(results[0]?.bytes);
    expect(again?.etag).toBe(results[0]?.etag);
  });

  it('refuses sizes outside the served list and malformed parameters with 400', async () => {
    const { filename } = await uploaded(600, 600);
    for (const query of ['w=137&h=137&fit=crop', 'w=5000&h=5000', 'w=0&h=0', 'w=abc', 'w=136&h=136&fit=stretch', 'w=-1&h=136']) {
      const result = await img(`${filename}?${query}`);
      expect(result.status, query).toBe(400);
    }
  });

  it('answers 404 JSON for unknown files and for path traversal names', async () => {
    const unknown = await img(`${'A'.repeat(44)}.jpg?w=136&h=136&fit=crop`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(unknown.bytes.toString('utf8'))).toMatchObject({ message: 'Not found', errors: [] });
    for (const name of ['..%2Fupload-secret', '..%2F..%2Fpackage.json', '%2e%2e%2fimages%2fx.jpg', 'x.gif', '.hidden.jpg', 'cache%2F136x136-crop%2Fx.jpg']) {
      expect((await img(name)).status, name).toBe(404);
    }
    // An encoded NUL is no character of any name: a bad URL.
    expect((await img('a%00.jpg')).status).toBe(400);
    await expect(storage.get('../upload-secret')).rejects.toThrow(/Refused storage key/);
    await expect(storage.put('images/../../x.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/Refused storage key/);
  });

  it('deleteImageFiles removes the original and its cached sizes', async () => {
    const { filename } = await uploaded(600, 600);
    expect((await img(`${filename}?w=136&h=136&fit=crop`)).status).toBe(200);
    expect((await img(`${filename}?w=800&h=800`)).status).toBe(200);
    await images.deleteImageFiles(filename);
    expect(await storage.get(`images/${filename}`)).toBeNull();
    expect(await storage.get(`cache/136x136-crop/${filename}`)).toBeNull();
    expect(await storage.get(`cache/800x800-inside/${filename}`)).toBeNull();
    expect((await img(`${filename}?w=136&h=136&fit=crop`)).status).toBe(404);
    expect((await img(filename)).status).toBe(404);
  });
});
