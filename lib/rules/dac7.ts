// SPEC §3 "DAC7" and issue 16: a host's yearly DAC7 report. The marketplace counts, per property
// listing and quarter (Europe/Stockholm), the consideration credited to the host (their payouts) and
// the fees the platform kept, the number of stays and the nights rented; the report travels as XML in
// the structure of the OECD DPI schema that DAC7 uses, and the dashboard reads it back into per-cottage
// quarterly totals. Money is öre throughout; the XML carries kronor with two decimals, written from
// integers (never through floats).
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { todayInStockholm } from './dates';

export type Quarter = 1 | 2 | 3 | 4;
export const QUARTERS: readonly Quarter[] = [1, 2, 3, 4];

/** The quarter of a moment, in Stockholm. */
export const quarterOf = (at: Date): Quarter => (Math.floor((Number(todayInStockholm(at).slice(5, 7)) - 1) / 3) + 1) as Quarter;

/** One payout credited to the host: the stay's listing, its amount and the platform's fee, in öre. */
export type Dac7Payout = { cottageId: number; doneAt: Date; consideration: number; fee: number; nights: number };

export type Dac7Listing = {
  cottage_id: number;
  property_designation: string | null;
  address_street: string | null;
  address_postal_code: string | null;
  address_city: string | null;
  /** Öre per quarter, Q1 first. */
  consideration: [number, number, number, number];
  fees: [number, number, number, number];
  activities: number;
  rented_days: number;
};

/** The per-listing quarterly totals of one year's payouts (listings in id order). */
export function dac7Listings(
  payouts: readonly Dac7Payout[],
  cottages: ReadonlyMap<number, Pick<Dac7Listing, 'property_designation' | 'address_street' | 'address_postal_code' | 'address_city'>>,
): Dac7Listing[] {
  const byCottage = new Map<number, Dac7Listing>();
  for (const p of payouts) {
    const facts = cottages.get(p.cottageId) ?? { property_designation: null, address_street: null, address_postal_code: null, address_city: null };
    const listing = byCottage.get(p.cottageId) ?? { cottage_id: p.cottageId, ...facts, consideration: [0, 0, 0, 0], fees: [0, 0, 0, 0], activities: 0, rented_days: 0 };
    const q = (quarterOf(p.doneAt) - 1) as 0 | 1 | 2 | 3;
    listing.consideration[q] += p.consideration;
    listing.fees[q] += p.fee;
    listing.activities += 1;
    listing.rented_days += p.nights;
    byCottage.set(p.cottageId, listing);
  }
  return [...byCottage.values()].sort((a, b) => a.cottage_id - b.cottage_id);
}

/** Öre as the DPI schema's decimal amount ("1234.50"), from the integer. */
export function oreToAmount(ore: number): string {
  const sign = ore < 0 ? '-' : '';
  const abs = Math.abs(ore);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
/** The DPI decimal amount back to öre (exact: digits, not floats). */
export function amountToOre(amount: string | number): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(String(amount).trim());
  if (!m) return Number.NaN;
  const ore = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  return m[1] ? -ore : ore;
}

export type Dac7Seller = {
  kind: 'individual' | 'entity';
  tin: string | null;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  birthday: string | null;
  country: string;
  street: string | null;
  postal_code: string | null;
  city: string | null;
};

const address = (country: string, street: string | null, postal: string | null, city: string | null) => ({
  'dpi:CountryCode': country,
  'dpi:AddressFree': [street, postal, city].filter(Boolean).join(', '),
  'dpi:AddressFix': { 'dpi:Street': street ?? '', 'dpi:PostCode': postal ?? '', 'dpi:City': city ?? '' },
});
const quarterly = (prefix: 'Cons' | 'Fees', ore: readonly number[]) => Object.fromEntries(QUARTERS.map((q) => [`dpi:${prefix}Q${q}`, { '@_currCode': 'SEK', '#text': oreToAmount(ore[q - 1]!) }]));

