import 'server-only';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cottageImages, cottages } from '../db/schema';
import { ApiError } from '../http/errors';
import { deleteImageFiles, storedImageInfo, uploadIssuedTo } from './image-files';
import { imageDto, nextImageWeight, ownedImage, touch, type CottageRow } from './cottages';

// The images of an ad (SPEC §5 "Images"): register an upload, list, comment, delete, reorder.

/** The ad's images in their order. */
export async function listImages(db: Db, cottageId: number) {
  const rows = await db.select().from(cottageImages).where(eq(cottageImages.cottageId, cottageId)).orderBy(asc(cottageImages.weight), asc(cottageImages.id));
  return rows.map(imageDto);
}

/** POST /api/cottages/{id}/images: an uploaded file joins the ad as its last image. */
export async function registerImage(db: Db, row: CottageRow, userId: number, filename: string) {
  const invalid = () => new ApiError(400, 'images.invalidFile', [], { filenames: filename });
  // Only a file uploaded with a ticket issued to this user for this ad can join it.
  if (!uploadIssuedTo(filename, { userId, scope: `cottage:${row.id}` })) throw invalid();
  const info = await storedImageInfo(db, filename);
  if (!info) throw invalid();
  const [image] = await db
    .insert(cottageImages)
    .values({ cottageId: row.id, filename, width: info.width, height: info.height, weight: await nextImageWeight(db, row.id) })
    .onConflictDoNothing()
    .returning();
  if (!image) throw invalid();
  await touch(db, row.id);
  return imageDto(image);
}

/** PUT /api/cottages/{id}/images/{imageId}: the image's comments in sv, en, de. */
export async function commentImage(db: Db, cottageId: number, imageId: number, comments: { comment_sv?: string | null; comment_en?: string | null; comment_de?: string | null }) {
  const image = await ownedImage(db, cottageId, imageId);
  const [updated] = await db
    .update(cottageImages)
    .set({ commentSv: comments.comment_sv || null, commentEn: comments.comment_en || null, commentDe: comments.comment_de || null })
    .where(eq(cottageImages.id, image.id))
    .returning();
  return imageDto(updated!);
}

/** DELETE /api/cottages/{id}/images/{imageId}: the image and its files. */
export async function deleteImage(db: Db, cottageId: number, imageId: number) {
  const image = await ownedImage(db, cottageId, imageId);
  await db.delete(cottageImages).where(eq(cottageImages.id, image.id));
  await deleteImageFiles(image.filename);
  await touch(db, cottageId);
}

/** PUT /api/cottages/{id}/images_reorder: the new order, as all of the ad's image ids once each. */
export async function reorderImages(db: Db, cottageId: number, ids: number[]) {
  const existing = await db.select({ id: cottageImages.id }).from(cottageImages).where(eq(cottageImages.cottageId, cottageId));
  const known = new Set(existing.map((i) => i.id));
  if (ids.length !== known.size || !ids.every((id) => known.has(id)) || new Set(ids).size !== ids.length) {
    throw new ApiError(400, 'errors.form', [{ field: 'ids', message: 'errors.form' }]);
  }
  await db.transaction(async (tx) => {
    // One reorder of an ad at a time (the ad's row lock, as calendar saves take it): two orders at once
    // would otherwise lock the image rows in opposite order and deadlock.
    await tx.execute(sql`select id from ${cottages} where id = ${cottageId} for update`);
    for (const [weight, id] of ids.entries()) await tx.update(cottageImages).set({ weight }).where(eq(cottageImages.id, id));
  });
  const rows = await db.select().from(cottageImages).where(eq(cottageImages.cottageId, cottageId)).orderBy(asc(cottageImages.weight));
  return rows.map(imageDto);
}
