// Issue 18, stay rules over HTTP: saved and validated per ad, shown on the public ad, enforced on offers
// (the host may override, in words first) and on payments (preparation days after a stay paid meanwhile).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, weekdayFromMonday } from '@/lib/rules/dates';
import { guestIn, hostWithAd, inDays, offerBody, pay } from './bookings-support';
import { host, startCottageApi } from './cottages-support';
import type { Harness } from './harness';

let h: Harness;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ h, stop } = await startCottageApi());
});
afterAll(async () => stop?.());

const rule = (r: Record<string, unknown>) => ({ season: null, min_nights: null, max_nights: null, checkin_weekdays: null, checkout_weekdays: null, preparation_days: 0, book_ahead_days: null, ...r });
/** The next Saturday at least `n` days ahead. */
const saturdayFrom = (n: number) => {
  let d = inDays(n);
  while (weekdayFromMonday(d) !== 5) d = addDays(d, 1);
  return d;
};

describe('stay rules', () => {
  it('are saved and validated per ad, by its owner only, and public with the ad', async () => {
    const { owner, ad } = await hostWithAd(h);
    const rules = [rule({ season: { from: '07-01', to: '07-31' }, min_nights: 7, checkin_weekdays: [5], checkout_weekdays: [5] }), rule({ min_nights: 2, preparation_days: 1 })];
    const saved = await h.call('PUT', `/api/cottages/${ad.id}/stay-rules`, { token: owner.token, body: { rules } });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect((await h.call('GET', `/api/cottages/${ad.id}/stay-rules`, { token: owner.token })).json.rules).toEqual(rules);
    expect((await h.call('GET', `/api/public/cottages/${ad.id}/stay-rules`)).json.rules).toEqual(rules);
    for (const bad of [
      [rule({ min_nights: 8, max_nights: 7 })],
      [rule({ season: { from: '13-01', to: '07-01' } })],
      [rule({ checkin_weekdays: [] })],
      [rule({}), rule({})],
      [rule({ preparation_days: 20 })],
    ]) {
      expect((await h.call('PUT', `/api/cottages/${ad.id}/stay-rules`, { token: owner.token, body: { rules: bad } })).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await h.call('GET', `/api/cottages/${ad.id}/stay-rules`, { token: owner.token })).json.rules).toEqual(rules);
    const stranger = await host(h);
    expect((await h.call('PUT', `/api/cottages/${ad.id}/stay-rules`, { token: stranger.token, body: { rules: [] } })).status).toBe(400);
  });

  it('an offer breaking them is refused in words unless the host overrides it; a payment keeps the preparation days', async () => {
    const { owner, ad } = await hostWithAd(h);
    await h.call('PUT', `/api/cottages/${ad.id}/stay-rules`, { token: owner.token, body: { rules: [rule({ min_nights: 2, checkin_weekdays: [5], preparation_days: 1 })] } });
    const { guest, conversationId } = await guestIn(h, ad.id);
    const saturday = saturdayFrom(30);
    const offer = (checkIn: string, checkOut: string, extra: Record<string, unknown> = {}) =>
      h.call('POST', '/api/bookings', { token: owner.token, body: { ...offerBody({ conversationId, guestId: guest.user.id, cottageId: ad.id, checkIn, checkOut }), ...extra } });
    const refused = await offer(addDays(saturday, 1), addDays(saturday, 2));
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe("The stay breaks the ad's stay rules.");
    expect((refused.json.errors as { message: string }[]).map((e) => e.message)).toEqual([
      'The stay is shorter than the shortest stay the ad accepts.',
      'The ad does not accept check-in on this weekday.',
    ]);
    const overridden = await offer(addDays(saturday, 1), addDays(saturday, 2), { override_stay_rules: true });
    expect(overridden.status, JSON.stringify(overridden.json)).toBe(200);
    const [row] = await h.db
      .select()
      .from(h.schema.bookings)
      .where(eq(h.schema.bookings.id, overridden.json.id as number));
    expect(row!.stayRulesOverridden).toBe(true);

    // Two offers within the rules, back to back; the first is paid: the second's check-in leaves no preparation day.
    const first = await offer(saturday, addDays(saturday, 7));
    const second = await h.call('POST', '/api/bookings', {
      token: owner.token,
      body: offerBody({ conversationId, guestId: guest.user.id, cottageId: ad.id, checkIn: addDays(saturday, 14), checkOut: addDays(saturday, 21) }),
    });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await pay(h, guest.token, first.json.id as number)).result?.json.transaction).toBe('success');
    // Now an offer right after the paid week breaks the preparation day…
    expect((await offer(addDays(saturday, 7), addDays(saturday, 14))).status).toBe(400);
    // …and so would paying one that was offered before (moved there in the database, as if sent earlier).
    await h.db
      .update(h.schema.bookings)
      .set({ checkIn: addDays(saturday, 7), checkOut: addDays(saturday, 9) })
      .where(eq(h.schema.bookings.id, second.json.id as number));
    const paying = await h.call('POST', `/api/bookings/${second.json.id as number}/payment`, { token: guest.token, body: { card_type: 'CB_VISA_MASTERCARD', accept_terms: true } });
    expect([paying.status, paying.json.message]).toEqual([409, "The stay breaks the ad's stay rules."]);
  });
});
