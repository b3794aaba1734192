import 'server-only';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authTokens, bankidSessions, bookingEvents, bookings, conversationFiles, conversations, hostReviews, messages, payins, sessions, todos, userEvents, users } from '../db/schema';
import type { SessionUser } from '../http/context';
import { ApiError } from '../http/errors';
import { hashPassword } from './crypto';
import { ownsAds } from './profile';
import { revokeAllSessions } from './sessions';
import { getUser, userView } from './users';

/** PUT /api/user?authenticate=true: a SOFT user's first password; the account becomes STRICT. */
export async function setFirstPassword(db: Db, actor: SessionUser, password: string) {
  const row = await getUser(db, actor.id);
  if (row.type === 'STRICT' || row.passwordHash) throw new ApiError(400, 'profile.passwordAlreadySet');
  const passwordHash = await hashPassword(password);
  const updated = await db
    .update(users)
    .set({ passwordHash, type: 'STRICT' })
    .where(and(eq(users.id, actor.id), eq(users.type, 'SOFT')))
    .returning();
  if (!updated[0]) throw new ApiError(400, 'profile.passwordAlreadySet');
  return userView(db, updated[0]);
}

/**
 * DELETE /api/user (SPEC §5): refused while the user owns ads. Otherwise the personal data is
 * erased at once and every session ends. Bookings, payments, payouts and messages stay (Swedish
 * bookkeeping law keeps records 7 years; the other party keeps their conversation), pointing at a
 * row that no longer says who it was: the person shows as 'Deleted'.
 */
export async function deleteAccount(db: Db, actor: SessionUser) {
  const ads = await ownsAds(db, actor.id);
  if (ads > 0) throw new ApiError(400, 'profile.deleteHasAds');
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t
      .update(users)
      .set({
        username: `deleted-${actor.id}@deleted.invalid`,
        passwordHash: null,
        type: 'SOFT',
        firstName: null,
        lastName: null,
        birthday: null,
        phone1: null,
        phone2: null,
        nationality: null,
        countryOfResidence: null,
        businessName: null,
        companyNumber: null,
        organizationNumber: null,
        personalNumber: null,
        tinNumber: null,
        vatNumber: null,
        vatRegistered: null,
        vatRateTenths: null,
        uAddress1: null,
        uAddress2: null,
        uPostalCode: null,
        uCity: null,
        uCountry: null,
        uRegion: null,
        hqAddress1: null,
        hqAddress2: null,
        hqPostalCode: null,
        hqCity: null,
        hqCountry: null,
        hqRegion: null,
        bankidVerifiedAt: null,
        deletedAt: new Date(),
      })
      .where(eq(users.id, actor.id));
    await t.delete(authTokens).where(eq(authTokens.userId, actor.id));
    await t.delete(bankidSessions).where(eq(bankidSessions.userId, actor.id));
    await t.delete(userEvents).where(eq(userEvents.userId, actor.id));
    await t.delete(todos).where(eq(todos.userId, actor.id));
    await revokeAllSessions(t, actor.id);
  });
  return { message: 'success' };
}

/**
 * GET /api/user/export (GDPR art. 15 and 20): everything stored about the user, as JSON — the
 * profile, the conversations they are in with their messages and files, their bookings with
 * events and payments, the host ratings they gave, their recorded events and sign-in sessions.
 */
export async function exportData(db: Db, actor: SessionUser) {
  const row = await getUser(db, actor.id);
  const theirConversations = await db
    .select()
    .from(conversations)
    .where(or(eq(conversations.hostId, actor.id), eq(conversations.guestId, actor.id)))
    .orderBy(asc(conversations.id));
  const conversationIds = theirConversations.map((c) => c.id);
  const theirBookings = await db
    .select()
    .from(bookings)
    .where(or(eq(bookings.hostId, actor.id), eq(bookings.guestId, actor.id)))
    .orderBy(asc(bookings.id));
  const bookingIds = theirBookings.map((b) => b.id);
  const within = <T>(ids: number[], load: () => Promise<T[]>) => (ids.length ? load() : Promise.resolve([] as T[]));
  const [allMessages, files, events, payments, ratings, recorded, signIns] = await Promise.all([
    within(conversationIds, () => db.select().from(messages).where(inArray(messages.conversationId, conversationIds)).orderBy(asc(messages.id))),
    within(conversationIds, () => db.select().from(conversationFiles).where(inArray(conversationFiles.conversationId, conversationIds)).orderBy(asc(conversationFiles.id))),
    within(bookingIds, () => db.select().from(bookingEvents).where(inArray(bookingEvents.bookingId, bookingIds)).orderBy(asc(bookingEvents.id))),
    within(bookingIds, () => db.select().from(payins).where(inArray(payins.bookingId, bookingIds)).orderBy(asc(payins.createdAt))),
    db.select().from(hostReviews).where(eq(hostReviews.guestId, actor.id)),
    db.select().from(userEvents).where(eq(userEvents.userId, actor.id)).orderBy(asc(userEvents.id)),
    db.select({ created_at: sessions.createdAt, last_used_at: sessions.lastUsedAt, revoked_at: sessions.revokedAt }).from(sessions).where(eq(sessions.userId, actor.id)),
  ]);
  // Only the visible side of a conversation: a host-only note is not the guest's data, and the other way round.
  const mine = (m: (typeof allMessages)[number]) => {
    const c = theirConversations.find((x) => x.id === m.conversationId);
    const side = c?.hostId === actor.id ? 'host' : 'guest';
    return m.visibleTo === 'all' || m.visibleTo === side;
  };
  return {
    exported_at: new Date().toISOString(),
    profile: await userView(db, row),
    conversations: theirConversations.map((c) => ({
      ...c,
      messages: allMessages.filter((m) => m.conversationId === c.id && mine(m) && m.deletedAt === null),
      files: files
        .filter((f) => f.conversationId === c.id)
        .map((f) => ({ id: f.id, file_name: f.fileName, size: f.size, content_type: f.contentType, created_at: f.createdAt, mine: f.userId === actor.id })),
    })),
    bookings: theirBookings.map((b) => ({
      ...b,
      events: events.filter((e) => e.bookingId === b.id),
      payments: payments.filter((p) => p.bookingId === b.id).map((p) => ({ id: p.id, amount: p.amount, status: p.status, created_at: p.createdAt })),
    })),
    host_ratings_given: ratings,
    events: recorded,
    sessions: signIns,
  };
}
