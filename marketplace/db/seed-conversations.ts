import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { randomBytes } from 'node:crypto';
import { storage } from '../providers/storage';
import { conversationFiles, conversationReads, conversations, conversationTags, messages, todos, users } from './schema';

const FIRST = [
  'Anna',
  'Lars',
  'Maria',
  'Johan',
  'Elin',
  'Oskar',
  'Sofia',
  'Nils',
  'Ida',
  'Gustav',
  'Ebba',
  'Viktor',
  'Alva',
  'Filip',
  'Klara',
  'Axel',
  'Wilma',
  'Hugo',
  'Saga',
  'Emil',
  'Linnea',
  'Isak',
  'Tove',
  'Albin',
  'Frida',
  'Erik',
  'Moa',
  'Leo',
];
const LAST = ['Andersson', 'Karlsson', 'Nilsson', 'Eriksson', 'Larsson', 'Olsson', 'Persson', 'Svensson', 'Gustafsson', 'Pettersson', 'Jonsson', 'Jansson', 'Hansson', 'Bengtsson'];

const GUEST_LINES = [
  'Hej! Är stugan ledig vecka 28?',
  'Vi är två vuxna och två barn. Går det bra med en hund?',
  'Finns det sängkläder och handdukar, eller tar vi med egna?',
  'Hur långt är det till närmaste badplats?',
  'Tack för snabbt svar!',
  'Kan vi checka in lite tidigare, runt klockan 13?',
  'Finns det laddning för elbil i närheten?',
  'Vi bokar gärna om priset gäller hela veckan.',
];
const HOST_LINES = [
  'Hej och välkommen! Ja, veckan är ledig just nu.',
  'Hundar går bra, men inte i sovrummen.',
  'Sängkläder finns att hyra för 150 kr per person.',
  'Det är 300 meter till badplatsen, med sandstrand och brygga.',
  'Tidig incheckning går bra om det inte är bytesdag.',
  'Jag skickar ett bokningserbjudande här i Stuga.',
  'Närmaste laddstolpe finns vid ICA i byn, 2 km bort.',
];

const day = 86_400_000;

type Plan = { cottageId: number; guestId: number; commission: boolean; count: number; startDaysAgo: number; spanDays: number; lastFromGuest: boolean };

async function addConversation(db: Db, hostId: number, plan: Plan) {
  const [c] = await db
    .insert(conversations)
    .values({ cottageId: plan.cottageId, hostId, guestId: plan.guestId, commission: plan.commission, createdAt: new Date(Date.now() - plan.startDaysAgo * day) })
    .returning();
  const start = Date.now() - plan.startDaysAgo * day;
  // Messages spread over spanDays from the start (never in the future).
  const step = Math.min(plan.spanDays * day, plan.startDaysAgo * day - 3_600_000) / Math.max(1, plan.count);
  const rows: (typeof messages.$inferInsert)[] = [];
  if (plan.commission) {
    rows.push({ conversationId: c!.id, type: 'communication_warning', visibleTo: 'guest', createdAt: new Date(start) });
    rows.push({ conversationId: c!.id, type: 'host_communication_warning', visibleTo: 'host', createdAt: new Date(start) });
  }
  for (let i = 0; i < plan.count; i++) {
    const fromGuest = plan.lastFromGuest ? (plan.count - 1 - i) % 2 === 0 : i % 2 === 0;
    const lines = fromGuest ? GUEST_LINES : HOST_LINES;
    rows.push({
      conversationId: c!.id,
      userId: fromGuest ? plan.guestId : hostId,
      type: 'text',
      text: lines[(i + plan.guestId) % lines.length]!,
      createdAt: new Date(start + step * (i + 1)),
    });
  }
  const inserted = await db.insert(messages).values(rows).returning({ id: messages.id, userId: messages.userId, createdAt: messages.createdAt });
  const last = inserted[inserted.length - 1]!;
  await db.update(conversations).set({ lastMessageAt: last.createdAt }).where(eq(conversations.id, c!.id));
  // Both sides have read everything, except the host when the guest wrote last.
  const lastByGuest = plan.lastFromGuest ? (inserted.filter((m) => m.userId === hostId).at(-1)?.id ?? 0) : last.id;
  await db.insert(conversationReads).values([
    { conversationId: c!.id, userId: plan.guestId, lastSeenMessageId: last.id },
    { conversationId: c!.id, userId: hostId, lastSeenMessageId: lastByGuest },
  ]);
  if (plan.lastFromGuest) await db.insert(todos).values({ userId: hostId, type: 'UNREAD_MESSAGES', refId: c!.id, conversationId: c!.id }).onConflictDoNothing();
  return c!.id;
}

