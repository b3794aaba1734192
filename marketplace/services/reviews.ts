import 'server-only';
import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import { preparedOnce } from '../db/prepared';
import { statusAt } from '@/lib/rules/booking';
import { looksOffPlatform, reviewAverages } from '@/lib/rules/reviews';
import { shownName } from '@/lib/rules/person';
import { translate } from '@/lib/i18n/messages';
import type { CreateReviewBody, ReplyBody, ReplyDto, ReviewContent, ReviewDto } from '@/lib/schemas/reviews';
import type { Db } from '../db/client';
import { bookings, cottages, reviewReplies, reviews, users } from '../db/schema';
import type { SessionUser } from '../http/context';
import { ApiError, notFound } from '../http/errors';
import { clock } from './bookings/access';
import { nextPageLink, pageOf } from './next-page';

// SPEC §2 /reviews, §3 Review, §4–§6 review rules, §7 the /api/user/reviews calls: a guest reviews a
// finished stay once (the unique index on booking_id decides a race), the reviewed host replies once,
// the marketplace approves both before anyone else sees them.

type ReviewRow = typeof reviews.$inferSelect;
type ReplyRow = typeof reviewReplies.$inferSelect;
type Locale = 'sv' | 'en';

const stateOf = (r: { reviewedAt: Date | null; rejectedAt: Date | null }) => (r.reviewedAt ? 'APPROVED' : r.rejectedAt ? 'REJECTED' : 'WAITING') as ReviewDto['state'];
const approved = (r: { reviewedAt: Date | null } | null | undefined) => Boolean(r?.reviewedAt);

async function names(db: Db, ids: number[], locale: Locale) {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, hideLastName: users.hideLastName, deletedAt: users.deletedAt }).from(users).where(inArray(users.id, unique))
    : [];
  const deleted = translate(locale, 'chat.deletedUser');
  return new Map(rows.map((u) => [u.id, nameOf(u, deleted)]));
}

const reviewer = alias(users, 'reviewer');
const replier = alias(users, 'replier');
const person = (u: typeof reviewer | typeof replier) => ({ firstName: u.firstName, lastName: u.lastName, hideLastName: u.hideLastName, deletedAt: u.deletedAt });
type Person = { firstName: string | null; lastName: string | null; hideLastName: boolean | null; deletedAt: Date | null };
/** The name a review shows for a person; a deleted (or missing) account shows as deleted. */
const nameOf = (u: Person | null, deleted: string) => (!u || u.deletedAt ? deleted : (shownName(u) ?? deleted));

/**
 * Reviews (a subquery of review rows named `page`) with what their reader sees beside them: the
 * reviewer's and the replier's names, the ad's title and the reply, in the same statement.
 */
function detailed(db: Db, page: { as(alias: 'page'): ReturnType<ReturnType<typeof reviewsPage>['as']> }, oldestFirst = false) {
  const rows = page.as('page');
  const review = Object.fromEntries(Object.keys(getTableColumns(reviews)).map((key) => [key, rows[key as keyof typeof rows]])) as unknown as typeof reviews._.columns;
  return db
    .select({
      review,
      reviewer: person(reviewer),
      // Per row on the primary key: a join would let the planner hash the whole table for a page of ten.
      title: sql<string | null>`(select ${cottages.titleSv} from ${cottages} where ${cottages.id} = ${review.cottageId})`,
      reply: getTableColumns(reviewReplies),
      replier: person(replier),
    })
    .from(rows)
    .leftJoin(reviewer, eq(reviewer.id, review.userId))
    .leftJoin(reviewReplies, eq(reviewReplies.reviewId, review.id))
    .leftJoin(replier, eq(replier.id, reviewReplies.userId))
    .orderBy(oldestFirst ? asc(review.id) : desc(review.id));
}

/** Reviews as their reader sees them (replies the reader may not see yet are left out). */
function dtos(actor: SessionUser, rows: Awaited<ReturnType<typeof detailed>>, locale: Locale): ReviewDto[] {
  const deleted = translate(locale, 'chat.deletedUser');
  return rows.map(({ review: r, reviewer: author, title, reply, replier: replyAuthor }) => {
    // A reply is public once approved; until then only its author sees it.
    const shownReply = reply && (approved(reply) || reply.userId === actor.id) ? reply : null;
    return {
      id: r.id,
      body: r.body,
      created_at: r.createdAt.toISOString(),
      reviewed_at: r.reviewedAt?.toISOString() ?? null,
      state: stateOf(r),
      reviewed_user_id: r.reviewedUserId,
      score: r.score,
      accuracy: r.accuracy,
      cleanliness: r.cleanliness,
      location: r.location,
      year: r.year,
      user: { id: r.userId, name: nameOf(author, deleted) },
      cottage: { id: r.cottageId, title_sv: title },
      cottage_id: r.cottageId,
      booking_id: r.bookingId,
      reply: shownReply ? replyDtoOf(shownReply, nameOf(replyAuthor, deleted)) : null,
      mine: r.userId === actor.id,
      can_reply: r.reviewedUserId === actor.id && approved(r) && !reply,
    };
  });
}

