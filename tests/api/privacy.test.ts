// The other party sees only what SPEC's screens show (ARCHITECTURE "Security baseline"; SPEC §2
// booking screens, §6 "Phone numbers hidden until paid"): in an offer or booking, the other person is
// a name and, once paid, phone numbers — no birthday, address, KYC state or account type, and never
// a name made up from the e-mail address.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostWithAd, offerBody, pay } from './bookings-support';
import { COMPLETE_PROFILE, startCottageApi } from './cottages-support';
import type { Harness } from './harness';

let h: Harness;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ h, stop } = await startCottageApi());
});
afterAll(async () => stop?.());

const PERSON_KEYS = ['deleted', 'id', 'name', 'phone_1', 'phone_2'];
const PRIVATE_KEYS = ['birthday', 'city', 'country', 'kyc_status', 'type', 'business_type', 'hide_phone_number', 'username', 'u_city', 'u_address1'];

/** A guest without any name in the profile, signed in, who has written to the host about the ad. */
async function namelessGuestIn(cottageId: number) {
  const user = await h.createUser({ ...COMPLETE_PROFILE, firstName: null, lastName: null, username: h.uniqueEmail('hemlig.gast'), kycStatus: 'VALIDATED' });
  const { token } = await h.login(user.username, user.password!);
  const started = await h.call('POST', '/api/conversations', { token: token!, body: { cottage_id: cottageId, text: 'Hej!' } });
  expect(started.status).toBe(200);
  return { user, token: token!, conversationId: started.json.id as number };
}

/** Nothing of the person's private data or e-mail address anywhere in an answer. */
function leaksNothing(json: unknown, person: { username: string }) {
  const text = JSON.stringify(json);
  expect(text).not.toContain(person.username);
  expect(text).not.toContain(person.username.split('@')[0]!);
  expect(text).not.toContain(COMPLETE_PROFILE.birthday);
  expect(text).not.toContain(COMPLETE_PROFILE.uCity);
  expect(text).not.toContain(COMPLETE_PROFILE.uAddress1);
  expect(text).not.toContain('VALIDATED');
}

function onlyScreenKeys(person: Record<string, unknown>) {
  expect(Object.keys(person).sort()).toEqual(PERSON_KEYS);
  for (const key of PRIVATE_KEYS) expect(person).not.toHaveProperty(key);
}

describe('a pending offer', () => {
  it('shows the host the guest as a name only: no birthday, city or KYC state, no name from the e-mail address', async () => {
    const { owner, ad } = await hostWithAd(h);
    const guest = await namelessGuestIn(ad.id);
    const sent = await h.call('POST', '/api/bookings', { token: owner.token, body: offerBody({ conversationId: guest.conversationId, guestId: guest.user.id, cottageId: ad.id }) });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    const asHost = await h.call('GET', `/api/bookings/${sent.json.id}`, { token: owner.token });
    expect(asHost.json.status).toBe('PENDING');
    const other = asHost.json.Guest as Record<string, unknown>;
    onlyScreenKeys(other);
    expect(other).toMatchObject({ id: guest.user.id, name: null, deleted: false, phone_1: null, phone_2: null });
    leaksNothing(asHost.json, guest.user);
    // The same in the lists: the conversation's offers and My Bookings.
    const offers = await h.call('GET', `/api/conversations/${guest.conversationId}/bookings`, { token: owner.token });
    leaksNothing(offers.json, guest.user);
    // The conversation shows the same person (one rule for both screens).
    const conversation = await h.call('GET', `/api/conversations/${guest.conversationId}`, { token: owner.token });
    onlyScreenKeys((conversation.json.Users as Record<string, unknown>[])[0]!);
    leaksNothing(conversation.json, guest.user);
    const mine = await h.call('GET', '/api/user/bookings', { token: owner.token });
    leaksNothing(mine.json, guest.user);
    // And in the conversation (its participants and the inbox).
    leaksNothing((await h.call('GET', `/api/conversations/${guest.conversationId}`, { token: owner.token })).json, guest.user);
    leaksNothing((await h.call('GET', '/api/conversations', { token: owner.token })).json, guest.user);
  });

  it('shows the guest the host as a name (last name as an initial when asked) and nothing of the profile', async () => {
    const { owner, ad } = await hostWithAd(h);
    await h.db.update(h.schema.users).set({ hideLastName: true, kycStatus: 'VALIDATED' }).where(eq(h.schema.users.id, owner.user.id));
    const guest = await namelessGuestIn(ad.id);
    const sent = await h.call('POST', '/api/bookings', { token: owner.token, body: offerBody({ conversationId: guest.conversationId, guestId: guest.user.id, cottageId: ad.id }) });
    const asGuest = await h.call('GET', `/api/bookings/${sent.json.id}`, { token: guest.token });
    expect(asGuest.status).toBe(200);
    const other = asGuest.json.Host as Record<string, unknown>;
    onlyScreenKeys(other);
    expect(other).toMatchObject({ id: owner.user.id, name: 'Astrid L.', phone_1: null, phone_2: null });
    leaksNothing(asGuest.json, owner.user);
    expect(JSON.stringify(asGuest.json)).not.toContain('Lindqvist');
  });
});

describe('a paid booking', () => {
  it('adds the phone numbers, and still nothing else of the profile', async () => {
    const { owner, ad } = await hostWithAd(h);
    const guestUser = await h.createUser({ ...COMPLETE_PROFILE, username: h.uniqueEmail('betalande.gast') });
    const { token } = await h.login(guestUser.username, guestUser.password!);
    const conversationId = (await h.call('POST', '/api/conversations', { token: token!, body: { cottage_id: ad.id, text: 'Hej!' } })).json.id as number;
    const sent = await h.call('POST', '/api/bookings', { token: owner.token, body: offerBody({ conversationId, guestId: guestUser.id, cottageId: ad.id }) });
    const { result } = await pay(h, token!, sent.json.id as number);
    expect(result?.json.transaction).toBe('success');
    const asHost = await h.call('GET', `/api/bookings/${sent.json.id}`, { token: owner.token });
    const other = asHost.json.Guest as Record<string, unknown>;
    onlyScreenKeys(other);
    expect(other).toMatchObject({ name: 'Astrid Lindqvist', phone_1: COMPLETE_PROFILE.phone1 });
    leaksNothing(asHost.json, guestUser);
  });
});
