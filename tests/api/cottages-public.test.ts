// The public ad page (GET /api/public/cottages/:id), tags, counties and places, and BankID
// verification of an ad with the sandbox provider (POST /:id/verify, /api/sandbox/bankid/:token).
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness';
import {
  asCottage,
  BASE,
  COMPLETE_PROFILE,
  createCottage,
  deletedCottageId,
  host,
  LOCATION,
  POSITION,
  PRICING,
  row,
  startBankId,
  startCottageApi,
  TEXT,
  update,
  verifyWithBankId,
} from './cottages-support';
import type { SandboxBankIdSession } from '@/lib/schemas/cottage-dto';

let h: Harness;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ h, stop } = await startCottageApi());
});
afterAll(async () => stop?.());

async function admin() {
  const user = await h.createUser({ admin: true });
  const { token } = await h.login(user.username, user.password!);
  return token!;
}

const review = (id: number, values: Partial<{ reviewedAt: Date | null; hiddenAt: Date | null; askedForReviewAt: Date | null }> = { reviewedAt: new Date() }) =>
  h.db.update(h.schema.cottages).set(values).where(eq(h.schema.cottages.id, id));

/** A filled ad of a new host: base, text, position, location, pricing. */
async function filledAd(extra: Record<string, unknown> = {}) {
  const owner = await host(h);
  const ad = await createCottage(h, owner.token);
  await update(h, owner.token, ad.id, { ...BASE, ...TEXT, ...POSITION, ...LOCATION, ...PRICING, ...extra });
  return { owner, id: ad.id };
}

describe('GET /api/public/cottages/:id', () => {
  it('answers 404 to strangers for an unreviewed ad, and a preview to its owner and to an administrator', async () => {
    const { owner, id } = await filledAd();
    await review(id, { askedForReviewAt: new Date() });
    const stranger = await host(h);
    expect((await h.call('GET', `/api/public/cottages/${id}`)).status).toBe(404);
    const refused = await h.call('GET', `/api/public/cottages/${id}`, { token: stranger.token });
    expect(refused.status).toBe(404);
    expect(refused.json.message).toBe('Not found');

    const preview = await h.call('GET', `/api/public/cottages/${id}`, { token: owner.token });
    expect(preview.status).toBe(200);
    expect(preview.json).toMatchObject({ id, preview: true, public: false, title_sv: TEXT.title_sv, review: { reviewed_at: null, asked_for_review_at: expect.any(String) } });

    const adminView = await h.call('GET', `/api/public/cottages/${id}`, { token: await admin() });
    expect(adminView.status).toBe(200);
    expect(adminView.json).toMatchObject({ id, preview: false, public: false, review: { reviewed_at: null } });
  });

  it('shows a reviewed ad to anybody, without owner-only data', async () => {
    const { owner, id } = await filledAd({ amenities: [{ key: 'sauna' }] });
    await review(id);
    const result = await h.call('GET', `/api/public/cottages/${id}`);
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({
      id,
      preview: false,
      public: true,
      title_sv: TEXT.title_sv,
      description_sv: TEXT.description_sv,
      area: BASE.area,
      beds: BASE.beds,
      region_id: 1,
      lat: POSITION.lat,
      lng: POSITION.lng,
      cities: [
        { id: 101, name: 'Stockholm' },
        { id: 107, name: 'Rimbo' },
      ],
      amenities: [{ key: 'sauna', comment_sv: null, comment_en: null, comment_de: null }],
      price_low_day: PRICING.price_low_day,
      host_first_name: COMPLETE_PROFILE.firstName,
    });
    for (const key of ['address_street', 'address_postal_code', 'address_city', 'property_designation', 'user_id', 'review', 'verified_at', 'paid_until', 'commission']) {
      expect(result.json, key).not.toHaveProperty(key);
    }
    expect(JSON.stringify(result.json)).not.toContain(POSITION.property_designation);
    expect(JSON.stringify(result.json)).not.toContain(POSITION.address_street);
    // The owner's preview of the same ad leaves them out too.
    const own = await h.call('GET', `/api/public/cottages/${id}`, { token: owner.token });
    expect(own.json).toMatchObject({ preview: true, public: true });
    expect(own.json).not.toHaveProperty('address_street');
    expect(own.json).not.toHaveProperty('property_designation');
  });

  it('hides lat and lng when hide_location is set', async () => {
    const { id } = await filledAd({ hide_location: true });
    await review(id);
    const result = await h.call('GET', `/api/public/cottages/${id}`);
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({ lat: null, lng: null, region_id: 1 });
    expect(JSON.stringify(result.json)).not.toContain(String(POSITION.lat));
  });

  it('answers 404 to strangers for a hidden ad, and for unknown or malformed ids', async () => {
    const { owner, id } = await filledAd();
    await review(id, { reviewedAt: new Date(), hiddenAt: new Date() });
    expect((await h.call('GET', `/api/public/cottages/${id}`)).status).toBe(404);
    expect((await h.call('GET', `/api/public/cottages/${id}`, { token: owner.token })).status).toBe(200);
    for (const bad of [String(await deletedCottageId(h, owner.user.id)), 'abc', '0', '-3', '1.5', '99999999999']) {
      expect((await h.call('GET', `/api/public/cottages/${bad}`)).status, bad).toBe(404);
    }
  });
});