const replyDtoOf = (r: ReplyRow, name: string): ReplyDto => ({
  id: r.id,
  review_id: r.reviewId,
  body: r.body,
  created_at: r.createdAt.toISOString(),
  reviewed_at: r.reviewedAt?.toISOString() ?? null,
  state: stateOf(r),
  user: { id: r.userId, name },
});

/** What a user may read: their own reviews, and approved reviews of their ads. */
const readable = (userId: number): SQL => or(eq(reviews.userId, userId), and(eq(reviews.reviewedUserId, userId), isNotNull(reviews.reviewedAt)))!;

/**
 * One page (and one more row) of what a user may read, as two index-ordered sides merged: their own
 * reviews (reviews_user_idx) and the approved reviews of their ads (reviews_reviewed_user_idx), each
 * cut at the page's end. An `or` of the two would read and sort all of both.
 */
function reviewsPage(db: Db, at: PageAt) {
  const own = db.select().from(reviews).where(eq(reviews.userId, at.userId)).orderBy(desc(reviews.id)).limit(at.window);
  const ofTheirAds = db
    .select()
    .from(reviews)
    .where(and(eq(reviews.reviewedUserId, at.userId), isNotNull(reviews.reviewedAt), ne(reviews.userId, at.userId)))
    .orderBy(desc(reviews.id))
    .limit(at.window);
  return unionAll(own, ofTheirAds).orderBy(desc(reviews.id)).limit(at.rows).offset(at.offset);
}

/** Where a page of the reviews list is: values, or the placeholders of its one prepared statement. */
type PageAt = { userId: number | Placeholder; window: number | Placeholder; rows: number | Placeholder; offset: number | Placeholder };
const pageAt = (userId: number, query: { limit?: string; offset?: string }) => {
  const { limit, offset } = pageOf(query, 10);
  return { limit, offset, at: { userId, window: offset + limit + 1, rows: limit + 1, offset } };
};

/** The reviews list's one statement: a page (and one more row) with names, titles and replies. Exported for the query-plan test. */
export const reviewListStatement = (db: Db, userId: number, query: { limit?: string; offset?: string }) => detailed(db, reviewsPage(db, pageAt(userId, query).at));
const reviewList = (db: Db) =>
  detailed(db, reviewsPage(db, { userId: sql.placeholder('userId'), window: sql.placeholder('window'), rows: sql.placeholder('rows'), offset: sql.placeholder('offset') })).prepare('review_list');

/** GET /api/user/reviews: the user's reviews and the approved reviews of their ads, newest first, 10 a page, in one statement. */
export async function listReviews(db: Db, actor: SessionUser, query: { limit?: string; offset?: string }, locale: Locale) {
  const { limit, offset, at } = pageAt(actor.id, query);
  const rows = await preparedOnce(db, 'review_list', reviewList).execute(at);
  return { results: dtos(actor, rows.slice(0, limit), locale), nextPage: nextPageLink('/api/user/reviews', {}, { limit, offset, more: rows.length > limit }) };
}

/** GET /api/user/reviews/{id} */
export async function getReview(db: Db, actor: SessionUser, id: number, locale: Locale) {
  const [row] = await detailed(
    db,
    db
      .select()
      .from(reviews)
      .where(and(eq(reviews.id, id), readable(actor.id)))
      .limit(1),
  );
  if (!row) throw notFound();
  return dtos(actor, [row], locale)[0]!;
}

/**
 * The guest's finished stay at this ad that has no review yet: the named booking, or (without one)
 * the latest such stay. SPEC §6: only a reviewer with a booking for the ad may review, once per booking.
 */
async function reviewableBooking(db: Db, actor: SessionUser, cottageId: number, bookingId: number | null, now: Date) {
  const where = [eq(bookings.guestId, actor.id), eq(bookings.cottageId, cottageId), inArray(bookings.status, ['PAID', 'FINISHED'])];
  if (bookingId !== null) where.push(eq(bookings.id, bookingId));
  const rows = await db
    .select({ booking: bookings, reviewId: reviews.id })
    .from(bookings)
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
    .where(and(...where))
    .orderBy(desc(bookings.checkOut))
    .limit(50);
  const finished = rows.filter((r) => statusAt(clock(r.booking), now) === 'FINISHED');
  const open = finished.find((r) => r.reviewId === null);
  return { booking: open?.booking ?? null, reviewed: finished.length > 0 && !open };
}

