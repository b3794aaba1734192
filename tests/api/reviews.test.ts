// Issue 17: guests review their finished stays (once per booking), hosts reply once, administrators
// approve; only approved reviews and replies are public. Over HTTP against the real database.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInStockholm } from '@/lib/rules/dates';
import { offered, pay } from './bookings-support';
import { host, startCottageApi } from './cottages-support';
import type { Harness } from './harness';

let h: Harness;
let stop: () => Promise<void>;
let admin: { token: string };
beforeAll(async () => {
  ({ h, stop } = await startCottageApi());
  admin = await host(h, { admin: true });
});
afterAll(async () => stop?.());

const year = Number(todayInStockholm().slice(0, 4));
const content = { body: 'En underbar vecka vid sjön, allt var som utlovat.', score: 5, accuracy: 4, cleanliness: 5, location: 3, year };

/** A paid stay moved into the past: finished, reviewable. */
async function finishedStay() {
  const setup = await offered(h);
  const paid = await pay(h, setup.guest.token, setup.booking.id);
  expect(paid.result?.json.transaction).toBe('success');
  await h.db
    .update(h.schema.bookings)
    .set({ checkIn: addDays(todayInStockholm(), -10), checkOut: addDays(todayInStockholm(), -3) })
    .where(eq(h.schema.bookings.id, setup.booking.id));
  return setup;
}

const post = (token: string, body: Record<string, unknown>) => h.call('POST', '/api/user/reviews', { token, body });

