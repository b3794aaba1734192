// The S3 adapter against a local double of an S3-compatible service that checks AWS Signature V4
// itself (recomputed here, independently of the adapter's signer). Nothing reaches the internet.
import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness } from './harness';

const ACCESS_KEY = 'AKIDSTUGATEST0001';
const SECRET_KEY = 'stuga/test+secret/Key0123456789abcdefghij';
const REGION = 'eu-north-1';
const BUCKET = 'stuga-images';

type StorageModule = typeof import('@/marketplace/providers/storage');
type ImageFiles = typeof import('@/marketplace/services/image-files');

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; verdict: string };
const objects = new Map<string, { bytes: Buffer; contentType: string }>();
const seen: Seen[] = [];
let server: Server;
let endpoint: string;
let h: Harness;
let s3: StorageModule;
let images: ImageFiles;
let dataDir: string;

// ---- The double's own SigV4 check, written from the AWS documentation, not from the adapter.

const hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());

function expectedSignature(secret: string, req: { method: string; path: string; query: [string, string][]; headers: Record<string, string>; signed: string[]; payload: string; amzDate: string; scope: string }) {
  const query = req.query
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .sort()
    .join('&');
  const headers = req.signed.map((name) => `${name}:${(req.headers[name] ?? '').trim()}\n`).join('');
  const canonical = `${req.method}\n${req.path}\n${query}\n${headers}\n${req.signed.join(';')}\n${req.payload}`;
  const toSign = `AWS4-HMAC-SHA256\n${req.amzDate}\n${req.scope}\n${hex(canonical)}`;
  const [day, region, service, terminal] = req.scope.split('/') as [string, string, string, string];
  let key: Buffer = createHmac('sha256', `AWS4${secret}`).update(day).digest();
  for (const part of [region, service, terminal]) key = createHmac('sha256', key).update(part).digest();
  return createHmac('sha256', key).update(toSign).digest('hex');
}