/** GET /api/user/reviews/is-allowed/{cottageId}/{bookingId} */
export async function reviewAllowed(db: Db, actor: SessionUser, cottageId: number, bookingId: number | null, now = new Date()) {
  const { booking, reviewed } = await reviewableBooking(db, actor, cottageId, bookingId, now);
  const [ad] = await db.select({ title: cottages.titleSv }).from(cottages).where(eq(cottages.id, cottageId)).limit(1);
  return { allowed: booking !== null, reviewed, booking_id: booking?.id ?? null, cottage_title: booking ? (ad?.title ?? null) : null };
}

/** POST /api/user/reviews: waits for approval; a second one for the booking is refused, however many arrive at once. */
export async function createReview(db: Db, actor: SessionUser, body: CreateReviewBody, locale: Locale, now = new Date()) {
  const { booking, reviewed } = await reviewableBooking(db, actor, body.cottage_id, body.booking_id, now);
  if (!booking) throw new ApiError(400, reviewed ? 'review.alreadyReviewed' : 'review.notAllowed');
  const text = (body.body ?? '').trim();
  const [row] = await db
    .insert(reviews)
    .values({
      userId: actor.id,
      cottageId: booking.cottageId,
      bookingId: booking.id,
      reviewedUserId: booking.hostId,
      body: text,
      score: body.score,
      accuracy: body.accuracy,
      cleanliness: body.cleanliness,
      location: body.location,
      year: body.year,
      flagged: looksOffPlatform(text),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new ApiError(400, 'review.alreadyReviewed');
  return getReview(db, actor, row.id, locale);
}

async function ownReview(db: Db, actor: SessionUser, id: number): Promise<ReviewRow> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id)).limit(1);
  if (!row || (row.userId !== actor.id && !(row.reviewedUserId === actor.id && row.reviewedAt))) throw notFound();
  if (row.userId !== actor.id) throw new ApiError(403, 'review.notYours');
  return row;
}

/** PUT /api/user/reviews/{id}: the author edits; the review waits for approval again. */
export async function updateReview(db: Db, actor: SessionUser, id: number, body: ReviewContent, locale: Locale, now = new Date()) {
  const row = await ownReview(db, actor, id);
  const text = (body.body ?? '').trim();
  const [updated] = await db
    .update(reviews)
    .set({
      body: text,
      score: body.score,
      accuracy: body.accuracy,
      cleanliness: body.cleanliness,
      location: body.location,
      year: body.year,
      flagged: looksOffPlatform(text),
      reviewedAt: null,
      rejectedAt: null,
      updatedAt: now,
    })
    .where(eq(reviews.id, row.id))
    .returning();
  return getReview(db, actor, updated!.id, locale);
}

/** DELETE /api/user/reviews/{id}: the author deletes (its reply goes with it). */
export async function deleteReview(db: Db, actor: SessionUser, id: number) {
  const row = await ownReview(db, actor, id);
  await db.delete(reviews).where(eq(reviews.id, row.id));
  return { message: 'success' };
}

async function replyOf(db: Db, actor: SessionUser, id: number): Promise<ReplyRow> {
  const [row] = await db.select().from(reviewReplies).where(eq(reviewReplies.id, id)).limit(1);
  if (!row) throw notFound();
  if (row.userId !== actor.id) {
    // The review's author reads an approved reply to their review; nobody else reads a reply here.
    const [review] = await db.select({ userId: reviews.userId }).from(reviews).where(eq(reviews.id, row.reviewId)).limit(1);
    if (review?.userId !== actor.id || !approved(row)) throw notFound();
  }
  return row;
}

/** GET /api/user/reviews/reply/{id} */
export async function getReply(db: Db, actor: SessionUser, id: number, locale: Locale) {
  const row = await replyOf(db, actor, id);
  return replyDtoOf(row, (await names(db, [row.userId], locale)).get(row.userId) ?? '');
}