describe('tags', () => {
  const unique = () => `0t-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;

  it('POST /api/cottages/tags creates a lower-cased, trimmed tag once; GET /api/cottages/tags lists it', async () => {
    const { token, user } = await host(h);
    const name = unique();
    const created = await h.call('POST', '/api/cottages/tags', { token, body: { tag: `  ${name.toUpperCase()}  ` } });
    expect(created.status).toBe(200);
    expect(created.json).toEqual({ id: expect.any(Number), tag: name });
    const again = await h.call('POST', '/api/cottages/tags', { token, body: { tag: name } });
    expect(again.json).toEqual(created.json);
    const rows = await h.db.select().from(h.schema.tags).where(eq(h.schema.tags.tag, name));
    expect(rows).toEqual([{ id: created.json.id, tag: name, createdBy: user.id }]);
    const list = await h.call('GET', '/api/cottages/tags', { token });
    expect(list.status).toBe(200);
    expect(list.json).toEqual(expect.arrayContaining([{ id: created.json.id, tag: name }]));
    expect((await h.call('GET', '/api/cottages/tags')).status).toBe(401);
    expect((await h.call('POST', '/api/cottages/tags', { body: { tag: unique() } })).status).toBe(401);
  });

  it('POST /api/cottages/tags validates the tag: 2 to 40 characters', async () => {
    const { token } = await host(h);
    const cases: [unknown, string][] = [
      [{ tag: 'a' }, 'Required'],
      [{ tag: '   ' }, 'Required'],
      [{ tag: 't'.repeat(41) }, 'Max number of chars: 40'],
    ];
    for (const [body, message] of cases) {
      const result = await h.call('POST', '/api/cottages/tags', { token, body });
      expect(result.status).toBe(400);
      expect(result.json.errors).toEqual([{ field: 'tag', message }]);
    }
    expect((await h.call('POST', '/api/cottages/tags', { token, body: {} })).json.errors?.[0]?.field).toBe('tag');
  });

  it('GET /api/public/cottages/tags lists the tags of public ads only', async () => {
    const { token } = await host(h);
    const make = async () => (await h.call('POST', '/api/cottages/tags', { token, body: { tag: unique() } })).json as { id: number; tag: string };
    const [onPublic, onUnreviewed, onHidden, unused] = [await make(), await make(), await make(), await make()];
    const publicAd = await createCottage(h, token);
    const unreviewed = await createCottage(h, token);
    const hidden = await createCottage(h, token);
    await update(h, token, publicAd.id, { cities: [101], tags: [onPublic.id] });
    await update(h, token, unreviewed.id, { cities: [101], tags: [onUnreviewed.id] });
    await update(h, token, hidden.id, { cities: [101], tags: [onHidden.id] });
    await review(publicAd.id);
    await review(hidden.id, { reviewedAt: new Date(), hiddenAt: new Date() });

    const result = await h.call('GET', '/api/public/cottages/tags');
    expect(result.status).toBe(200);
    const listed = result.json as unknown as { id: number; tag: string }[];
    expect(listed).toContainEqual(onPublic);
    expect(listed).not.toContainEqual(unused);
    expect(listed, 'a tag used only by an unreviewed ad').not.toContainEqual(onUnreviewed);
    expect(listed, 'a tag used only by a hidden ad').not.toContainEqual(onHidden);
  });
});

describe('GET /api/regions and /api/cities', () => {
  it('answers the 21 Swedish counties without session', async () => {
    const result = await h.call('GET', '/api/regions');
    expect(result.status).toBe(200);
    const regions = result.json as unknown as { id: number; code: string; name: string }[];
    expect(regions).toHaveLength(21);
    expect(regions.map((r) => r.id)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(regions[0]).toEqual({ id: 1, code: 'AB', name: 'Stockholms län' });
    expect(regions[20]).toEqual({ id: 21, code: 'BD', name: 'Norrbottens län' });
  });

  it('answers the places with unique ids, each in one of the counties', async () => {
    const result = await h.call('GET', '/api/cities');
    expect(result.status).toBe(200);
    const cities = result.json as unknown as { id: number; region_id: number; name: string }[];
    expect(cities.length).toBeGreaterThan(21);
    expect(new Set(cities.map((c) => c.id)).size).toBe(cities.length);
    expect(cities.every((c) => c.region_id >= 1 && c.region_id <= 21 && Math.floor(c.id / 100) === c.region_id && c.name.length > 0)).toBe(true);
    expect(cities).toContainEqual({ id: 101, region_id: 1, name: 'Stockholm' });
    expect(new Set(cities.map((c) => c.region_id)).size).toBe(21);
  });
});

describe('BankID verification (sandbox)', () => {
  it('POST /:id/verify without session starts one: a URL to /sandbox/bankid/<token>, stored hashed', async () => {
    const { user, token } = await host(h);
    const { id } = await createCottage(h, token);
    const result = await h.call('POST', `/api/cottages/${id}/verify`, { token, body: {} });
    expect(result.status).toBe(200);
    expect(Object.keys(result.json)).toEqual(['url']);
    const url = String(result.json.url);
    expect(url).toBe(`/sandbox/bankid/${/^\/sandbox\/bankid\/([A-Za-z0-9_-]+)\?/.exec(url)?.[1]}?return=${encodeURIComponent(`/dashboard/cottages/${id}/verify`)}`);
    const session = /^\/sandbox\/bankid\/([A-Za-z0-9_-]+)/.exec(url)![1]!;
    const rows = await h.db.select().from(h.schema.bankidSessions).where(eq(h.schema.bankidSessions.cottageId, id));
    expect(rows).toEqual([expect.objectContaining({ userId: user.id, cottageId: id, status: 'pending', personalNumber: null, tokenHash: createHash('sha256').update(session).digest('hex') })]);
  });

  it("GET /api/sandbox/bankid/<token> offers the host's own identity first, then a stranger's", async () => {
    const { token } = await host(h);
    const { id } = await createCottage(h, token);
    const session = await startBankId(h, token, id);
    const result = await h.call('GET', `/api/sandbox/bankid/${session}`, { token });
    expect(result.status).toBe(200);
    const { status, identities } = result.json as SandboxBankIdSession;
    expect(status).toBe('pending');
    expect(identities).toHaveLength(2);
    expect(identities[0]!.name).toBe(`${COMPLETE_PROFILE.firstName} ${COMPLETE_PROFILE.lastName}`);
    expect(identities[0]!.personal_number).toMatch(new RegExp(`^${COMPLETE_PROFILE.birthday.replace(/-/g, '')}\\d{4}$`));
    expect(identities[1]!.name).not.toContain(COMPLETE_PROFILE.lastName);
  });

  it('the own identity verifies the ad: verified_at set, verified_by BANKID', async () => {
    const { token } = await host(h);
    const { id } = await createCottage(h, token);
    const before = Date.now();
    const verified = await verifyWithBankId(h, token, id);
    expect(verified).toMatchObject({ id, verified_by: 'BANKID' });
    expect(verified.steps.verify).toBe(true);
    const stored = await row(h, id);
    expect(stored?.verifiedBy).toBe('BANKID');
    expect(stored?.verifiedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(verified.verified_at).toBe(stored?.verifiedAt?.toISOString());
    const [session] = await h.db.select().from(h.schema.bankidSessions).where(eq(h.schema.bankidSessions.cottageId, id));
    // A completed identification is used up by the verification.
    expect(session).toMatchObject({ status: 'used', personalNumber: expect.stringMatching(/^19850412\d{4}$/) });
  });

  it("refuses a verified ad ('The ad is already verified with BankID') without starting a session", async () => {
    const { token } = await host(h);
    const { id } = await createCottage(h, token);
    await verifyWithBankId(h, token, id);
    const sessions = await h.db.select().from(h.schema.bankidSessions).where(eq(h.schema.bankidSessions.cottageId, id));
    const again = await h.call('POST', `/api/cottages/${id}/verify`, { token, body: {} });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe('The ad is already verified with BankID');
    expect(again.json.code).toBe('cottage.alreadyVerified');
    expect(await h.db.select().from(h.schema.bankidSessions).where(eq(h.schema.bankidSessions.cottageId, id))).toEqual(sessions);
  });

  it("a stranger's identity is refused with field errors for first_name, last_name and birthday", async () => {
    const { token } = await host(h);
    const { id } = await createCottage(h, token);
    const session = await startBankId(h, token, id);
    const { identities } = (await h.call('GET', `/api/sandbox/bankid/${session}`, { token })).json as SandboxBankIdSession;
    expect((await h.call('POST', `/api/sandbox/bankid/${session}`, { token, body: { personal_number: identities[1]!.personal_number } })).status).toBe(200);
    const result = await h.call('POST', `/api/cottages/${id}/verify`, { token, body: { session } });
    expect(result.status).toBe(400);
    expect(result.json.message).toBe('The information from BankID does not match your profile');
    expect(result.json.code).toBe('cottage.bankidMismatch');
    expect(result.json.errors).toEqual([
      { field: 'first_name', message: 'Your first name in BankID does not match the first name in your profile' },
      { field: 'last_name', message: 'Your surname in BankID does not match the surname in your profile' },
      { field: 'birthday', message: 'Your birth date in BankID does not match the birth date in your profile' },
    ]);
    expect(await row(h, id)).toMatchObject({ verifiedAt: null, verifiedBy: null });
  });

  it("a failed, unanswered or unknown session answers 'There was an error contacting BankID'", async () => {
    const { token } = await host(h);
    const { id } = await createCottage(h, token);
    const failed = await startBankId(h, token, id);
    expect((await h.call('POST', `/api/sandbox/bankid/${failed}`, { token, body: { fail: true } })).status).toBe(200);
    expect((await h.call('GET', `/api/sandbox/bankid/${failed}`, { token })).json.status).toBe('failed');
    const pending = await startBankId(h, token, id);
    for (const session of [failed, pending, 'x'.repeat(43)]) {
      const result = await h.call('POST', `/api/cottages/${id}/verify`, { token, body: { session } });
      expect(result.status, session).toBe(400);
      expect(result.json.message).toBe('There was an error contacting BankID');
      expect(result.json.code).toBe('cottage.bankidError');
    }
    expect(await row(h, id)).toMatchObject({ verifiedAt: null, verifiedBy: null });
  });

  it('a session is answered once, and only with a 12-digit personal number', async () => {
    const { token } = await host(h);
    const { id } = await createCottage(h, token);
    const session = await startBankId(h, token, id);
    const bad = await h.call('POST', `/api/sandbox/bankid/${session}`, { token, body: { personal_number: '850412-1234' } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors?.[0]?.field).toBe('personal_number');
    expect((await h.call('GET', `/api/sandbox/bankid/${session}`, { token })).json.status).toBe('pending');
    const { identities } = (await h.call('GET', `/api/sandbox/bankid/${session}`, { token })).json as SandboxBankIdSession;
    expect((await h.call('POST', `/api/sandbox/bankid/${session}`, { token, body: { personal_number: identities[0]!.personal_number } })).status).toBe(200);
    const twice = await h.call('POST', `/api/sandbox/bankid/${session}`, { token, body: { fail: true } });
    expect(twice.status).toBe(400);
    expect(twice.json.message).toBe('There was an error contacting BankID');
    expect((await h.call('GET', `/api/sandbox/bankid/${session}`, { token })).json.status).toBe('complete');
  });

  it('another user can neither read nor answer your sandbox session (404), nor verify with it', async () => {
    const me = await host(h);
    const { id } = await createCottage(h, me.token);
    const session = await startBankId(h, me.token, id);
    const other = await host(h);
    const theirs = await createCottage(h, other.token);
    expect((await h.call('GET', `/api/sandbox/bankid/${session}`, { token: other.token })).status).toBe(404);
    const answered = await h.call('POST', `/api/sandbox/bankid/${session}`, { token: other.token, body: { fail: true } });
    expect(answered.status).toBe(404);
    const [stored] = await h.db.select().from(h.schema.bankidSessions).where(eq(h.schema.bankidSessions.cottageId, id));
    expect(stored?.status).toBe('pending');
    expect((await h.call('GET', `/api/sandbox/bankid/${session}`)).status).toBe(401);
    expect((await h.call('GET', `/api/sandbox/bankid/${'y'.repeat(43)}`, { token: me.token })).status).toBe(404);

    // Completed by its owner, the session still verifies nothing for somebody else.
    const { identities } = (await h.call('GET', `/api/sandbox/bankid/${session}`, { token: me.token })).json as SandboxBankIdSession;
    await h.call('POST', `/api/sandbox/bankid/${session}`, { token: me.token, body: { personal_number: identities[0]!.personal_number } });
    const stolen = await h.call('POST', `/api/cottages/${theirs.id}/verify`, { token: other.token, body: { session } });
    expect(stolen.status).toBe(400);
    expect(stolen.json.message).toBe('There was an error contacting BankID');
    expect(await row(h, theirs.id)).toMatchObject({ verifiedAt: null });
  });

  it('verifies a host whose surname has several words (e.g. "af Klint")', async () => {
    const { token } = await host(h, { firstName: 'Hilma', lastName: 'af Klint', birthday: '1962-10-26' });
    const { id } = await createCottage(h, token);
    const session = await startBankId(h, token, id);
    const { identities } = (await h.call('GET', `/api/sandbox/bankid/${session}`, { token })).json as SandboxBankIdSession;
    expect(identities[0]!.name).toBe('Hilma af Klint');
    await h.call('POST', `/api/sandbox/bankid/${session}`, { token, body: { personal_number: identities[0]!.personal_number } });
    const result = await h.call('POST', `/api/cottages/${id}/verify`, { token, body: { session } });
    expect(result.status, JSON.stringify(result.json)).toBe(200);
    expect(asCottage(result.json).verified_by).toBe('BANKID');
  });

  it('a completed identification verifies once: used again (or for another ad) it is refused', async () => {
    const { token } = await host(h);
    const first = await createCottage(h, token);
    const second = await createCottage(h, token);
    const start = await h.call('POST', `/api/cottages/${first.id}/verify`, { token, body: {} });
    const session = /bankid\/([A-Za-z0-9_-]+)/.exec(String(start.json.url))![1]!;
    const identities = await h.call('GET', `/api/sandbox/bankid/${session}`, { token });
    const own = (identities.json.identities as { personal_number: string }[])[0]!.personal_number;
    expect((await h.call('POST', `/api/sandbox/bankid/${session}`, { token, body: { personal_number: own } })).status).toBe(200);
    expect((await h.call('POST', `/api/cottages/${second.id}/verify`, { token, body: { session } })).json.message).toBe('There was an error contacting BankID');
    expect((await h.call('POST', `/api/cottages/${first.id}/verify`, { token, body: { session } })).status).toBe(200);
    await h.db.update(h.schema.cottages).set({ verifiedBy: null, verifiedAt: null }).where(eq(h.schema.cottages.id, first.id));
    expect((await h.call('POST', `/api/cottages/${first.id}/verify`, { token, body: { session } })).status).toBe(400);
  });

  it('a first name with several given names matches on the first one', async () => {
    const { token } = await host(h, { firstName: 'Anna Maria', lastName: 'Berg' });
    const { id } = await createCottage(h, token);
    const verified = await verifyWithBankId(h, token, id);
    expect(verified.verified_by).toBe('BANKID');
    const rows = await h.db
      .select()
      .from(h.schema.bankidSessions)
      .where(and(eq(h.schema.bankidSessions.cottageId, id), eq(h.schema.bankidSessions.status, 'used')));
    expect(rows).toHaveLength(1);
  });
});
