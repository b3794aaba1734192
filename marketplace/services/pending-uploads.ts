import 'server-only';
import { asc, eq, inArray, lt } from 'drizzle-orm';
import { UNREGISTERED_UPLOAD_TTL_MS } from '@/lib/constants';
import type { Db } from '../db/client';
import { conversationFiles, cottageImages, pendingUploads } from '../db/schema';
import { log } from '../log';
import { storage } from '../providers/storage';

/**
 * Registering stops this long before the cleanup may delete the file, so that a registration in
 * progress never ends up pointing at a file the cleanup has just deleted.
 */
const REGISTER_MARGIN_MS = 60 * 60 * 1000;

const IMAGE_PREFIX = 'images/';
const FILE_PREFIX = 'files/';

/** Remembers a ticket's storage key until its file is registered (or cleaned up after 24 h). */
export async function trackUpload(db: Db, key: string, userId: number): Promise<void> {
  await db.insert(pendingUploads).values({ key, userId }).onConflictDoNothing();
}

/** Whether the file under `key` may still be registered: not when its ticket is nearly 24 h old. */
export async function stillRegistrable(db: Db, key: string, now = new Date()): Promise<boolean> {
  const [row] = await db.select({ createdAt: pendingUploads.createdAt }).from(pendingUploads).where(eq(pendingUploads.key, key)).limit(1);
  // No row: a file from before tickets were tracked, or one already cleaned up (then it is gone anyway).
  return !row || now.getTime() - row.createdAt.getTime() < UNREGISTERED_UPLOAD_TTL_MS - REGISTER_MARGIN_MS;
}

/** The keys among `keys` whose file is attached to an ad or a conversation. */
async function registeredKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const images = keys.filter((k) => k.startsWith(IMAGE_PREFIX)).map((k) => k.slice(IMAGE_PREFIX.length));
  const files = keys.filter((k) => k.startsWith(FILE_PREFIX)).map((k) => k.slice(FILE_PREFIX.length));
  const [imageRows, fileRows] = await Promise.all([
    images.length ? db.select({ name: cottageImages.filename }).from(cottageImages).where(inArray(cottageImages.filename, images)) : [],
    files.length ? db.select({ name: conversationFiles.path }).from(conversationFiles).where(inArray(conversationFiles.path, files)) : [],
  ]);
  return new Set([...imageRows.map((r) => IMAGE_PREFIX + r.name), ...fileRows.map((r) => FILE_PREFIX + r.name)]);
}

/**
 * Deletes uploads not registered within 24 h: their file in storage and their row, `batch` rows at a
 * time and at most `maxBatches` batches a call (the minute sweep calls it). Each row is claimed by
 * deleting it, so instances sweeping at once never both handle one; a file whose deletion fails gets
 * its row back, to be tried again. Answers how many files went.
 */
export async function cleanupUploads(db: Db, now = new Date(), { batch = 100, maxBatches = 10 } = {}): Promise<number> {
  const cutoff = new Date(now.getTime() - UNREGISTERED_UPLOAD_TTL_MS);
  let deleted = 0;
  for (let round = 0; round < maxBatches; round++) {
    const oldest = db.select({ key: pendingUploads.key }).from(pendingUploads).where(lt(pendingUploads.createdAt, cutoff)).orderBy(asc(pendingUploads.createdAt)).limit(batch);
    const claimed = await db.delete(pendingUploads).where(inArray(pendingUploads.key, oldest)).returning();
    if (!claimed.length) break;
    const registered = await registeredKeys(
      db,
      claimed.map((r) => r.key),
    );
    const orphans = claimed.filter((r) => !registered.has(r.key));
    const results = await Promise.allSettled(orphans.map((r) => storage.delete(r.key)));
    const failed = orphans.filter((_, i) => results[i]!.status === 'rejected');
    deleted += orphans.length - failed.length;
    if (failed.length) {
      await db.insert(pendingUploads).values(failed).onConflictDoNothing();
      log.warn({ keys: failed.map((r) => r.key) }, 'unregistered uploads could not be deleted; trying again later');
      break;
    }
    if (claimed.length < batch) break;
  }
  return deleted;
}