/** POST /api/user/reviews/reply/{reviewId}: the reviewed host's one reply to an approved review. */
export async function createReply(db: Db, actor: SessionUser, reviewId: number, body: ReplyBody, locale: Locale, now = new Date()) {
  const [review] = await db.select().from(reviews).where(eq(reviews.id, reviewId)).limit(1);
  if (!review || (review.userId !== actor.id && !(review.reviewedUserId === actor.id && review.reviewedAt))) throw notFound();
  if (review.reviewedUserId !== actor.id) throw new ApiError(403, 'review.onlyReviewedHost');
  const text = body.body.trim();
  const [row] = await db
    .insert(reviewReplies)
    .values({ reviewId, userId: actor.id, body: text, flagged: looksOffPlatform(text), createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new ApiError(400, 'review.replyExists');
  return replyDtoOf(row, (await names(db, [row.userId], locale)).get(row.userId) ?? '');
}

/** PUT /api/user/reviews/reply/{id}: the reply's author edits; it waits for approval again. */
export async function updateReply(db: Db, actor: SessionUser, id: number, body: ReplyBody, locale: Locale, now = new Date()) {
  const row = await replyOf(db, actor, id);
  if (row.userId !== actor.id) throw new ApiError(403, 'review.notYours');
  const text = body.body.trim();
  const [updated] = await db
    .update(reviewReplies)
    .set({ body: text, flagged: looksOffPlatform(text), reviewedAt: null, rejectedAt: null, updatedAt: now })
    .where(eq(reviewReplies.id, row.id))
    .returning();
  return replyDtoOf(updated!, (await names(db, [row.userId], locale)).get(row.userId) ?? '');
}

/** DELETE /api/user/reviews/reply/{id}: the reply's author deletes it. */
export async function deleteReply(db: Db, actor: SessionUser, id: number) {
  const row = await replyOf(db, actor, id);
  if (row.userId !== actor.id) throw new ApiError(403, 'review.notYours');
  await db.delete(reviewReplies).where(eq(reviewReplies.id, row.id));
  return { message: 'success' };
}

// ——— Approval (administrators), as ads are approved ———

/** GET /api/admin/reviews: reviews and replies waiting for a decision, oldest first (reviews_waiting_idx). */
export async function waitingForApproval(db: Db, actor: SessionUser, locale: Locale) {
  const waiting = and(isNull(reviews.reviewedAt), isNull(reviews.rejectedAt));
  const rows = await detailed(db, db.select().from(reviews).where(waiting).orderBy(reviews.id).limit(100), true);
  const list = dtos(actor, rows, locale);
  const flagged = new Map(rows.map((r) => [r.review.id, r.review.flagged]));
  const replyRows = await db
    .select({ reply: reviewReplies, reviewBody: reviews.body, cottageId: reviews.cottageId })
    .from(reviewReplies)
    .innerJoin(reviews, eq(reviews.id, reviewReplies.reviewId))
    .where(and(isNull(reviewReplies.reviewedAt), isNull(reviewReplies.rejectedAt)))
    .orderBy(reviewReplies.id)
    .limit(100);
  const who = await names(
    db,
    replyRows.map((r) => r.reply.userId),
    locale,
  );
  return {
    reviews: list.map((r) => ({ ...r, flagged: flagged.get(r.id) ?? false })),
    replies: replyRows.map((r) => ({ ...replyDtoOf(r.reply, who.get(r.reply.userId) ?? ''), flagged: r.reply.flagged, review_body: r.reviewBody, cottage_id: r.cottageId })),
  };
}

/** POST /api/admin/reviews/{id} and /api/admin/reviews/reply/{id}: approve (public from now) or reject. */
export async function decide(db: Db, kind: 'review' | 'reply', id: number, approve: boolean, now = new Date()) {
  const table = kind === 'review' ? reviews : reviewReplies;
  const [row] = await db
    .update(table)
    .set(approve ? { reviewedAt: now, rejectedAt: null } : { rejectedAt: now, reviewedAt: null })
    .where(eq(table.id, id))
    .returning({ id: table.id });
  if (!row) throw notFound();
  return { message: 'success' };
}

// ——— The public ad ———

/** The approved reviews of an ad with their approved replies, the count and the averages (SPEC §2 public ad). */
export async function publicReviews(db: Db, cottageId: number, locale: Locale) {
  const rows = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.cottageId, cottageId), isNotNull(reviews.reviewedAt)))
    .orderBy(desc(reviews.id))
    .limit(200);
  const replies = rows.length
    ? await db
        .select()
        .from(reviewReplies)
        .where(
          and(
            inArray(
              reviewReplies.reviewId,
              rows.map((r) => r.id),
            ),
            isNotNull(reviewReplies.reviewedAt),
          ),
        )
    : [];
  const byReview = new Map(replies.map((r) => [r.reviewId, r]));
  const who = await names(
    db,
    rows.map((r) => r.userId),
    locale,
  );
  return {
    ...reviewAverages(rows),
    results: rows.map((r) => {
      const reply = byReview.get(r.id);
      return {
        id: r.id,
        body: r.body,
        created_at: r.createdAt.toISOString(),
        year: r.year,
        score: r.score,
        accuracy: r.accuracy,
        cleanliness: r.cleanliness,
        location: r.location,
        user: { name: who.get(r.userId) ?? '' },
        reply: reply ? { body: reply.body, created_at: reply.createdAt.toISOString() } : null,
      };
    }),
  };
}
