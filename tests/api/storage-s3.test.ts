// The S3 adapter (AWS SDK) against a real S3-compatible server, s3rver, run in this process on
// 127.0.0.1 with a temporary directory. Nothing reaches the internet.
// s3rver checks the access key id and the expiry of presigned URLs, not the SigV4 signature itself
// (that is the SDK's job, tested upstream).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness } from './harness';

// s3rver's built-in account.
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';
const REGION = 'eu-north-1';
const BUCKET = 'stuga-images';

type StorageModule = typeof import('@/marketplace/providers/storage');
type ImageFiles = typeof import('@/marketplace/services/image-files');

let server: S3rver;
let endpoint: string;
let s3Dir: string;
let dataDir: string;
let h: Harness;
let s3: StorageModule;
let images: ImageFiles;
/** A client of the test's own, to look at the bucket independently of the adapter. */
let raw: S3Client;

beforeAll(async () => {
  s3Dir = mkdtempSync(path.join(os.tmpdir(), 'stuga-s3rver-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const address = await server.run();
  endpoint = `http://127.0.0.1:${address.port}`;
  raw = new S3Client({ endpoint, region: REGION, forcePathStyle: true, credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY } });
  // The generated upload secret goes to the data dir, which the harness keeps with TEST_DATABASE_URL.
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'stuga-s3-'));
  process.env.STUGA_DATA_DIR = dataDir;
  // Before the modules load: the adapter is chosen from the environment at import.
  Object.assign(process.env, { S3_ENDPOINT: endpoint, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: ACCESS_KEY, S3_SECRET_ACCESS_KEY: SECRET_KEY, S3_REGION: REGION });
  h = await startApi();
  s3 = await import('@/marketplace/providers/storage');
  images = await import('@/marketplace/services/image-files');
});

afterAll(async () => {
  await h?.close();
  raw?.destroy();
  await server?.close();
  rmSync(s3Dir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

/** The object's Content-Type as the server stored it, or null when there is none. */
async function storedType(key: string): Promise<string | null> {
  try {
    return (await raw.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }))).ContentType ?? '';
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
    throw error;
  }
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 120, sigma: 30 } } })
    .jpeg()
    .toBuffer();

