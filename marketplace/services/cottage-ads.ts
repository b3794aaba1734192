import 'server-only';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { isProfileComplete } from '@/lib/rules/profile';
import type { Db } from '../db/client';
import { cottages, cottageTags, lastMinutes, tags, todos, users } from '../db/schema';
import type { SessionUser } from '../http/context';
import { ApiError } from '../http/errors';
import { deleteImageFiles } from './image-files';
import { cottageDto, loadAny, touch, type CottageRow } from './cottages';
import { getUser, userDto } from './users';
import { updateCottage } from './cottage-update';

// An ad's life (SPEC §4 "Ad lifecycle"): created, sent for review, approved, hidden, deleted; its tags and deals.

/** POST /api/cottages: a new, empty ad, once the host's profile is complete. */
export async function createAd(db: Db, actor: SessionUser, commission: false | null) {
  const profile = userDto(await getUser(db, actor.id));
  if (!isProfileComplete(profile)) throw new ApiError(400, 'cottage.profileIncomplete');
  const [row] = await db.insert(cottages).values({ userId: actor.id, commission }).returning();
  return cottageDto(db, row!);
}

/** DELETE /api/cottages/{id}: only an unreviewed or hidden ad; its reminders and image files go with it. */
export async function deleteAd(db: Db, row: CottageRow) {
  const dto = await cottageDto(db, row);
  if (!dto.can_delete) throw new ApiError(400, 'cottage.cannotDelete');
  await db.transaction(async (tx) => {
    await tx.delete(cottages).where(eq(cottages.id, row.id));
    await tx.delete(todos).where(and(eq(todos.type, 'OUTDATED_COTTAGE'), eq(todos.refId, row.id)));
  });
  await Promise.all(dto.images.map((i) => deleteImageFiles(i.filename)));
}

/** POST /api/cottages/{id}/send-for-review: a complete commission ad goes to review (once), its terms accepted (the body's three boxes). */
export async function sendForReview(db: Db, row: CottageRow) {
  const dto = await cottageDto(db, row);
  if (!dto.complete || dto.commission !== true) throw new ApiError(400, 'cottage.notComplete');
  if (!row.askedForReviewAt) await touch(db, row.id, { askedForReviewAt: new Date(), termsAcceptedAt: new Date() });
  return cottageDto(db, await loadAny(db, row.id));
}

/** POST /api/cottages/{id}/commission (the payment page, SPEC §4): the payment model; commission sends a complete ad for review, its terms accepted. */
export async function chooseCommission(db: Db, row: CottageRow, commission: boolean) {
  await updateCottage(db, row, await cottageDto(db, row), { commission });
  if (commission) await touch(db, row.id, { termsAcceptedAt: row.termsAcceptedAt ?? new Date() });
  return cottageDto(db, await loadAny(db, row.id));
}

/** POST /api/cottages/{id}/hide and /activate: a reviewed ad leaves or returns to the site. */
export async function setHidden(db: Db, row: CottageRow, hidden: boolean) {
  if (!row.reviewedAt) throw new ApiError(400, 'cottage.notReviewed');
  await touch(db, row.id, { hiddenAt: hidden ? new Date() : null });
  return cottageDto(db, await loadAny(db, row.id));
}

/** POST /api/cottages/{id}/approve: an administrator approves an ad sent for review; it becomes public. */
export async function approveAd(db: Db, id: number) {
  const row = await loadAny(db, id);
  if (!row.askedForReviewAt) throw new ApiError(400, 'cottage.notSentForReview');
  if (!(await cottageDto(db, row)).complete) throw new ApiError(400, 'cottage.notComplete');
  if (!row.reviewedAt) await touch(db, row.id, { reviewedAt: new Date() });
  // The host can now take bookings: the profile's payout tab opens (SPEC §6 'Payout tab only if booking is active').
  await db.update(users).set({ bookingActive: true }).where(eq(users.id, row.userId));
}

/** GET /api/cottages/tags: every ad tag. */
export function listAdTags(db: Db) {
  return db.select({ id: tags.id, tag: tags.tag }).from(tags).orderBy(asc(tags.tag)).limit(1000);
}

/** POST /api/cottages/tags: a new ad tag (lowercase), or the one that exists. */
export async function createAdTag(db: Db, actor: SessionUser, text: string) {
  const tag = text.toLowerCase();
  await db.insert(tags).values({ tag, createdBy: actor.id }).onConflictDoNothing();
  const [row] = await db.select({ id: tags.id, tag: tags.tag }).from(tags).where(eq(tags.tag, tag)).limit(1);
  return row!;
}

/** GET /api/public/cottages/tags: tags of public ads. */
export function listPublicTags(db: Db) {
  return db
    .selectDistinct({ id: tags.id, tag: tags.tag })
    .from(tags)
    .innerJoin(cottageTags, eq(cottageTags.tagId, tags.id))
    .innerJoin(cottages, eq(cottages.id, cottageTags.cottageId))
    .where(and(isNotNull(cottages.reviewedAt), isNull(cottages.hiddenAt)))
    .orderBy(asc(tags.tag))
    .limit(500);
}

type LastMinuteInput = { from_date: string; to_date: string; price: number; title_sv?: string | null; title_en?: string | null; title_de?: string | null };

/** POST /api/cottages/{id}/lastminutes: a deal within the next two months (checked by lastMinuteSchema). */
export async function createLastMinute(db: Db, cottageId: number, v: LastMinuteInput) {
  await db.insert(lastMinutes).values({ cottageId, fromDate: v.from_date, toDate: v.to_date, price: v.price, titleSv: v.title_sv || null, titleEn: v.title_en || null, titleDe: v.title_de || null });
}
