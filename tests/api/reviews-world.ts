// Shared by the generated security suites (authz-matrix.test.ts, fuzz.test.ts) for the review routes
// (issue 17): the world's guest has finished stays at another public ad of the world's host (a
// conversation of its own, so that the world's conversation still has no ended stay), and has
// reviewed most of them. Each route meets a review or a reply in the state it acts on, and a
// state-spending call (edit, delete, reply, decide) gets one of its own.
import { asc, eq, inArray, or } from 'drizzle-orm';
import { expect } from 'vitest';
import { addDays, todayInStockholm } from '@/lib/rules/dates';
import { inDays, offerBody, pay } from './bookings-support';
import { createCottage, fillAd, setCottage } from './cottages-support';
import type { Harness } from './harness';
import type { World } from './security-support';

/** The year of a stay the forms offer first (SPEC §9: the last five years). */
export const reviewYear = () => Number(todayInStockholm().slice(0, 4));

/** The six content fields of a review that every rule accepts. */
export const reviewContent = (body = 'En underbar vecka vid sjön, allt var som utlovat.') => ({ body, score: 5, accuracy: 4, cleanliness: 5, location: 3, year: reviewYear() });

export async function createReviewWorld(h: Harness, w: World) {
  const { owner, guest, admin } = w;
  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const r = await h.call(method, path, { token, body });
    expect(r.status, `${method} ${path}: ${JSON.stringify(r.json)}`).toBe(200);
    return r.json;
  };

  // Another public commission ad of the host, and the guest's conversation about it.
  const ad = await createCottage(h, owner.token);
  await fillAd(h, owner.token, ad.id);
  const now = new Date();
  await setCottage(h, ad.id, { commission: true, commissionPercentage: 12, verifiedAt: now, verifiedBy: 'BANKID', askedForReviewAt: now, reviewedAt: now });
  const conversationId = (await call('POST', '/api/conversations', guest.token, { cottage_id: ad.id, text: 'Hej! Vi vill gärna hyra stugan i sommar.' })).id as number;

  /**
   * A stay the guest paid for, moved into the past (nights of its own, both before and after): ended,
   * and settled as the bookings sweep leaves one (finished, paid out), so that a sweep run by another
   * test file sharing a PostgreSQL database finds nothing in it to change.
   */
  let stays = 0;
  const finishedStay = async () => {
    const n = stays++;
    const ahead = 200 + 5 * n;
    const offer = await call(
      'POST',
      '/api/bookings',
      owner.token,
      offerBody({ conversationId, guestId: guest.user.id, cottageId: ad.id, checkIn: inDays(ahead), checkOut: inDays(ahead + 3), expiry: inDays(ahead - 1) }),
    );
    const bookingId = offer.id as number;
    const paid = await pay(h, guest.token, bookingId);
    expect(paid.result?.json.transaction, JSON.stringify(paid.result?.json)).toBe('success');
    const checkIn = addDays(todayInStockholm(), -90 + 5 * n);
    const ended = new Date(Date.now() - 86_400_000);
    await h.db
      .update(h.schema.bookings)
      .set({ checkIn, checkOut: addDays(checkIn, 3), status: 'FINISHED', finishedAt: ended, paidOutAt: ended })
      .where(eq(h.schema.bookings.id, bookingId));
    return bookingId;
  };

  /** The guest reviews a finished stay; the administrator approves it unless told not to; the host replies if told to. */
  const reviewed = async (options: { approve?: boolean; reply?: 'approved' | 'waiting' } = {}) => {
    const bookingId = await finishedStay();
    const reviewId = (await call('POST', '/api/user/reviews', guest.token, { ...reviewContent(), cottage_id: ad.id, booking_id: bookingId })).id as number;
    if (options.approve !== false) await call('POST', `/api/admin/reviews/${reviewId}`, admin.token, { approve: true });
    if (!options.reply) return { reviewId, replyId: 0 };
    const replyId = (await call('POST', `/api/user/reviews/reply/${reviewId}`, owner.token, { body: 'Tack så mycket för besöket, välkomna åter!' })).id as number;
    if (options.reply === 'approved') await call('POST', `/api/admin/reviews/reply/${replyId}`, admin.token, { approve: true });
    return { reviewId, replyId };
  };

  // Approved, with an approved reply: read by its author and the host, public on the ad.
  const { reviewId: reviewToRead, replyId: replyToRead } = await reviewed({ reply: 'approved' });
  // Approved, each spent by one call: the guest edits one and deletes another, the host replies to a third.
  const { reviewId: reviewToEdit } = await reviewed();
  const { reviewId: reviewToDelete } = await reviewed();
  const { reviewId: reviewToReplyTo } = await reviewed();
  // Approved replies the host edits and deletes.
  const { replyId: replyToEdit } = await reviewed({ reply: 'approved' });
  const { replyId: replyToDelete } = await reviewed({ reply: 'approved' });
  // Waiting for the administrator: a review, and a reply to an approved review.
  const { reviewId: reviewToDecide } = await reviewed({ approve: false });
  const { replyId: replyToDecide } = await reviewed({ reply: 'waiting' });
  // Stays not yet reviewed: one the guest reviews, one the guest may still review (the latest).
  const stayToReview = await finishedStay();
  const stayOpen = await finishedStay();

  return {
    adId: ad.id,
    conversationId,
    reviewToRead,
    replyToRead,
    reviewToEdit,
    reviewToDelete,
    reviewToReplyTo,
    replyToEdit,
    replyToDelete,
    reviewToDecide,
    replyToDecide,
    stayToReview,
    stayOpen,
  };
}

export type ReviewWorld = Awaited<ReturnType<typeof createReviewWorld>>;

/** Every review and reply that concerns the world's people or the review world's ad, to show that a refused call changed nothing. */
export async function reviewSnapshot(h: Harness, w: World, r: ReviewWorld) {
  const s = h.schema;
  const people = [w.owner, w.guest, w.otherHost, w.admin].map((a) => a.user.id);
  const reviews = await h.db
    .select()
    .from(s.reviews)
    .where(or(eq(s.reviews.cottageId, r.adId), inArray(s.reviews.userId, people), inArray(s.reviews.reviewedUserId, people)))
    .orderBy(asc(s.reviews.id));
  const ids = reviews.map((x) => x.id);
  const replies = await h.db
    .select()
    .from(s.reviewReplies)
    .where(ids.length ? or(inArray(s.reviewReplies.reviewId, ids), inArray(s.reviewReplies.userId, people)) : inArray(s.reviewReplies.userId, people))
    .orderBy(asc(s.reviewReplies.id));
  return { reviews, replies };
}