describe('S3 adapter (S3_* set)', () => {
  it('is the adapter chosen from the environment', () => {
    expect(s3.storageKind).toBe('s3');
  });

  it('puts, gets, sizes and deletes objects', async () => {
    const bytes = Buffer.from('hello stuga');
    await s3.storage.put('images/hello.jpg', bytes, 'image/jpeg');
    expect(await storedType('images/hello.jpg')).toBe('image/jpeg');

    expect((await s3.storage.get('images/hello.jpg'))?.toString()).toBe('hello stuga');
    expect(await s3.storage.size!('images/hello.jpg')).toBe(bytes.length);

    // Overwriting replaces the object.
    const bigger = Buffer.alloc(70_000, 7);
    await s3.storage.put('images/hello.jpg', bigger, 'image/jpeg');
    expect((await s3.storage.get('images/hello.jpg'))?.equals(bigger)).toBe(true);
    expect(await s3.storage.size!('images/hello.jpg')).toBe(bigger.length);

    await s3.storage.delete('images/hello.jpg');
    expect(await storedType('images/hello.jpg')).toBeNull();
    expect(await s3.storage.get('images/hello.jpg')).toBeNull();
    expect(await s3.storage.size!('images/hello.jpg')).toBeNull();
  });

  it('answers null for a missing key, and deleting one is no error', async () => {
    expect(await s3.storage.get('images/missing.jpg')).toBeNull();
    expect(await s3.storage.size!('images/missing.jpg')).toBeNull();
    await expect(s3.storage.delete('images/missing.jpg')).resolves.toBeUndefined();
  });

  it('fails loudly when the service refuses the credentials', async () => {
    const wrong = s3.s3Storage({ endpoint, bucket: BUCKET, region: REGION, accessKeyId: 'NOT-A-KEY', secretAccessKey: SECRET_KEY });
    await expect(wrong.put('images/x.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/^S3 PUT images\/x\.jpg answered 403 InvalidAccessKeyId$/);
    await expect(wrong.get('images/x.jpg')).rejects.toThrow(/403/);
    expect(await storedType('images/x.jpg')).toBeNull();
  });

  it('refuses unsafe keys before any request', async () => {
    // An endpoint where nothing listens: a request would fail with a network error, not this one.
    const nowhere = s3.s3Storage({ endpoint: 'http://127.0.0.1:9', bucket: BUCKET, region: REGION, accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY });
    for (const storage of [s3.storage, nowhere]) {
      await expect(storage.get('../other-bucket/secret')).rejects.toThrow(/Refused storage key/);
      await expect(storage.put('/etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Refused storage key/);
      await expect(storage.delete('images/.hidden')).rejects.toThrow(/Refused storage key/);
      await expect(storage.size!('images/a b.jpg')).rejects.toThrow(/Refused storage key/);
      await expect(storage.presignPut!('images/../x.png', 'image/png', 900)).rejects.toThrow(/Refused storage key/);
    }
  });

  it('presigns a path-style PUT that a plain fetch uploads to', async () => {
    const url = await s3.storage.presignPut!('images/direct.png', 'image/png', 900);
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe(`${endpoint}/${BUCKET}/images/direct.png`);
    expect(parsed.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(parsed.searchParams.get('X-Amz-Credential')).toMatch(new RegExp(`^${ACCESS_KEY}/\\d{8}/${REGION}/s3/aws4_request$`));
    expect(parsed.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(parsed.searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    expect(parsed.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    // No SDK checksum of an empty body baked into the URL (it would make real S3 refuse the upload).
    expect([...parsed.searchParams.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);

    const body = Buffer.from('png bytes');
    const response = await fetch(url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(body) });
    expect(response.status).toBe(200);
    expect((await s3.storage.get('images/direct.png'))?.toString()).toBe('png bytes');
    expect(await s3.storage.size!('images/direct.png')).toBe(body.length);
    expect(await storedType('images/direct.png')).toBe('image/png');
    await s3.storage.delete('images/direct.png');
  });

  it('refuses a half configuration instead of falling back to local disk', async () => {
    const { s3ConfigFromEnv } = await import('@/marketplace/config');
    expect(() => s3ConfigFromEnv({ S3_ENDPOINT: endpoint, S3_BUCKET: BUCKET })).toThrow(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/);
    expect(() => s3ConfigFromEnv({ S3_SECRET_ACCESS_KEY: 's' })).toThrow(/half configured/);
    expect(s3ConfigFromEnv({})).toBeNull();
    expect(s3ConfigFromEnv({ S3_ENDPOINT: `${endpoint}/`, S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 's' })).toMatchObject({ endpoint, region: 'us-east-1' });
  });
});

describe('image pipeline on S3', () => {
  it('hands out a presigned ticket; the uploaded image is checked, served resized and cached in the bucket', async () => {
    const ticket = await images.createUploadTicket({ userId: 42, scope: 'cottage:7', fileName: 'Sjöstuga.JPG' });
    expect(ticket.url.startsWith(`${endpoint}/${BUCKET}/images/${ticket.filename}?`)).toBe(true);
    expect(ticket.filename).toMatch(/^[A-Za-z0-9_-]{44}\.jpg$/);
    const bytes = await photo(900, 700);
    const upload = await fetch(ticket.url, { method: ticket.method, headers: ticket.headers, body: new Uint8Array(bytes) });
    expect(upload.status).toBe(200);

    expect(await images.storedImageInfo(h.db, ticket.filename)).toEqual({ format: 'jpeg', width: 900, height: 700, size: bytes.length });
    // Registered to an ad, as POST /api/cottages/:id/images does: /img serves registered images only.
    const owner = await h.createUser();
    const [cottage] = await h.db.insert(h.schema.cottages).values({ userId: owner.id }).returning({ id: h.schema.cottages.id });
    await h.db.insert(h.schema.cottageImages).values({ cottageId: cottage!.id, filename: ticket.filename, width: 900, height: 700 });
    const response = await fetch(`${h.url}/api/img/${ticket.filename}?w=136&h=136&fit=crop`);
    expect(response.status).toBe(200);
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([136, 136]);
    expect(await storedType(`cache/136x136-crop/${ticket.filename}`)).toBe('image/jpeg');

    await images.deleteImageFiles(ticket.filename);
    expect(await storedType(`images/${ticket.filename}`)).toBeNull();
    expect(await storedType(`cache/136x136-crop/${ticket.filename}`)).toBeNull();
  });

  it('refuses and deletes a direct upload that is no image (a PDF called .jpg)', async () => {
    const ticket = await images.createUploadTicket({ userId: 42, scope: 'cottage:7', fileName: 'contract.jpg' });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n');
    expect((await fetch(ticket.url, { method: 'PUT', headers: ticket.headers, body: new Uint8Array(pdf) })).status).toBe(200);
    await expect(images.storedImageInfo(h.db, ticket.filename)).rejects.toMatchObject({ status: 400, message: 'images.invalidType' });
    expect(await storedType(`images/${ticket.filename}`)).toBeNull();
    expect((await fetch(`${h.url}/api/img/${ticket.filename}`)).status).toBe(404);
    expect(await images.storedImageInfo(h.db, ticket.filename)).toBeNull();
  });
});