/**
 * The demo host's conversations: a long one (220 messages over four months, with the contact
 * warnings) tagged Important, an unread one, an archived one, and enough others (31 in all) that
 * the inbox pages.
 */
export async function seedConversations(db: Db, ids: { host: number; guest: number; company: number }, ads: { commissionActive: number; fixed: number; hidden: number }) {
  const long = await addConversation(db, ids.host, { cottageId: ads.commissionActive, guestId: ids.company, commission: true, count: 220, startDaysAgo: 120, spanDays: 118, lastFromGuest: false });
  await db.insert(conversationTags).values({ conversationId: long, userId: ids.host, tagId: 1 });
  // A file in the long conversation: the host's directions, its latest message (read by the guest).
  const path = randomBytes(33).toString('base64url').slice(0, 44);
  const directions = Buffer.from('Vägbeskrivning till Röd stuga i Grisslehamn\n\nTa väg 76 mot Grisslehamn, sväng höger vid kyrkan och följ skyltarna mot Havsbandet.\n');
  await storage.put(`files/${path}`, directions, 'application/octet-stream');
  const [file] = await db
    .insert(conversationFiles)
    .values({ conversationId: long, userId: ids.host, path, fileName: 'vagbeskrivning.txt', size: directions.length, contentType: 'application/octet-stream' })
    .returning();
  const sentAt = new Date(Date.now() - 2 * day + 60_000);
  const [fileMessage] = await db
    .insert(messages)
    .values({ conversationId: long, userId: ids.host, type: 'file', text: 'vagbeskrivning.txt', resourceId: file!.id, meta: { size: directions.length }, createdAt: sentAt })
    .returning({ id: messages.id });
  await db.update(conversations).set({ lastMessageAt: sentAt }).where(eq(conversations.id, long));
  await db.update(conversationReads).set({ lastSeenMessageId: fileMessage!.id }).where(eq(conversationReads.conversationId, long));
  await addConversation(db, ids.host, { cottageId: ads.fixed, guestId: ids.guest, commission: false, count: 6, startDaysAgo: 3, spanDays: 3, lastFromGuest: true });
  const archived = await addConversation(db, ids.host, { cottageId: ads.hidden, guestId: ids.guest, commission: true, count: 4, startDaysAgo: 200, spanDays: 10, lastFromGuest: false });
  await db.insert(conversationTags).values({ conversationId: archived, userId: ids.host, tagId: 3 });

  const extra = await db
    .insert(users)
    .values(
      FIRST.map((first, i) => ({
        username: `gast${i + 1}@example.com`,
        type: 'SOFT' as const,
        firstName: first,
        lastName: LAST[i % LAST.length]!,
        language: 'sv',
      })),
    )
    .returning({ id: users.id });
  for (const [i, guest] of extra.entries()) {
    await addConversation(db, ids.host, {
      cottageId: i % 2 ? ads.fixed : ads.commissionActive,
      guestId: guest.id,
      commission: i % 2 === 0,
      count: 2 + (i % 3),
      startDaysAgo: 5 + i * 2,
      spanDays: 1 + (i % 3),
      lastFromGuest: i % 5 === 0,
    });
  }
}
