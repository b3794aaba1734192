import 'server-only';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dataDir } from '@/lib/data-dir';

/** Object storage for uploaded files, addressed by keys like `images/ab12….jpg` or `cache/136x136-crop/ab12….jpg`. */
export type Storage = {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** The object's size in bytes, or null when there is none: lets callers refuse a huge object before reading it. */
  size?(key: string): Promise<number | null>;
  /** A URL the browser can PUT the object to directly (real adapter only). */
  presignPut?(key: string, contentType: string, expiresSeconds: number): Promise<string>;
};

// Segments of safe characters that never start with a dot: no `..`, no hidden files, no absolute paths.
const SAFE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function assertSafeKey(key: string): void {
  if (key.length > 512 || !SAFE_KEY.test(key)) throw new Error(`Refused storage key ${JSON.stringify(key.slice(0, 80))}`);
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/** Sandbox adapter: files under <data dir>/uploads (the data dir is read per call, so tests can point it elsewhere). */
function localStorage(): Storage {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(dataDir(), 'uploads', ...key.split('/'));
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so that a concurrent reader never sees half a file.
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temp, bytes, { mode: 0o600 });
      await rename(temp, file);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async size(key) {
      try {
        const info = await stat(fileOf(key));
        return info.isFile() ? info.size : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
  };
}

// ---- AWS Signature Version 4 (https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-authenticating-requests.html)

export type S3Credentials = { accessKeyId: string; secretAccessKey: string; region: string };

const ALGORITHM = 'AWS4-HMAC-SHA256';
export const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding as SigV4 wants it: everything but A–Z a–z 0–9 - _ . ~ is %XX. */
export const uriEncode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

/** 2013-05-24T00:00:00Z → ['20130524T000000Z', '20130524']. */
function amzDates(now: Date): [string, string] {
  const long = now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  return [long, long.slice(0, 8)];
}

function canonicalQuery(params: [string, string][]): string {
  return params
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** The signature over a canonical request; `headers` are lower-case names and include `host`. */
function signature(input: {
  method: string;
  url: URL;
  query: [string, string][];
  headers: Record<string, string>;
  payloadHash: string;
  credentials: S3Credentials;
  amzDate: string;
  day: string;
}): { signedHeaders: string; scope: string; signature: string } {
  const names = Object.keys(input.headers).sort();
  const canonicalHeaders = names.map((name) => `${name}:${input.headers[name]!.trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [input.method, input.url.pathname, canonicalQuery(input.query), canonicalHeaders, signedHeaders, input.payloadHash].join('\n');
  const scope = `${input.day}/${input.credentials.region}/s3/aws4_request`;
  const stringToSign = [ALGORITHM, input.amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.credentials.secretAccessKey}`, input.day), input.credentials.region), 's3'), 'aws4_request');
  return { signedHeaders, scope, signature: createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex') };
}

/**
 * Signs a request with the Authorization header. `url.pathname` must already be URI-encoded
 * (objectUrl does that); `headers` are the extra headers to sign and send. Answers the headers to
 * send (host excluded: fetch sets it from the URL, and it is signed as `url.host`).
 */
export function signS3Request(input: {
  method: string;
  url: URL;
  headers?: Record<string, string>;
  payloadHash: string;
  credentials: S3Credentials;
  now?: Date;
}): Record<string, string> {
  const [amzDate, day] = amzDates(input.now ?? new Date());
  const headers: Record<string, string> = { 'x-amz-content-sha256': input.payloadHash, 'x-amz-date': amzDate };
  for (const [name, value] of Object.entries(input.headers ?? {})) headers[name.toLowerCase()] = value;
  const signed = signature({
    method: input.method,
    url: input.url,
    query: [...input.url.searchParams.entries()],
    headers: { ...headers, host: input.url.host },
    payloadHash: input.payloadHash,
    credentials: input.credentials,
    amzDate,
    day,
  });
  const credential = `${input.credentials.accessKeyId}/${signed.scope}`;
  return { ...headers, authorization: `${ALGORITHM} Credential=${credential}, SignedHeaders=${signed.signedHeaders}, Signature=${signed.signature}` };
}