/** The year's report as DPI XML: the platform operator, the host as reportable seller, a PropertyListing per cottage. */
export function dac7Xml(input: {
  year: number;
  messageRefId: string;
  timestamp: Date;
  platform: { name: string; tin: string; country: string; address: string };
  seller: Dac7Seller;
  listings: readonly Dac7Listing[];
}): string {
  const { seller } = input;
  const sellerAddress = address(seller.country, seller.street, seller.postal_code, seller.city);
  const identity =
    seller.kind === 'entity'
      ? {
          'dpi:EntitySeller': {
            'dpi:Standard': {
              'dpi:EntSellerID': {
                'dpi:ResCountryCode': seller.country,
                'dpi:TIN': { '@_issuedBy': seller.country, '#text': seller.tin ?? '' },
                'dpi:Name': seller.company_name ?? '',
                'dpi:Address': sellerAddress,
              },
            },
          },
        }
      : {
          'dpi:IndividualSeller': {
            'dpi:Standard': {
              'dpi:IndSellerID': {
                'dpi:ResCountryCode': seller.country,
                'dpi:TIN': { '@_issuedBy': seller.country, '#text': seller.tin ?? '' },
                'dpi:Name': { 'dpi:FirstName': seller.first_name ?? '', 'dpi:LastName': seller.last_name ?? '' },
                'dpi:Address': sellerAddress,
                'dpi:BirthInfo': { 'dpi:BirthDate': seller.birthday ?? '' },
              },
            },
          },
        };
  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    'dpi:DPI_OECD': {
      '@_xmlns:dpi': 'urn:oecd:ties:dpi:v1',
      '@_version': '1.0',
      'dpi:MessageSpec': {
        'dpi:TransmittingCountry': input.platform.country,
        'dpi:ReceivingCountry': seller.country,
        'dpi:MessageType': 'DPI',
        'dpi:MessageRefId': input.messageRefId,
        'dpi:MessageTypeIndic': 'DPI401',
        'dpi:ReportingPeriod': `${input.year}-12-31`,
        'dpi:Timestamp': input.timestamp.toISOString().slice(0, 19),
      },
      'dpi:DPIBody': {
        'dpi:PlatformOperator': {
          'dpi:ResCountryCode': input.platform.country,
          'dpi:TIN': { '@_issuedBy': input.platform.country, '#text': input.platform.tin },
          'dpi:Name': input.platform.name,
          'dpi:Address': { 'dpi:CountryCode': input.platform.country, 'dpi:AddressFree': input.platform.address },
        },
        'dpi:ReportableSeller': {
          'dpi:Identity': identity,
          'dpi:RelevantActivities': {
            'dpi:ImmovableProperty': {
              'dpi:PropertyListing': input.listings.map((l) => ({
                '@_cottageId': String(l.cottage_id),
                'dpi:Address': address(seller.country, l.address_street, l.address_postal_code, l.address_city),
                'dpi:LandRegistrationNumber': l.property_designation ?? '',
                'dpi:Consideration': quarterly('Cons', l.consideration),
                'dpi:NumberOfActivities': String(l.activities),
                'dpi:Fees': quarterly('Fees', l.fees),
                'dpi:PropertyType': 'DPI904',
                'dpi:RentedDays': String(l.rented_days),
              })),
            },
          },
        },
      },
    },
  };
  return new XMLBuilder({ ignoreAttributes: false, format: true, suppressEmptyNode: false }).build(document) as string;
}

type Node = Record<string, unknown>;
const asList = (v: unknown): Node[] => (Array.isArray(v) ? (v as Node[]) : v ? [v as Node] : []);
const text = (v: unknown): string => (v && typeof v === 'object' ? String((v as Node)['#text'] ?? '') : v === undefined || v === null ? '' : String(v));

/** SPEC §3: the report read back into the per-cottage quarterly totals the DAC7 page shows (öre). */
export function parseDac7Xml(xml: string): Dac7Listing[] {
  const doc = new XMLParser({ ignoreAttributes: false, parseTagValue: false, removeNSPrefix: true }).parse(xml) as Node;
  const body = ((doc.DPI_OECD as Node | undefined)?.DPIBody as Node | undefined) ?? {};
  const sellers = asList(body.ReportableSeller);
  return sellers.flatMap((seller) =>
    asList(((seller.RelevantActivities as Node | undefined)?.ImmovableProperty as Node | undefined)?.PropertyListing).map((l) => {
      const fix = ((l.Address as Node | undefined)?.AddressFix as Node | undefined) ?? {};
      const q = (prefix: 'Cons' | 'Fees', group: Node | undefined) => QUARTERS.map((n) => amountToOre(text(group?.[`${prefix}Q${n}`]))) as [number, number, number, number];
      return {
        cottage_id: Number(l['@_cottageId']),
        property_designation: text(l.LandRegistrationNumber) || null,
        address_street: text(fix.Street) || null,
        address_postal_code: text(fix.PostCode) || null,
        address_city: text(fix.City) || null,
        consideration: q('Cons', l.Consideration as Node | undefined),
        fees: q('Fees', l.Fees as Node | undefined),
        activities: Number(text(l.NumberOfActivities)),
        rented_days: Number(text(l.RentedDays)),
      };
    }),
  );
}
