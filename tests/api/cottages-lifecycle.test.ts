// SPEC §4 "Ad lifecycle" over HTTP: completeness steps, send for review, admin approval, hide and
// activate, and which ads may be deleted (DELETE /api/cottages/:id).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness';
import { asCottage, createCottage, daysFromToday, deletedCottageId, fillAd, host, row, setCottage, snapshot, startCottageApi, TERMS_TICKED, update, verifyWithBankId } from './cottages-support';

let h: Harness;
let stop: () => Promise<void>;
let storage: typeof import('@/marketplace/providers/storage').storage;
beforeAll(async () => {
  ({ h, stop } = await startCottageApi());
  ({ storage } = await import('@/marketplace/providers/storage'));
});
afterAll(async () => stop?.());

async function admin() {
  const user = await h.createUser({ admin: true });
  const { token } = await h.login(user.username, user.password!);
  return { user, token: token! };
}

/** An ad with every required step done (verify through the database), commission as given. */
async function completeAd(token: string, commission: boolean | null, askedForReview = false) {
  const ad = await createCottage(h, token);
  await fillAd(h, token, ad.id);
  await h.db
    .update(h.schema.cottages)
    .set({ verifiedAt: new Date(), verifiedBy: 'BANKID', commission, askedForReviewAt: askedForReview ? new Date() : null })
    .where(eq(h.schema.cottages.id, ad.id));
  return ad.id;
}

