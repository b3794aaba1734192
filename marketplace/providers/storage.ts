import 'server-only';
import { randomBytes } from 'node:crypto';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { config, type S3Config } from '../config';

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
    return path.join(config.dataDir, 'uploads', ...key.split('/'));
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

// ---- Real adapter: any S3-compatible service through the AWS SDK, path-style URLs (<endpoint>/<bucket>/<key>)

const S3_TIMEOUT_MS = 30_000;

/** No such object: NoSuchKey on GET, a bare 404 NotFound on HEAD (which has no body). A missing bucket (NoSuchBucket) stays an error. */
const isNotFound = (error: unknown) => error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');

function failure(method: string, key: string, error: unknown): Error {
  if (!(error instanceof S3ServiceException)) return error instanceof Error ? error : new Error(String(error));
  return new Error(`S3 ${method} ${key} answered ${error.$metadata.httpStatusCode ?? '?'} ${error.name}`.trim(), { cause: error });
}

export function s3Storage(settings: S3Config): Storage {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 requires them: the SDK's default CRC32 headers (and the
    // x-amz-checksum-* it would put in presigned URLs) are not understood by every S3-compatible service.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: S3_TIMEOUT_MS, requestTimeout: S3_TIMEOUT_MS },
  });
  const object = (key: string) => {
    assertSafeKey(key);
    return { Bucket: settings.bucket, Key: key };
  };

  return {
    async put(key, bytes, contentType) {
      const command = new PutObjectCommand({ ...object(key), Body: bytes, ContentType: contentType, ContentLength: bytes.length });
      try {
        await client.send(command);
      } catch (error) {
        throw failure('PUT', key, error);
      }
    },
    async get(key) {
      const command = new GetObjectCommand(object(key));
      try {
        const response = await client.send(command);
        return response.Body ? Buffer.from(await response.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw failure('GET', key, error);
      }
    },
    async delete(key) {
      const command = new DeleteObjectCommand(object(key));
      try {
        await client.send(command);
      } catch (error) {
        if (isNotFound(error)) return;
        throw failure('DELETE', key, error);
      }
    },
    async size(key) {
      const command = new HeadObjectCommand(object(key));
      try {
        const response = await client.send(command);
        return typeof response.ContentLength === 'number' ? response.ContentLength : null;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw failure('HEAD', key, error);
      }
    },
    async presignPut(key, contentType, expiresSeconds) {
      // Content-Type is signed: the browser must PUT with exactly that header (the ticket's headers).
      const command = new PutObjectCommand({ ...object(key), ContentType: contentType });
      return getSignedUrl(client, command, { expiresIn: expiresSeconds, signableHeaders: new Set(['content-type']) });
    },
  };
}

const s3 = config.s3;

/** S3-compatible storage when S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set; local files otherwise. */
export const storage: Storage = s3 ? s3Storage(s3) : localStorage();
export const storageKind: 's3' | 'local' = s3 ? 's3' : 'local';
