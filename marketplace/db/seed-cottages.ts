import 'server-only';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { calendarWindow, normalizeRanges, type CalendarRange } from '@/lib/rules/calendar';
import { addDays, addMonths, todayInStockholm, weekdayFromMonday } from '@/lib/rules/dates';
import { storage } from '../providers/storage';
import type { Db } from './client';
import { cottageAmenities, cottageCalendar, cottageCities, cottageImages, cottages, cottageTags, cottageVisits, tags } from './schema';

type Palette = { sky: string; ground: string; wall: string; roof: string; water: string };
const PALETTES: Palette[] = [
  { sky: '#9cc9e8', ground: '#5d8a3c', wall: '#a8322a', roof: '#3b3b3b', water: '#3f7fa8' },
  { sky: '#f4c98b', ground: '#7a9a4a', wall: '#c9b27c', roof: '#6b3a2a', water: '#557f9c' },
  { sky: '#dfe9f2', ground: '#f4f7f9', wall: '#8a2d25', roof: '#2f2f2f', water: '#9db7c9' },
  { sky: '#b7d7c2', ground: '#43703a', wall: '#e8e2cf', roof: '#7a2e22', water: '#2f6b8a' },
];

/** A generated photo-like picture of a red cottage by a lake (1200×900 JPEG), in one of a few moods. */
async function cottagePicture(p: Palette, variant: number): Promise<Buffer> {
  const x = 380 + (variant % 3) * 120;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
    <rect width="1200" height="900" fill="url(#s)"/>
    <circle cx="${980 - variant * 90}" cy="160" r="70" fill="#fff6d5" opacity="0.8"/>
    <path d="M0 520 Q300 430 600 500 T1200 470 V900 H0 Z" fill="${p.ground}"/>
    <path d="M0 700 Q400 660 800 700 T1200 690 V900 H0 Z" fill="${p.water}" opacity="0.9"/>
    <rect x="${x}" y="430" width="340" height="200" fill="${p.wall}"/>
    <polygon points="${x - 30},435 ${x + 170},300 ${x + 370},435" fill="${p.roof}"/>
    <rect x="${x + 40}" y="480" width="60" height="60" fill="#fdfdf8" stroke="#ffffff" stroke-width="8"/>
    <rect x="${x + 240}" y="480" width="60" height="60" fill="#fdfdf8" stroke="#ffffff" stroke-width="8"/>
    <rect x="${x + 140}" y="520" width="60" height="110" fill="#5b3b2a" stroke="#ffffff" stroke-width="6"/>
    ${Array.from({ length: 7 }, (_, i) => `<polygon points="${60 + i * 150 + variant * 20},530 ${100 + i * 150 + variant * 20},380 ${140 + i * 150 + variant * 20},530" fill="#2f5a2c" opacity="${i % 2 ? 0.9 : 0.75}"/>`).join('')}
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82, progressive: true }).toBuffer();
}

async function addImages(db: Db, cottageId: number, palette: Palette, count: number, comments: string[]) {
  for (let i = 0; i < count; i++) {
    const filename = `${randomBytes(16).toString('hex')}.jpg`;
    await storage.put(`images/${filename}`, await cottagePicture(palette, i), 'image/jpeg');
    await db.insert(cottageImages).values({ cottageId, filename, width: 1200, height: 900, weight: i, commentSv: comments[i] ?? null });
  }
}

/** A calendar with every state: available summer weeks, booked, preliminary, unavailable. */
function demoCalendar(today: string): CalendarRange[] {
  const { from } = calendarWindow(today);
  return normalizeRanges([
    { from: addDays(from, 3), to: addMonths(from, 6), state: 5 },
    { from: addDays(today, 10), to: addDays(today, 17), state: 1 },
    { from: addDays(today, 24), to: addDays(today, 27), state: 3 },
    { from: addDays(today, 40), to: addDays(today, 47), state: 2 },
    { from: addMonths(from, 7), to: addMonths(from, 9), state: 5 },
  ]);
}

const AMENITIES = ['sauna', 'fishing', 'boat_rental', 'wc', 'shower', 'dishwasher', 'open_fireplace', 'outdoor_furniture', 'mobile_telephone_coverage', 'refrigerator'];

