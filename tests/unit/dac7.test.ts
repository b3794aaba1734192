import { describe, expect, it } from 'vitest';
import { amountToOre, dac7Listings, dac7Xml, oreToAmount, parseDac7Xml, quarterOf, type Dac7Seller } from '@/lib/rules/dac7';

const SELLER: Dac7Seller = {
  kind: 'individual',
  tin: '8504121230',
  first_name: 'Astrid',
  last_name: 'Lindqvist',
  company_name: null,
  birthday: '1985-04-12',
  country: 'SE',
  street: 'Storgatan 1',
  postal_code: '11122',
  city: 'Stockholm',
};
const PLATFORM = { name: 'Stuga AB', tin: '5569999999', country: 'SE', address: 'Stockholm, Sweden' };
const AD = new Map([[7, { property_designation: 'Orsa Kråkberg 1:23', address_street: 'Sjövägen 4', address_postal_code: '79430', address_city: 'Orsa' }]]);

describe('DAC7 (issue 16)', () => {
  it('counts quarters in Stockholm time', () => {
    expect(quarterOf(new Date('2026-03-31T21:59:59Z'))).toBe(1);
    expect(quarterOf(new Date('2026-03-31T22:00:00Z'))).toBe(2); // 00:00 on 1 April in Stockholm (summer time)
    expect(quarterOf(new Date('2026-12-31T22:59:59Z'))).toBe(4);
    expect(quarterOf(new Date('2026-07-01T00:00:00Z'))).toBe(3);
  });

  it('writes and reads amounts exactly, from öre', () => {
    for (const ore of [0, 5, 99, 100, 123_456_789, 550_000]) expect(amountToOre(oreToAmount(ore))).toBe(ore);
    expect(oreToAmount(550_005)).toBe('5500.05');
    expect(amountToOre('12.5')).toBe(1250);
    expect(amountToOre('x')).toBeNaN();
  });

  it('sums payouts per listing and quarter, and the XML reads back to the same totals', () => {
    const payouts = [
      { cottageId: 7, doneAt: new Date('2026-02-10T11:00:00Z'), consideration: 550_000, fee: 75_000, nights: 5 },
      { cottageId: 7, doneAt: new Date('2026-02-20T11:00:00Z'), consideration: 100_001, fee: 13_600, nights: 2 },
      { cottageId: 7, doneAt: new Date('2026-08-01T11:00:00Z'), consideration: 44_000, fee: 6_000, nights: 0 },
      { cottageId: 9, doneAt: new Date('2026-11-01T11:00:00Z'), consideration: 1, fee: 0, nights: 1 },
    ];
    const listings = dac7Listings(payouts, AD);
    expect(listings[0]).toEqual({ cottage_id: 7, ...AD.get(7), consideration: [650_001, 0, 44_000, 0], fees: [88_600, 0, 6_000, 0], activities: 3, rented_days: 7 });
    expect(listings[1]).toMatchObject({ cottage_id: 9, property_designation: null, consideration: [0, 0, 0, 1] });
    const xml = dac7Xml({ year: 2026, messageRefId: 'SE2026-1', timestamp: new Date('2027-01-05T10:00:00Z'), platform: PLATFORM, seller: SELLER, listings });
    expect(xml).toContain('<dpi:ConsQ1 currCode="SEK">6500.01</dpi:ConsQ1>');
    expect(xml).toContain('<dpi:LandRegistrationNumber>Orsa Kråkberg 1:23</dpi:LandRegistrationNumber>');
    expect(xml).toContain('<dpi:BirthDate>1985-04-12</dpi:BirthDate>');
    expect(parseDac7Xml(xml)).toEqual(listings);
  });

  it('a company is an entity seller; a year without payouts has no listings', () => {
    const xml = dac7Xml({
      year: 2026,
      messageRefId: 'SE2026-2',
      timestamp: new Date(),
      platform: PLATFORM,
      seller: { ...SELLER, kind: 'entity', tin: '5566778899', company_name: 'Strömstugor AB' },
      listings: [],
    });
    expect(xml).toContain('<dpi:EntSellerID>');
    expect(xml).toContain('<dpi:Name>Strömstugor AB</dpi:Name>');
    expect(parseDac7Xml(xml)).toEqual([]);
    // A broken report is an error the page shows ('An error occurred while fetching data'), never empty totals.
    expect(() => parseDac7Xml('<not-xml')).toThrow();
  });
});