describe('completeness and status', () => {
  it('walks an ad through every step over HTTP: incomplete → complete → sent for review → reviewed and active', async () => {
    const me = await host(h);
    const ad = await createCottage(h, me.token);
    expect(ad).toMatchObject({ complete: false, status: 'INCOMPLETE' });

    const filled = await fillAd(h, me.token, ad.id);
    expect(filled.steps).toEqual({ base: true, text: true, position: true, location: true, amenities: true, pricing: true, calendar: true, images: true, payment: false, verify: false });
    expect(filled.complete).toBe(false);

    const refused = await h.call('POST', `/api/cottages/${ad.id}/send-for-review`, { token: me.token, body: TERMS_TICKED });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe('Complete every step of the ad first');

    const verified = await verifyWithBankId(h, me.token, ad.id);
    expect(verified).toMatchObject({ verified_by: 'BANKID', complete: true, status: 'INCOMPLETE' });
    expect(verified.steps.verify).toBe(true);
    expect(verified.verified_at).not.toBeNull();

    // Choosing commission on a complete ad sends it for review (SPEC §4).
    const chosen = await update(h, me.token, ad.id, { commission: true });
    expect(chosen).toMatchObject({ commission: true, complete: true, status: 'SENT_FOR_REVIEW' });
    expect(Object.values(chosen.steps).every(Boolean)).toBe(true);
    const asked = chosen.asked_for_review_at;
    expect(asked).not.toBeNull();

    const sent = await h.call('POST', `/api/cottages/${ad.id}/send-for-review`, { token: me.token, body: TERMS_TICKED });
    expect(sent.status).toBe(200);
    expect(asCottage(sent.json).asked_for_review_at).toBe(asked);

    const boss = await admin();
    const approved = await h.call('POST', `/api/cottages/${ad.id}/approve`, { token: boss.token });
    expect(approved.status).toBe(200);
    expect(approved.json).toEqual({ message: 'success' });
    // The host can take bookings from now on: the payout tab opens.
    expect((await h.call('GET', '/api/user', { token: me.token })).json.booking_active).toBe(true);
    const reviewed = asCottage((await h.call('GET', `/api/cottages/${ad.id}`, { token: me.token })).json);
    expect(reviewed).toMatchObject({ status: 'ACTIVE', can_delete: false });
    expect(reviewed.reviewed_at).not.toBeNull();
    expect((await h.call('GET', '/api/cottages/rentable', { token: me.token })).json).toEqual([expect.objectContaining({ id: ad.id, status: 'ACTIVE' })]);
    expect((await h.call('GET', `/api/public/cottages/${ad.id}`)).status).toBe(200);
  });

  it('a fixed-price ad needs no property/rent-out type nor address, and a reviewed one is UNPAID until paid', async () => {
    const me = await host(h);
    const ad = await createCottage(h, me.token, { commission: false });
    const base = await update(h, me.token, ad.id, { area: 30, beds: 2, title_sv: 'Liten stuga', description_sv: 'Enkel', lat: 63.4, lng: 13.1, region_id: 19, cities: [1902] });
    expect(base.steps).toMatchObject({ base: true, text: true, position: true, location: true, payment: true, calendar: false, images: false, verify: false });
    await h.db.update(h.schema.cottages).set({ reviewedAt: new Date() }).where(eq(h.schema.cottages.id, ad.id));
    const reviewed = asCottage((await h.call('GET', `/api/cottages/${ad.id}`, { token: me.token })).json);
    expect(reviewed.steps.verify).toBe(true);
    expect(reviewed.status).toBe('UNPAID');
    await h.db
      .update(h.schema.cottages)
      .set({ paidUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(h.schema.cottages.id, ad.id));
    expect(asCottage((await h.call('GET', `/api/cottages/${ad.id}`, { token: me.token })).json).status).toBe('ACTIVE');
  });

  it('a commission ad needs a state-5 period for the calendar step', async () => {
    const me = await host(h);
    const ad = await createCottage(h, me.token);
    await setCottage(h, ad.id, { commission: true });
    await h.db.insert(h.schema.cottageCalendar).values({ cottageId: ad.id, fromDate: '2099-01-01', toDate: '2099-01-10', state: 1 });
    expect(asCottage((await h.call('GET', `/api/cottages/${ad.id}`, { token: me.token })).json).steps.calendar).toBe(false);
    await h.db.insert(h.schema.cottageCalendar).values({ cottageId: ad.id, fromDate: '2099-02-01', toDate: '2099-02-10', state: 5 });
    expect(asCottage((await h.call('GET', `/api/cottages/${ad.id}`, { token: me.token })).json).steps.calendar).toBe(true);
  });
});

describe('POST /api/cottages/:id/send-for-review', () => {
  it('sets asked_for_review_at on a complete, verified commission ad', async () => {
    const me = await host(h);
    const id = await completeAd(me.token, true);
    const before = Date.now();
    const result = await h.call('POST', `/api/cottages/${id}/send-for-review`, { token: me.token, body: TERMS_TICKED });
    expect(result.status).toBe(200);
    expect(asCottage(result.json).status).toBe('SENT_FOR_REVIEW');
    const stored = await row(h, id);
    expect(stored?.askedForReviewAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(asCottage(result.json).asked_for_review_at).toBe(stored?.askedForReviewAt?.toISOString());
  });

  it('refuses a send without all three terms ticked (SPEC §5 "Terms dialog"), naming the box and changing nothing; stores when they were accepted', async () => {
    const me = await host(h);
    const id = await completeAd(me.token, true);
    const before = await snapshot(h, id);
    for (const missing of ['general_conditions', 'booking_terms', 'no_contact_outside'] as const) {
      for (const value of [undefined, false, 'true', 1]) {
        const body: Record<string, unknown> = { ...TERMS_TICKED, [missing]: value };
        if (value === undefined) delete body[missing];
        const result = await h.call('POST', `/api/cottages/${id}/send-for-review`, { token: me.token, body });
        expect(result.status).toBe(400);
        expect(result.json.errors).toContainEqual({ field: missing, message: 'Tick the box to continue' });
      }
    }
    expect((await h.call('POST', `/api/cottages/${id}/send-for-review`, { token: me.token })).status).toBe(400);
    expect(await snapshot(h, id)).toEqual(before);
    const start = Date.now();
    expect((await h.call('POST', `/api/cottages/${id}/send-for-review`, { token: me.token, body: TERMS_TICKED })).status).toBe(200);
    expect((await row(h, id))?.termsAcceptedAt?.getTime()).toBeGreaterThanOrEqual(start - 1000);
  });

  it('refuses an incomplete ad, and a complete one without commission, changing nothing', async () => {
    const me = await host(h);
    const incomplete = await createCottage(h, me.token);
    await update(h, me.token, incomplete.id, { area: 20, beds: 1 });
    await h.db.update(h.schema.cottages).set({ commission: true }).where(eq(h.schema.cottages.id, incomplete.id));
    const fixed = await completeAd(me.token, false);
    const undecided = await completeAd(me.token, null);
    for (const id of [incomplete.id, fixed, undecided]) {
      const before = await snapshot(h, id);
      const result = await h.call('POST', `/api/cottages/${id}/send-for-review`, { token: me.token, body: TERMS_TICKED });
      expect(result.status).toBe(400);
      expect(result.json.message).toBe('Complete every step of the ad first');
      expect(result.json.code).toBe('cottage.notComplete');
      expect(await snapshot(h, id)).toEqual(before);
    }
  });
});

describe('POST /api/cottages/:id/approve', () => {
  it('is for administrators only (403), and answers 404 for an unknown or malformed id and 401 without session', async () => {
    const me = await host(h);
    const id = await completeAd(me.token, true, true);
    const before = await snapshot(h, id);
    for (const token of [me.token, (await host(h)).token]) {
      const result = await h.call('POST', `/api/cottages/${id}/approve`, { token });
      expect(result.status).toBe(403);
      expect(result.json.message).toBe('You are not allowed to do this');
    }
    expect((await h.call('POST', `/api/cottages/${id}/approve`)).status).toBe(401);
    expect(await snapshot(h, id)).toEqual(before);
    const boss = await admin();
    expect((await h.call('POST', `/api/cottages/${await deletedCottageId(h, me.user.id)}/approve`, { token: boss.token })).status).toBe(404);
    expect((await h.call('POST', '/api/cottages/abc/approve', { token: boss.token })).status).toBe(404);
  });

  it("refuses an ad not sent for review ('The ad has not been sent for review')", async () => {
    const me = await host(h);
    const id = await completeAd(me.token, true, false);
    const boss = await admin();
    const before = await snapshot(h, id);
    const result = await h.call('POST', `/api/cottages/${id}/approve`, { token: boss.token });
    expect(result.status).toBe(400);
    expect(result.json.message).toBe('The ad has not been sent for review');
    expect(await snapshot(h, id)).toEqual(before);
  });

  it('sets reviewed_at once: approving again keeps the first date', async () => {
    const me = await host(h);
    const id = await completeAd(me.token, true, true);
    const boss = await admin();
    const before = Date.now();
    expect((await h.call('POST', `/api/cottages/${id}/approve`, { token: boss.token })).status).toBe(200);
    const first = (await row(h, id))?.reviewedAt;
    expect(first?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await h.call('POST', `/api/cottages/${id}/approve`, { token: boss.token })).status).toBe(200);
    expect((await row(h, id))?.reviewedAt).toEqual(first);
  });
});

describe('GET /api/admin/cottages/:id', () => {
  it("answers any host's ad to an administrator, 403 to others", async () => {
    const me = await host(h);
    const id = await completeAd(me.token, true, true);
    const boss = await admin();
    const result = await h.call('GET', `/api/admin/cottages/${id}`, { token: boss.token });
    expect(result.status).toBe(200);
    expect(asCottage(result.json)).toMatchObject({ id, user_id: me.user.id, status: 'SENT_FOR_REVIEW', complete: true });
    expect((await h.call('GET', `/api/admin/cottages/${id}`, { token: me.token })).status).toBe(403);
    expect((await h.call('GET', `/api/admin/cottages/${id}`)).status).toBe(401);
    expect((await h.call('GET', `/api/admin/cottages/${await deletedCottageId(h, me.user.id)}`, { token: boss.token })).status).toBe(404);
    expect((await h.call('GET', '/api/admin/cottages/x1', { token: boss.token })).status).toBe(404);
  });
});

describe('POST /api/cottages/:id/hide and /activate', () => {
  it("refuse an ad that is not reviewed ('Not reviewed')", async () => {
    const me = await host(h);
    const id = await completeAd(me.token, true, true);
    for (const action of ['hide', 'activate']) {
      const before = await snapshot(h, id);
      const result = await h.call('POST', `/api/cottages/${id}/${action}`, { token: me.token });
      expect(result.status).toBe(400);
      expect(result.json.message).toBe('Not reviewed');
      expect(await snapshot(h, id)).toEqual(before);
    }
  });

  it('hide sets hidden_at (the ad leaves the site), activate clears it', async () => {
    const me = await host(h);
    const id = await completeAd(me.token, true, true);
    const boss = await admin();
    await h.call('POST', `/api/cottages/${id}/approve`, { token: boss.token });

    const hidden = await h.call('POST', `/api/cottages/${id}/hide`, { token: me.token });
    expect(hidden.status).toBe(200);
    expect(asCottage(hidden.json)).toMatchObject({ status: 'HIDDEN', can_delete: true });
    expect((await row(h, id))?.hiddenAt).toBeInstanceOf(Date);
    expect((await h.call('GET', `/api/public/cottages/${id}`)).status).toBe(404);
    expect((await h.call('GET', '/api/cottages/rentable', { token: me.token })).json).toEqual([]);

    const shown = await h.call('POST', `/api/cottages/${id}/activate`, { token: me.token });
    expect(shown.status).toBe(200);
    expect(asCottage(shown.json)).toMatchObject({ status: 'ACTIVE', hidden_at: null, can_delete: false });
    expect((await row(h, id))?.hiddenAt).toBeNull();
    expect((await h.call('GET', `/api/public/cottages/${id}`)).status).toBe(200);
  });
});

describe('DELETE /api/cottages/:id', () => {
  it('deletes an unreviewed ad with its related rows and image files', async () => {
    const me = await host(h);
    const id = await completeAd(me.token, true, true);
    const { images } = await snapshot(h, id);
    expect(images).toHaveLength(1);
    expect(await storage.get(`images/${images[0]!.filename}`)).not.toBeNull();
    const deal = await h.call('POST', `/api/cottages/${id}/lastminutes`, { token: me.token, body: { from_date: await daysFromToday(3), to_date: await daysFromToday(6), price: 250_000 } });
    expect(deal.status).toBe(200);
    expect((await snapshot(h, id)).lastMinutes).toHaveLength(1);

    const result = await h.call('DELETE', `/api/cottages/${id}`, { token: me.token });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ message: 'success' });
    const after = await snapshot(h, id);
    expect(after).toMatchObject({ cottage: null, amenities: [], cities: [], tags: [], calendar: [], images: [], lastMinutes: [], visits: [], bankid: [] });
    expect(await storage.get(`images/${images[0]!.filename}`)).toBeNull();
    expect((await h.call('GET', `/api/cottages/${id}`, { token: me.token })).status).toBe(404);
  });

  it("refuses a reviewed, visible ad ('Only ads that are not reviewed yet, or are hidden, can be deleted'), and deletes it once hidden", async () => {
    const me = await host(h);
    const id = await completeAd(me.token, true, true);
    const boss = await admin();
    await h.call('POST', `/api/cottages/${id}/approve`, { token: boss.token });
    const before = await snapshot(h, id);
    const refused = await h.call('DELETE', `/api/cottages/${id}`, { token: me.token });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe('Only ads that are not reviewed yet, or are hidden, can be deleted');
    expect(refused.json.code).toBe('cottage.cannotDelete');
    expect(await snapshot(h, id)).toEqual(before);

    await h.call('POST', `/api/cottages/${id}/hide`, { token: me.token });
    expect((await h.call('DELETE', `/api/cottages/${id}`, { token: me.token })).status).toBe(200);
    expect(await row(h, id)).toBeNull();
  });
});
