// Every endpoint of marketplace/routes/cottages.ts that takes a cottage id: another user's ad answers
// 400 'User does not own room' (errors.notOwner) and changes nothing; an unknown or non-numeric id
// answers 404; no session answers 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness';
import { addImage, createCottage, daysFromToday, deletedCottageId, fillAd, host, NOT_OWNER, setCottage, snapshot, startCottageApi, TERMS_TICKED, uploadFile } from './cottages-support';

let h: Harness;
let stop: () => Promise<void>;
let storage: typeof import('@/marketplace/providers/storage').storage;

/** The victim's ad, reviewed and hidden, so that every action would be allowed to its owner. */
let victim: { token: string; userId: number; id: number; imageIds: number[]; filenames: string[]; unregistered: string; lastMinuteId: number };
let stranger: { token: string; userId: number; id: number };

type Endpoint = { method: string; path: (id: number | string) => string; body?: () => unknown };

let endpoints: Endpoint[];

beforeAll(async () => {
  ({ h, stop } = await startCottageApi());
  ({ storage } = await import('@/marketplace/providers/storage'));
  const owner = await host(h);
  const ad = await createCottage(h, owner.token);
  await fillAd(h, owner.token, ad.id);
  await setCottage(h, ad.id, { commission: true });
  const second = await addImage(h, owner.token, ad.id);
  const unregistered = await uploadFile(h, owner.token, ad.id);
  const deal = await h.call('POST', `/api/cottages/${ad.id}/lastminutes`, { token: owner.token, body: { from_date: await daysFromToday(2), to_date: await daysFromToday(5), price: 150_000 } });
  await setCottage(h, ad.id, { reviewedAt: new Date(), hiddenAt: new Date() });
  await h.db.insert(h.schema.cottageVisits).values({ cottageId: ad.id, day: await daysFromToday(-1), visits: 3 });
  const snap = await snapshot(h, ad.id);
  victim = {
    token: owner.token,
    userId: owner.user.id,
    id: ad.id,
    imageIds: snap.images.map((i) => i.id),
    filenames: snap.images.map((i) => i.filename),
    unregistered,
    lastMinuteId: (deal.json as unknown as { id: number }[])[0]!.id,
  };
  expect(victim.imageIds).toContain(second.id);
  const other = await host(h);
  stranger = { token: other.token, userId: other.user.id, id: (await createCottage(h, other.token)).id };

  const newDeal = { from_date: await daysFromToday(3), to_date: await daysFromToday(4), price: 100_000 };
  endpoints = [
    { method: 'GET', path: (id) => `/api/cottages/${id}` },
    { method: 'PUT', path: (id) => `/api/cottages/${id}`, body: () => ({ title_sv: 'Kapad', description_sv: 'Kapad annons' }) },
    { method: 'DELETE', path: (id) => `/api/cottages/${id}` },
    { method: 'POST', path: (id) => `/api/cottages/${id}/commission`, body: () => ({ commission: true, ...TERMS_TICKED }) },
    { method: 'POST', path: (id) => `/api/cottages/${id}/send-for-review`, body: () => TERMS_TICKED },
    { method: 'POST', path: (id) => `/api/cottages/${id}/hide` },
    { method: 'POST', path: (id) => `/api/cottages/${id}/activate` },
    { method: 'POST', path: (id) => `/api/cottages/${id}/verify`, body: () => ({}) },
    { method: 'GET', path: (id) => `/api/cottages/${id}/stats` },
    { method: 'GET', path: (id) => `/api/cottages/${id}/calendar` },
    { method: 'PUT', path: (id) => `/api/cottages/${id}/calendar`, body: () => ({ ranges: [] }) },
    { method: 'GET', path: (id) => `/api/cottages/${id}/lastminutes` },
    { method: 'POST', path: (id) => `/api/cottages/${id}/lastminutes`, body: () => newDeal },
    { method: 'DELETE', path: (id) => `/api/cottages/${id}/lastminutes/${victim.lastMinuteId}` },
    { method: 'POST', path: (id) => `/api/cottages/${id}/images/upload`, body: () => ({ fileName: 'kapad.jpg' }) },
    { method: 'POST', path: (id) => `/api/cottages/${id}/images`, body: () => ({ filename: victim.unregistered }) },
    { method: 'GET', path: (id) => `/api/cottages/${id}/images` },
    { method: 'GET', path: (id) => `/api/cottages/${id}/images/` },
    { method: 'GET', path: (id) => `/api/cottages/${id}/images/${victim.imageIds[0]}` },
    { method: 'PUT', path: (id) => `/api/cottages/${id}/images/${victim.imageIds[0]}`, body: () => ({ comment_sv: 'Kapad' }) },
    { method: 'DELETE', path: (id) => `/api/cottages/${id}/images/${victim.imageIds[0]}` },
    { method: 'PUT', path: (id) => `/api/cottages/${id}/images_reorder`, body: () => ({ ids: [...victim.imageIds].reverse() }) },
  ];
});
afterAll(async () => stop?.());

