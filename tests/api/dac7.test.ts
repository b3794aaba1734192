// Issue 16, DAC7: a host's yearly report (SPEC §7 /api/dac-seven/*) as DPI XML, read back with
// fast-xml-parser into per-listing quarterly totals that reconcile to the öre with the payouts made.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDac7Xml } from '@/lib/rules/dac7';
import { guestIn, hostWithAd, inDays, offerBody, pay } from './bookings-support';
import { host, startCottageApi } from './cottages-support';
import type { Harness } from './harness';

let h: Harness;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ h, stop } = await startCottageApi());
});
afterAll(async () => stop?.());

const xmlOf = async (token: string | null, year: string) => {
  const r = await fetch(`${h.url}/api/dac-seven/info/${year}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: r.status, type: r.headers.get('content-type'), text: await r.text() };
};

describe('DAC7 reports', () => {
  it("one year's payouts per listing and quarter, to the öre; nobody else's data", async () => {
    const { payOutIfDue } = await import('@/marketplace/services/bookings/payout');
    const { owner, ad } = await hostWithAd(h);
    const { guest, conversationId } = await guestIn(h, ad.id);
    const ids: number[] = [];
    for (const [checkIn, checkOut, total] of [
      [inDays(40), inDays(43), 1_250_000],
      [inDays(60), inDays(67), 987_650],
    ] as const) {
      const sent = await h.call('POST', '/api/bookings', {
        token: owner.token,
        body: { ...offerBody({ conversationId, guestId: guest.user.id, cottageId: ad.id, checkIn, checkOut }), total_price: total },
      });
      expect(sent.status, JSON.stringify(sent.json)).toBe(200);
      await pay(h, guest.token, sent.json.id as number);
      ids.push(sent.json.id as number);
    }
    // Paid out next year, in its first and its third quarter.
    const year = new Date().getUTCFullYear() + 1;
    expect(await payOutIfDue(h.db, ids[0]!, new Date(`${year}-02-15T12:00:00Z`))).toBe(true);
    expect(await payOutIfDue(h.db, ids[1]!, new Date(`${year}-08-15T12:00:00Z`))).toBe(true);

    expect((await h.call('GET', '/api/dac-seven/available-years', { token: owner.token })).json).toEqual([year]);
    const report = await xmlOf(owner.token, String(year));
    expect(report.status).toBe(200);
    expect(report.type).toContain('application/xml');
    const [listing, ...others] = parseDac7Xml(report.text);
    expect(others).toEqual([]);
    const intents = await h.db
      .select()
      .from(h.schema.moneyIntents)
      .where(and(eq(h.schema.moneyIntents.userId, owner.user.id), eq(h.schema.moneyIntents.kind, 'PAYOUT')));
    const paid = (id: number) => intents.find((i) => i.bookingId === id)!.amount;
    expect(listing).toMatchObject({ cottage_id: ad.id, property_designation: 'Orsa Kråkberg 1:23', address_city: 'Orsa', activities: 2, rented_days: 3 + 7 });
    expect(listing!.consideration).toEqual([paid(ids[0]!), 0, paid(ids[1]!), 0]);
    // What the host got and what the platform kept add up to what the guests paid, per booking.
    expect(listing!.consideration[0]! + listing!.fees[0]!).toBe(1_250_000);
    expect(listing!.consideration[2]! + listing!.fees[2]!).toBe(987_650);
    expect(report.text).toContain('<dpi:TIN issuedBy="SE">8504121230</dpi:TIN>');

    // Another host has no years and an empty report; signed out is 401; a year is four digits.
    const stranger = await host(h);
    expect((await h.call('GET', '/api/dac-seven/available-years', { token: stranger.token })).json).toEqual([]);
    expect(parseDac7Xml((await xmlOf(stranger.token, String(year))).text)).toEqual([]);
    expect((await xmlOf(null, String(year))).status).toBe(401);
    expect((await xmlOf(owner.token, 'abcd')).status).toBe(400);
    expect((await xmlOf(owner.token, '1999')).status).toBe(400);
  });
});
