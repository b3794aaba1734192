import 'server-only';
import { personDto } from '../users';
import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { HOST_BOOKINGS_WINDOW_MONTHS } from '@/lib/rules/conversation';
import type { Db } from '../../db/client';
import { bookings, cottageImages, cottages, hostReviews, users } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { participantOf } from './access';
import { readMessages } from './messages';
import { tagsOf } from './tags';

/** GET /api/conversations/:id */
export async function conversationDto(db: Db, actor: SessionUser, id: number) {
  const { conversation, role } = await participantOf(db, actor, id);
  const otherId = role === 'host' ? conversation.guestId : conversation.hostId;
  const [[other], [cottage], tagRows, list, review, hostBookings, conversationBookings] = await Promise.all([
    db.select().from(users).where(eq(users.id, otherId)).limit(1),
    conversation.cottageId
      ? db
          .select({ id: cottages.id, title_sv: cottages.titleSv, image: cottageImages.filename })
          .from(cottages)
          .leftJoin(cottageImages, and(eq(cottageImages.cottageId, cottages.id), eq(cottageImages.weight, 0)))
          .where(eq(cottages.id, conversation.cottageId))
          .limit(1)
      : Promise.resolve([]),
    tagsOf(db, actor.id, [id]),
    readMessages(db, actor, id, {}),
    role === 'guest'
      ? db
          .select()
          .from(hostReviews)
          .where(and(eq(hostReviews.conversationId, id), eq(hostReviews.guestId, actor.id)))
          .limit(1)
      : Promise.resolve([]),
    hostBookingsIn18Months(db, conversation.hostId),
    paidBookingsIn(db, id),
  ]);
  return {
    id: conversation.id,
    role,
    cottage: cottage ?? null,
    // SPEC §6: phone numbers stay hidden until a booking in the conversation is paid.
    Users: [personDto(other, conversationBookings > 0)],
    Messages: list,
    tags: tagRows.map((t) => ({ id: t.id, tag: t.tag })),
    filters: { commission: conversation.commission, conversation_bookings: conversationBookings, total_host_bookings_18m: hostBookings, files: conversation.filesEnabled },
    HostReview: review[0] ? { recommended: review[0].recommended, details: review[0].details } : null,
    can_review_host: role === 'guest' && !review[0] && list.filter((m) => m.type === 'text').length > 1,
  };
}

/** SPEC §6: a host's paid bookings in the last 18 months (served by the host's bookings index). */
export async function hostBookingsIn18Months(db: Db, hostId: number): Promise<number> {
  const since = new Date();
  since.setMonth(since.getMonth() - HOST_BOOKINGS_WINDOW_MONTHS);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.hostId, hostId), isNotNull(bookings.paidAt), gte(bookings.paidAt, since)));
  return row?.n ?? 0;
}

/** Bookings of the conversation that were paid (cancelled later or not): they open the phone numbers. */
export async function paidBookingsIn(db: Db, conversationId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.conversationId, conversationId), isNotNull(bookings.paidAt)));
  return row?.n ?? 0;
}