const label = (e: Endpoint) => `${e.method} ${e.path(':id')}`;

describe("another user's ad", () => {
  it("answers 400 'User does not own room' (errors.notOwner) on every endpoint and changes nothing", async () => {
    for (const endpoint of endpoints) {
      const before = await snapshot(h, victim.id);
      const strangerBefore = await snapshot(h, stranger.id);
      const result = await h.call(endpoint.method, endpoint.path(victim.id), { token: stranger.token, body: endpoint.body?.() });
      expect(result.status, label(endpoint)).toBe(400);
      expect(result.json, label(endpoint)).toEqual({ message: NOT_OWNER, code: 'errors.notOwner', errors: [] });
      expect(await snapshot(h, victim.id), label(endpoint)).toEqual(before);
      expect(await snapshot(h, stranger.id), label(endpoint)).toEqual(strangerBefore);
    }
    for (const filename of [...victim.filenames, victim.unregistered]) expect(await storage.get(`images/${filename}`), filename).not.toBeNull();
  });

  it('answers the refusal in Swedish to a Swedish caller', async () => {
    const result = await h.call('GET', `/api/cottages/${victim.id}`, { token: stranger.token, lang: 'sv' });
    expect(result.status).toBe(400);
    expect(result.json).toEqual({ message: 'Användaren äger inte annonsen', code: 'errors.notOwner', errors: [] });
  });

  it("is not listed in the caller's GET /api/cottages or /rentable", async () => {
    for (const path of ['/api/cottages', '/api/cottages/rentable']) {
      const list = (await h.call('GET', path, { token: stranger.token })).json as unknown as { id: number }[];
      expect(
        list.map((c) => c.id),
        path,
      ).not.toContain(victim.id);
    }
  });

  it('the reading endpoints answer the owner (the refusals above are about ownership only)', async () => {
    for (const endpoint of endpoints.filter((e) => e.method === 'GET')) {
      const result = await h.call(endpoint.method, endpoint.path(victim.id), { token: victim.token });
      expect(result.status, label(endpoint)).toBe(200);
    }
  });
});

describe('unknown and malformed ids, and no session', () => {
  it('answers 404 for an id that does not exist', async () => {
    const unknown = await deletedCottageId(h, stranger.userId);
    for (const endpoint of endpoints) {
      const result = await h.call(endpoint.method, endpoint.path(unknown), { token: stranger.token, body: endpoint.body?.() });
      expect(result.status, label(endpoint)).toBe(404);
      expect(result.json.message, label(endpoint)).toBe('Not found');
    }
  });

  it('answers 404 for an id that is not a positive integer', async () => {
    for (const bad of ['abc', '0', '-1', '1.5', '1e3', '0x1F', '99999999999']) {
      for (const endpoint of endpoints) {
        const result = await h.call(endpoint.method, endpoint.path(bad), { token: stranger.token, body: endpoint.body?.() });
        expect(result.status, `${label(endpoint)} with ${bad}`).toBe(404);
      }
    }
  });

  it('answers 401 without a session, and changes nothing', async () => {
    const before = await snapshot(h, victim.id);
    for (const endpoint of endpoints) {
      const result = await h.call(endpoint.method, endpoint.path(victim.id), { body: endpoint.body?.() });
      expect(result.status, label(endpoint)).toBe(401);
    }
    expect(await snapshot(h, victim.id)).toEqual(before);
  });
});