/** The demo host's five ads: a draft, one sent for review, two active (commission, fixed price) and a hidden one. */
export async function seedCottages(db: Db, hostId: number): Promise<{ commissionActive: number; fixed: number; hidden: number }> {
  const today = todayInStockholm();
  const now = Date.now();
  const day = 86_400_000;
  const [lakeTag, skiTag, archipelagoTag] = await db
    .insert(tags)
    .values([{ tag: 'vid sjön' }, { tag: 'skidor' }, { tag: 'skärgård' }])
    .returning({ id: tags.id });

  const full = {
    userId: hostId,
    area: 68,
    beds: 6,
    extraBeds: 2,
    propertyDesignationType: 'COTTAGE' as const,
    rentOutType: 'ENTIRE_HOME' as const,
    priceLowDay: 90000,
    priceLowWeek: 550000,
    priceHighDay: 140000,
    priceHighWeek: 850000,
    calendarUpdatedAt: new Date(now - 5 * day),
  };

  const ads = await db
    .insert(cottages)
    .values([
      { userId: hostId, area: 45, beds: 4, createdAt: new Date(now - 2 * day) },
      {
        ...full,
        commission: true,
        titleSv: 'Timrad stuga vid Rimbosjön',
        descriptionSv: 'Timrad stuga med egen brygga och vedeldad bastu. Tre sovrum, allrum med öppen spis och en altan i kvällssol. Eka ingår.',
        lat: 59.746,
        lng: 18.365,
        regionId: 1,
        addressStreet: 'Sjövägen 14',
        addressPostalCode: '76291',
        addressCity: 'Rimbo',
        propertyDesignation: 'Norrtälje Rimbo 1:23',
        verifiedAt: new Date(now - 3 * day),
        verifiedBy: 'BANKID',
        askedForReviewAt: new Date(now - day),
      },
      {
        ...full,
        commission: true,
        titleSv: 'Röd stuga i Grisslehamn',
        titleEn: 'Red cottage in Grisslehamn',
        descriptionSv: 'Klassisk röd stuga 300 meter från havet. Två sovrum, kök med diskmaskin och en stor tomt med grill. Perfekt för en familj.',
        descriptionEn: 'A classic red cottage 300 metres from the sea. Two bedrooms, kitchen with dishwasher and a large garden with a barbecue.',
        lat: 60.101,
        lng: 18.816,
        regionId: 1,
        addressStreet: 'Havsbandet 7',
        addressPostalCode: '76015',
        addressCity: 'Grisslehamn',
        propertyDesignation: 'Norrtälje Grisslehamn 2:41',
        verifiedAt: new Date(now - 60 * day),
        verifiedBy: 'BANKID',
        askedForReviewAt: new Date(now - 59 * day),
        reviewedAt: new Date(now - 58 * day),
      },
      {
        ...full,
        commission: false,
        titleSv: 'Fjällstuga i Funäsdalen',
        descriptionSv: 'Fjällstuga med skidbacken runt hörnet. Torkskåp, bastu och fyra bäddar i två sovrum. Längdspår direkt utanför dörren.',
        lat: 62.544,
        lng: 12.552,
        regionId: 19,
        verifiedAt: new Date(now - 200 * day),
        verifiedBy: 'BANKID',
        askedForReviewAt: new Date(now - 199 * day),
        reviewedAt: new Date(now - 198 * day),
        paidAt: new Date(now - 198 * day),
        paidUntil: new Date(Date.parse(`${addMonths(today, 12)}T00:00:00Z`)),
      },
      {
        ...full,
        commission: true,
        titleSv: 'Sommarhus på Utö',
        descriptionSv: 'Sommarhus i skärgården med utsikt över farleden. Cykelavstånd till bageriet och gruvorna.',
        lat: 58.962,
        lng: 18.315,
        regionId: 1,
        addressStreet: 'Gruvbyn 3',
        addressPostalCode: '13056',
        addressCity: 'Utö',
        propertyDesignation: 'Haninge Utö 1:108',
        verifiedAt: new Date(now - 300 * day),
        verifiedBy: 'BANKID',
        askedForReviewAt: new Date(now - 299 * day),
        reviewedAt: new Date(now - 298 * day),
        hiddenAt: new Date(now - 20 * day),
        calendarUpdatedAt: new Date(now - 120 * day),
      },
    ])
    .returning({ id: cottages.id });
  const [, review, active, fixed, hidden] = ads.map((a) => a.id) as [number, number, number, number, number];

  const cities: [number, number[]][] = [
    [review, [107, 101]],
    [active, [103, 102]],
    [fixed, [1903, 1901]],
    [hidden, [108]],
  ];
  for (const [cottageId, ids] of cities) await db.insert(cottageCities).values(ids.map((cityId) => ({ cottageId, cityId })));
  await db.insert(cottageTags).values([
    { cottageId: review, tagId: lakeTag!.id },
    { cottageId: active, tagId: archipelagoTag!.id },
    { cottageId: fixed, tagId: skiTag!.id },
    { cottageId: hidden, tagId: archipelagoTag!.id },
  ]);
  for (const cottageId of [review, active, fixed, hidden]) {
    await db.insert(cottageAmenities).values(AMENITIES.map((key, i) => ({ cottageId, key, commentSv: i === 0 ? 'Vedeldad, vid sjön' : null })));
    await db.insert(cottageCalendar).values(demoCalendar(today).map((r) => ({ cottageId, fromDate: r.from, toDate: r.to, state: r.state })));
  }
  await addImages(db, review, PALETTES[0]!, 3, ['Stugan från sjön', 'Bryggan', 'Kvällssol']);
  await addImages(db, active, PALETTES[1]!, 3, ['Framsidan', 'Trädgården']);
  await addImages(db, fixed, PALETTES[2]!, 2, ['Vinter i Funäsdalen']);
  await addImages(db, hidden, PALETTES[3]!, 2, []);

  // 60 days of visits to the public pages, more at weekends.
  for (const cottageId of [active, fixed]) {
    const rows = Array.from({ length: 60 }, (_, i) => {
      const d = addDays(today, -i);
      const weekend = weekdayFromMonday(d) >= 5;
      return { cottageId, day: d, visits: ((i * 7 + cottageId * 3) % 11) + (weekend ? 9 : 2) };
    });
    await db.insert(cottageVisits).values(rows);
  }
  return { commissionActive: active, fixed, hidden };
}