/** Answers why a request is refused, or 'ok'. */
function verify(req: IncomingMessage, body: Buffer): string {
  const url = new URL(req.url ?? '/', 'http://double');
  const rawPath = (req.url ?? '/').split('?')[0]!;
  const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]));
  const params = url.searchParams;
  if (params.has('X-Amz-Signature')) {
    if (params.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') return 'algorithm';
    const credential = /^([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request$/.exec(params.get('X-Amz-Credential') ?? '');
    const amzDate = params.get('X-Amz-Date') ?? '';
    const expires = Number(params.get('X-Amz-Expires'));
    const signed = (params.get('X-Amz-SignedHeaders') ?? '').split(';');
    if (!credential || credential[1] !== ACCESS_KEY || credential[3] !== REGION || !/^\d{8}T\d{6}Z$/.test(amzDate) || !signed.includes('host')) return 'query shape';
    if (!(expires >= 1 && expires <= 604_800)) return 'expires';
    const issued = Date.parse(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`);
    if (Date.now() > issued + expires * 1000) return 'expired';
    const query = [...params.entries()].filter(([k]) => k !== 'X-Amz-Signature');
    const scope = `${credential[2]}/${REGION}/s3/aws4_request`;
    const want = expectedSignature(SECRET_KEY, { method: req.method!, path: rawPath, query, headers, signed, payload: 'UNSIGNED-PAYLOAD', amzDate, scope });
    return params.get('X-Amz-Signature') === want ? 'ok' : 'signature';
  }
  const auth = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(headers.authorization ?? '');
  if (!auth || auth[1] !== ACCESS_KEY || auth[3] !== REGION) return 'authorization shape';
  const amzDate = headers['x-amz-date'] ?? '';
  if (!/^\d{8}T\d{6}Z$/.test(amzDate) || amzDate.slice(0, 8) !== auth[2]) return 'x-amz-date';
  if (headers['x-amz-content-sha256'] !== hex(body)) return 'x-amz-content-sha256';
  const signed = auth[4]!.split(';');
  if (!['host', 'x-amz-content-sha256', 'x-amz-date'].every((name) => signed.includes(name))) return 'signed headers';
  const want = expectedSignature(SECRET_KEY, {
    method: req.method!,
    path: rawPath,
    query: [...params.entries()],
    headers,
    signed,
    payload: headers['x-amz-content-sha256']!,
    amzDate,
    scope: `${auth[2]}/${REGION}/s3/aws4_request`,
  });
  return auth[5] === want ? 'ok' : 'signature';
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const verdict = verify(req, body);
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, verdict });
      if (verdict !== 'ok') {
        res.writeHead(403, { 'content-type': 'application/xml' }).end(`<Error><Code>SignatureDoesNotMatch</Code><Message>${verdict}</Message></Error>`);
        return;
      }
      const key = decodeURIComponent((req.url ?? '/').split('?')[0]!);
      if (!key.startsWith(`/${BUCKET}/`)) return void res.writeHead(404).end('<Error><Code>NoSuchBucket</Code></Error>');
      const object = objects.get(key);
      switch (req.method) {
        case 'PUT':
          objects.set(key, { bytes: body, contentType: req.headers['content-type'] ?? 'application/octet-stream' });
          return void res.writeHead(200, { etag: `"${hex(body).slice(0, 32)}"` }).end();
        case 'GET':
        case 'HEAD':
          if (!object) return void res.writeHead(404, { 'content-type': 'application/xml' }).end(req.method === 'GET' ? '<Error><Code>NoSuchKey</Code></Error>' : undefined);
          res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.bytes.length });
          return void res.end(req.method === 'GET' ? object.bytes : undefined);
        case 'DELETE':
          objects.delete(key);
          return void res.writeHead(204).end();
        default:
          return void res.writeHead(405).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
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
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 120, sigma: 30 } } })
    .jpeg()
    .toBuffer();

describe('SigV4 signer against the AWS published examples', () => {
  const aws = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' };
  const now = new Date('2013-05-24T00:00:00Z');

  it('signs the GET Object example (Authorization header)', () => {
    const headers = s3.signS3Request({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { range: 'bytes=0-9' },
      payloadHash: s3.EMPTY_SHA256,
      credentials: aws,
      now,
    });
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('presigns the query-string example', () => {
    const url = s3.presignS3Url({ method: 'GET', url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'), credentials: aws, expiresSeconds: 86_400, now });
    expect(url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });
});

describe('S3 adapter (S3_* set)', () => {
  it('is the adapter chosen from the environment', () => {
    expect(s3.storageKind).toBe('s3');
  });

  it('puts, gets, sizes and deletes objects with signed path-style requests', async () => {
    const bytes = Buffer.from('hello stuga');
    await s3.storage.put('images/hello.jpg', bytes, 'image/jpeg');
    const put = seen.at(-1)!;
    expect(put).toMatchObject({ method: 'PUT', url: `/${BUCKET}/images/hello.jpg`, verdict: 'ok' });
    expect(put.headers.authorization).toMatch(
      new RegExp(`^AWS4-HMAC-SHA256 Credential=${ACCESS_KEY}/\\d{8}/${REGION}/s3/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$`),
    );
    expect(put.headers['x-amz-content-sha256']).toBe(hex(bytes));
    expect(put.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(objects.get(`/${BUCKET}/images/hello.jpg`)).toEqual({ bytes, contentType: 'image/jpeg' });

    expect((await s3.storage.get('images/hello.jpg'))?.toString()).toBe('hello stuga');
    expect(await s3.storage.size!('images/hello.jpg')).toBe(bytes.length);
    expect(await s3.storage.get('images/missing.jpg')).toBeNull();
    expect(await s3.storage.size!('images/missing.jpg')).toBeNull();
    await s3.storage.delete('images/hello.jpg');
    expect(objects.has(`/${BUCKET}/images/hello.jpg`)).toBe(false);
    expect(await s3.storage.get('images/hello.jpg')).toBeNull();
    expect(seen.filter((s) => s.verdict !== 'ok')).toEqual([]);
  });

  it('fails loudly when the service refuses the signature (wrong secret)', async () => {
    const wrong = s3.s3Storage({ endpoint, bucket: BUCKET, region: REGION, accessKeyId: ACCESS_KEY, secretAccessKey: 'not-the-secret' });
    await expect(wrong.put('images/x.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/403 SignatureDoesNotMatch/);
    await expect(wrong.get('images/x.jpg')).rejects.toThrow(/403/);
    expect(seen.at(-1)?.verdict).toBe('signature');
    expect(objects.has(`/${BUCKET}/images/x.jpg`)).toBe(false);
  });

  it('refuses unsafe keys before any request', async () => {
    const before = seen.length;
    await expect(s3.storage.get('../other-bucket/secret')).rejects.toThrow(/Refused storage key/);
    await expect(s3.storage.put('/etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Refused storage key/);
    expect(seen.length).toBe(before);
  });

  it('presigns a PUT that the service accepts as is, and refuses when tampered, re-typed or expired', async () => {
    const url = await s3.storage.presignPut!('images/direct.png', 'image/png', 900);
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe(`${endpoint}/${BUCKET}/images/direct.png`);
    expect(parsed.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(parsed.searchParams.get('X-Amz-Credential')).toMatch(new RegExp(`^${ACCESS_KEY}/\\d{8}/${REGION}/s3/aws4_request$`));
    expect(parsed.searchParams.get('X-Amz-Date')).toMatch(/^\d{8}T\d{6}Z$/);
    expect(parsed.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(parsed.searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    expect(parsed.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);

    const body = new Uint8Array(Buffer.from('png bytes'));
    expect((await fetch(url, { method: 'PUT', headers: { 'content-type': 'text/html' }, body })).status).toBe(403);
    const tampered = url.replace('X-Amz-Expires=900', 'X-Amz-Expires=604800');
    expect((await fetch(tampered, { method: 'PUT', headers: { 'content-type': 'image/png' }, body })).status).toBe(403);
    expect(objects.has(`/${BUCKET}/images/direct.png`)).toBe(false);
    expect((await fetch(url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body })).status).toBe(200);
    expect(objects.get(`/${BUCKET}/images/direct.png`)?.bytes.toString()).toBe('png bytes');

    const old = s3.presignS3Url({
      method: 'PUT',
      url: new URL(`${endpoint}/${BUCKET}/images/late.png`),
      headers: { 'content-type': 'image/png' },
      credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY, region: REGION },
      expiresSeconds: 60,
      now: new Date(Date.now() - 120_000),
    });
    expect((await fetch(old, { method: 'PUT', headers: { 'content-type': 'image/png' }, body })).status).toBe(403);
    expect(seen.at(-1)?.verdict).toBe('expired');
  });

  it('refuses a half configuration instead of falling back to local disk', () => {
    expect(() => s3.s3ConfigFromEnv({ S3_ENDPOINT: endpoint, S3_BUCKET: BUCKET })).toThrow(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/);
    expect(s3.s3ConfigFromEnv({})).toBeNull();
    expect(s3.s3ConfigFromEnv({ S3_ENDPOINT: `${endpoint}/`, S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 's' })).toMatchObject({ endpoint, region: 'us-east-1' });
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
    expect(objects.get(`/${BUCKET}/cache/136x136-crop/${ticket.filename}`)?.contentType).toBe('image/jpeg');

    await images.deleteImageFiles(ticket.filename);
    expect(objects.has(`/${BUCKET}/images/${ticket.filename}`)).toBe(false);
    expect(objects.has(`/${BUCKET}/cache/136x136-crop/${ticket.filename}`)).toBe(false);
  });

  it('refuses and deletes a direct upload that is no image (a PDF called .jpg)', async () => {
    const ticket = await images.createUploadTicket({ userId: 42, scope: 'cottage:7', fileName: 'contract.jpg' });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n');
    expect((await fetch(ticket.url, { method: 'PUT', headers: ticket.headers, body: new Uint8Array(pdf) })).status).toBe(200);
    await expect(images.storedImageInfo(h.db, ticket.filename)).rejects.toMatchObject({ status: 400, message: 'images.invalidType' });
    expect(objects.has(`/${BUCKET}/images/${ticket.filename}`)).toBe(false);
    expect((await fetch(`${h.url}/api/img/${ticket.filename}`)).status).toBe(404);
    expect(await images.storedImageInfo(h.db, ticket.filename)).toBeNull();
  });
});