/** A presigned URL (query-string SigV4, unsigned payload); `headers` must then be sent exactly as given. */
export function presignS3Url(input: {
  method: string;
  url: URL;
  headers?: Record<string, string>;
  credentials: S3Credentials;
  expiresSeconds: number;
  now?: Date;
}): string {
  if (!Number.isInteger(input.expiresSeconds) || input.expiresSeconds < 1 || input.expiresSeconds > 604_800) {
    throw new Error('X-Amz-Expires must be 1..604800 seconds');
  }
  const [amzDate, day] = amzDates(input.now ?? new Date());
  const headers: Record<string, string> = { host: input.url.host };
  for (const [name, value] of Object.entries(input.headers ?? {})) headers[name.toLowerCase()] = value;
  const query: [string, string][] = [
    ...input.url.searchParams.entries(),
    ['X-Amz-Algorithm', ALGORITHM],
    ['X-Amz-Credential', `${input.credentials.accessKeyId}/${day}/${input.credentials.region}/s3/aws4_request`],
    ['X-Amz-Date', amzDate],
    ['X-Amz-Expires', String(input.expiresSeconds)],
    ['X-Amz-SignedHeaders', Object.keys(headers).sort().join(';')],
  ];
  const signed = signature({ method: input.method, url: input.url, query, headers, payloadHash: 'UNSIGNED-PAYLOAD', credentials: input.credentials, amzDate, day });
  return `${input.url.origin}${input.url.pathname}?${canonicalQuery(query)}&X-Amz-Signature=${signed.signature}`;
}

// ---- Real adapter: any S3-compatible service, path-style URLs (<endpoint>/<bucket>/<key>)

export type S3Config = S3Credentials & { endpoint: string; bucket: string };

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** The S3 settings when all four are set; none set → null (sandbox); some set → an error, not a silent fallback to local disk. */
export function s3ConfigFromEnv(env: Record<string, string | undefined> = process.env): S3Config | null {
  const missing = S3_REQUIRED.filter((name) => !env[name]);
  if (missing.length === S3_REQUIRED.length) return null;
  if (missing.length) throw new Error(`S3 storage is half configured: set ${missing.join(', ')} too (or none of the S3_* variables)`);
  return {
    endpoint: env.S3_ENDPOINT!.replace(/\/+$/, ''),
    bucket: env.S3_BUCKET!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    region: env.S3_REGION || 'us-east-1',
  };
}

const S3_TIMEOUT_MS = 30_000;

export function s3Storage(config: S3Config): Storage {
  const objectUrl = (key: string) => {
    assertSafeKey(key);
    return new URL(`${config.endpoint}/${uriEncode(config.bucket)}/${key.split('/').map(uriEncode).join('/')}`);
  };

  async function send(method: string, key: string, body?: { bytes: Buffer; contentType: string }): Promise<Response> {
    const url = objectUrl(key);
    const headers = signS3Request({
      method,
      url,
      headers: body ? { 'content-type': body.contentType } : {},
      payloadHash: body ? sha256Hex(body.bytes) : EMPTY_SHA256,
      credentials: config,
    });
    return fetch(url, { method, headers, body: body ? new Uint8Array(body.bytes) : undefined, signal: AbortSignal.timeout(S3_TIMEOUT_MS) });
  }

  async function failure(method: string, key: string, response: Response): Promise<Error> {
    const text = await response.text().catch(() => '');
    const code = /<Code>([^<]{1,100})<\/Code>/.exec(text)?.[1] ?? '';
    return new Error(`S3 ${method} ${key} answered ${response.status} ${code}`.trim());
  }

  return {
    async put(key, bytes, contentType) {
      const response = await send('PUT', key, { bytes, contentType });
      if (!response.ok) throw await failure('PUT', key, response);
      await response.body?.cancel();
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) throw await failure('GET', key, response);
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await send('DELETE', key);
      if (!response.ok && response.status !== 404) throw await failure('DELETE', key, response);
      await response.body?.cancel();
    },
    async size(key) {
      const response = await send('HEAD', key);
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`S3 HEAD ${key} answered ${response.status}`);
      const length = Number(response.headers.get('content-length'));
      return Number.isFinite(length) ? length : null;
    },
    async presignPut(key, contentType, expiresSeconds) {
      return presignS3Url({ method: 'PUT', url: objectUrl(key), headers: { 'content-type': contentType }, credentials: config, expiresSeconds });
    },
  };
}

const s3 = s3ConfigFromEnv();

/** S3-compatible storage when S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set; local files otherwise. */
export const storage: Storage = s3 ? s3Storage(s3) : localStorage();
export const storageKind: 's3' | 'local' = s3 ? 's3' : 'local';
