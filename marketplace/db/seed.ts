import 'server-only';
import { count } from 'drizzle-orm';
import { hashPassword } from '../services/crypto';
import { seedBookings } from './seed-bookings';
import { seedConversations } from './seed-conversations';
import { seedCottages } from './seed-cottages';
import type { Db } from './client';
import { news, todos, users } from './schema';

type NewUser = typeof users.$inferInsert;

type Account = NewUser & { password?: string };

const person = (u: Account): Account => ({
  type: 'STRICT',
  typeOfPerson: 'NATURAL',
  language: 'sv',
  nationality: 'SE',
  countryOfResidence: 'SE',
  uCountry: 'SE',
  kycStatus: 'UNVERIFIED',
  ...u,
});

/** Demo accounts (README lists them) and their news and to-do items. Runs once, on an empty database. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;

  const accounts: Account[] = [
    person({
      username: 'host@example.com',
      password: 'demo-host-1',
      firstName: 'Karin',
      lastName: 'Lindqvist',
      birthday: '1974-05-12',
      phone1: '+46701234567',
      uAddress1: 'Sjövägen 14',
      uPostalCode: '76291',
      uCity: 'Rimbo',
      uRegion: 'Stockholms län',
      bookingActive: true,
      bookingValid: true,
    }),
    person({
      username: 'guest@example.com',
      password: 'demo-guest-1',
      firstName: 'Erik',
      lastName: 'Johansson',
      birthday: '1988-11-03',
      phone1: '+46739876543',
      uAddress1: 'Kungsgatan 42',
      uPostalCode: '41119',
      uCity: 'Göteborg',
      uRegion: 'Västra Götalands län',
    }),
    person({ username: 'soft@example.com', type: 'SOFT', firstName: 'Maja', lastName: 'Berg', language: 'sv' }),
    person({
      username: 'company@example.com',
      password: 'demo-company-1',
      typeOfPerson: 'LEGAL',
      businessType: 'BUSINESS',
      businessName: 'Fjällstugor i Jämtland AB',
      companyNumber: '556677-8899',
      organizationNumber: '556677-8899',
      vatRegistered: 'YES',
      vatNumber: 'SE556677889901',
      vatRateTenths: 250,
      bankidVerifiedAt: new Date('2026-01-15T10:00:00Z'),
      firstName: 'Anders',
      lastName: 'Nilsson',
      birthday: '1969-02-21',
      phone1: '+46705551234',
      uAddress1: 'Storgatan 3',
      uPostalCode: '83130',
      uCity: 'Östersund',
      uRegion: 'Jämtlands län',
    }),
    person({
      username: 'admin@example.com',
      password: 'demo-admin-1',
      admin: true,
      firstName: 'Sara',
      lastName: 'Ek',
      birthday: '1990-08-30',
      phone1: '+46761112233',
      uAddress1: 'Drottninggatan 1',
      uPostalCode: '11151',
      uCity: 'Stockholm',
      uRegion: 'Stockholms län',
    }),
  ];

  const ids: Record<string, number> = {};
  for (const { password, ...account } of accounts) {
    const [created] = await db
      .insert(users)
      .values({ ...account, passwordHash: password ? await hashPassword(password) : null })
      .returning({ id: users.id });
    ids[account.username] = created!.id;
  }

  const day = 24 * 60 * 60 * 1000;
  const items = await db
    .insert(news)
    .values([
      {
        title: 'Nu kan du få utbetalningar snabbare',
        body: '<p>Från och med i höst betalar vi ut hyran till ditt bankkonto <strong>dagen efter incheckning</strong>.</p><p>Kontrollera att dina bankuppgifter är rätt under <a href="/dashboard/profile">Min profil</a>.</p>',
        publishedFrom: new Date(Date.now() - 2 * day),
      },
      {
        title: 'Uppdatera din kalender inför vintersäsongen',
        body: '<p>Gäster söker redan efter stugor till sportlovet. Stugor med en aktuell kalender får fler förfrågningar.</p><ul><li>Markera lediga veckor</li><li>Se över priserna för högsäsong</li></ul>',
        publishedFrom: new Date(Date.now() - 10 * day),
      },
      {
        title: 'Så skyddar du dig mot bedrägerier',
        body: '<p>Betala och kommunicera alltid via Stuga. Vi ber dig aldrig om kortuppgifter via e-post eller sms.</p>',
        publishedFrom: new Date(Date.now() - 40 * day),
      },
    ])
    .returning({ id: news.id });

  const ads = await seedCottages(db, ids['host@example.com']!);
  await seedConversations(db, { host: ids['host@example.com']!, guest: ids['guest@example.com']!, company: ids['company@example.com']! }, ads);
  await seedBookings(db, { host: ids['host@example.com']!, guest: ids['guest@example.com']! }, ads);

  const [recent, winter, fraud] = items.map((i) => i.id) as [number, number, number];
  for (const username of ['host@example.com', 'guest@example.com']) {
    const userId = ids[username]!;
    await db.insert(todos).values([
      { userId, type: 'UNREAD_NEWS', refId: recent, read: false },
      { userId, type: 'UNREAD_NEWS', refId: winter, read: false },
      { userId, type: 'UNREAD_NEWS', refId: fraud, read: true, createdAt: new Date(Date.now() - 40 * day) },
    ]);
  }
  return true;
}