describe('reviews', () => {
  it('a guest reviews a finished stay once; it waits for approval, then is public with the averages; the host replies once', async () => {
    const { owner, ad, guest, booking } = await finishedStay();
    expect((await h.call('GET', `/api/user/reviews/is-allowed/${ad.id}/${booking.id}`, { token: guest.token })).json).toMatchObject({ allowed: true, reviewed: false, booking_id: booking.id });
    const listed = await h.call('GET', '/api/user/bookings?checkInFrom=2000-01-01', { token: guest.token });
    expect((listed.json.results as { id: number; can_leave_review: boolean }[]).find((b) => b.id === booking.id)?.can_leave_review).toBe(true);

    const made = await post(guest.token, { ...content, cottage_id: ad.id, booking_id: booking.id });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    expect(made.json).toMatchObject({ state: 'WAITING', reviewed_at: null, score: 5, mine: true, booking_id: booking.id });
    const id = made.json.id as number;
    // A second one is refused; the booking no longer offers 'Add review'.
    const again = await post(guest.token, { ...content, cottage_id: ad.id, booking_id: booking.id });
    expect([again.status, again.json.message]).toEqual([400, 'You have already left a review for this booking']);
    expect((await h.call('GET', `/api/user/reviews/is-allowed/${ad.id}/${booking.id}`, { token: guest.token })).json).toMatchObject({ allowed: false, reviewed: true });
    expect((await h.call('GET', `/api/bookings/${booking.id}`, { token: guest.token })).json.can_leave_review).toBe(false);

    // Waiting: not public, not the host's to see or answer.
    expect((await h.call('GET', `/api/public/cottages/${ad.id}/reviews`)).json).toMatchObject({ count: 0, results: [] });
    expect((await h.call('GET', `/api/user/reviews/${id}`, { token: owner.token })).status).toBe(404);
    expect((await h.call('POST', `/api/user/reviews/reply/${id}`, { token: owner.token, body: { body: 'Tack så mycket för besöket!' } })).status).toBe(404);

    // The administrator approves: public, with averages; the host replies once.
    const waiting = await h.call('GET', '/api/admin/reviews', { token: admin.token });
    expect((waiting.json.reviews as { id: number }[]).map((r) => r.id)).toContain(id);
    expect((await h.call('GET', '/api/admin/reviews', { token: guest.token })).status).toBe(403);
    expect((await h.call('POST', `/api/admin/reviews/${id}`, { token: admin.token, body: { approve: true } })).status).toBe(200);
    const pub = await h.call('GET', `/api/public/cottages/${ad.id}/reviews`);
    expect(pub.json).toMatchObject({ count: 1, score: 5, accuracy: 4, cleanliness: 5, location: 3 });
    const reply = await h.call('POST', `/api/user/reviews/reply/${id}`, { token: owner.token, body: { body: 'Tack så mycket för besöket!' } });
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    const second = await h.call('POST', `/api/user/reviews/reply/${id}`, { token: owner.token, body: { body: 'Ett svar till, tack!' } });
    expect([second.status, second.json.message]).toEqual([400, 'This review already has a reply.']);
    expect((await h.call('POST', `/api/user/reviews/reply/${id}`, { token: guest.token, body: { body: 'Jag svarar mig själv.' } })).status).toBe(403);
    // The reply waits too; approved, it shows on the public ad.
    expect(((await h.call('GET', `/api/public/cottages/${ad.id}/reviews`)).json.results as { reply: unknown }[])[0]!.reply).toBeNull();
    await h.call('POST', `/api/admin/reviews/reply/${reply.json.id as number}`, { token: admin.token, body: { approve: true } });
    expect(((await h.call('GET', `/api/public/cottages/${ad.id}/reviews`)).json.results as { reply: unknown }[])[0]!.reply).toMatchObject({ body: 'Tack så mycket för besöket!' });

    // The guest edits: waiting again, off the public ad; then deletes it (and its reply).
    const edited = await h.call('PUT', `/api/user/reviews/${id}`, { token: guest.token, body: { ...content, body: 'Ändrad text om vår vecka.', score: 4 } });
    expect(edited.json).toMatchObject({ state: 'WAITING', score: 4 });
    expect((await h.call('GET', `/api/public/cottages/${ad.id}/reviews`)).json.count).toBe(0);
    expect((await h.call('PUT', `/api/user/reviews/${id}`, { token: owner.token, body: content })).status).toBe(404);
    expect((await h.call('DELETE', `/api/user/reviews/${id}`, { token: guest.token })).status).toBe(200);
    expect((await h.call('GET', `/api/user/reviews/${id}`, { token: guest.token })).status).toBe(404);
    expect(await h.db.select().from(h.schema.reviewReplies).where(eq(h.schema.reviewReplies.reviewId, id))).toEqual([]);
  });

  it('refuses bad scores, years and texts, and anyone without a finished stay', async () => {
    const { ad, guest, booking } = await finishedStay();
    const base = { ...content, cottage_id: ad.id, booking_id: booking.id };
    for (const bad of [{ score: 0 }, { accuracy: 6 }, { cleanliness: 2.5 }, { location: null }, { year: year - 5 }, { year: year + 1 }, { body: 'För kort' }, { body: 'x'.repeat(1001) }]) {
      const r = await post(guest.token, { ...base, ...bad });
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await post(guest.token, { ...base, body: 'För kort' })).json.message).toBe('Text length must be at least 10 characters long');
    expect((await post(guest.token, { ...base, body: 'x'.repeat(1001) })).json.message).toBe('Text length must be less than 1000 characters long');
    // An empty text is allowed (the minimum applies only to a text), ten characters are enough.
    expect((await post(guest.token, { ...base, body: '' })).status).toBe(200);
    const stranger = await host(h);
    const refused = await post(stranger.token, { ...content, cottage_id: ad.id, booking_id: null });
    expect([refused.status, refused.json.message]).toEqual([400, 'You are not allowed to leave a review for this ad']);
    // A stay not yet over cannot be reviewed.
    const future = await offered(h);
    await pay(h, future.guest.token, future.booking.id);
    expect((await post(future.guest.token, { ...content, cottage_id: future.ad.id, booking_id: future.booking.id })).status).toBe(400);
    expect((await h.call('GET', '/api/user/reviews')).status).toBe(401);
  });

  it('one review per booking under 10 concurrent posts', async () => {
    const { ad, guest, booking } = await finishedStay();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(guest.token, { ...content, cottage_id: ad.id, booking_id: booking.id })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(9);
    expect(await h.db.select().from(h.schema.reviews).where(eq(h.schema.reviews.bookingId, booking.id))).toHaveLength(1);
  });

  it('texts that look like contact outside the platform are flagged for the moderator', async () => {
    const { ad, guest, booking } = await finishedStay();
    const made = await post(guest.token, { ...content, body: 'Ring mig på 070-123 45 67 nästa gång', cottage_id: ad.id, booking_id: booking.id });
    const waiting = await h.call('GET', '/api/admin/reviews', { token: admin.token });
    expect((waiting.json.reviews as { id: number; flagged: boolean }[]).find((r) => r.id === made.json.id)?.flagged).toBe(true);
  });

  it('lists my reviews and the approved reviews of my ads, 10 a page', async () => {
    const { owner, ad, guest, booking } = await finishedStay();
    const made = await post(guest.token, { ...content, cottage_id: ad.id, booking_id: booking.id });
    const mine = await h.call('GET', '/api/user/reviews', { token: guest.token });
    expect((mine.json.results as { id: number }[]).map((r) => r.id)).toEqual([made.json.id]);
    expect((await h.call('GET', '/api/user/reviews', { token: owner.token })).json.results).toEqual([]);
    await h.call('POST', `/api/admin/reviews/${made.json.id as number}`, { token: admin.token, body: { approve: true } });
    const theirs = await h.call('GET', '/api/user/reviews', { token: owner.token });
    expect(theirs.json.results).toEqual([expect.objectContaining({ id: made.json.id, mine: false, can_reply: true })]);
    expect((await h.call('GET', '/api/user/reviews?limit=abc', { token: owner.token })).status).toBe(400);
  });
});
