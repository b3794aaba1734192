import 'server-only';
import { and, eq } from 'drizzle-orm';
import { showsContactWarning } from '@/lib/rules/conversation';
import type { Db } from '../../db/client';
import { conversations, cottages, messages } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { ApiError } from '../../http/errors';
import { hostBookingsIn18Months } from './detail';
import { postMessage } from './messages';

/** POST /api/conversations: a guest writes to the host of a public ad; the same ad continues the same conversation. */
export async function contactHost(db: Db, actor: SessionUser, input: { cottage_id: number; text: string; check_in?: string | null; check_out?: string | null; guests?: number | null }) {
  const [cottage] = await db.select().from(cottages).where(eq(cottages.id, input.cottage_id)).limit(1);
  if (!cottage || !cottage.reviewedAt || cottage.hiddenAt) throw new ApiError(404, 'errors.notFound');
  if (cottage.userId === actor.id) throw new ApiError(400, 'chat.ownAd');
  const meta = { check_in: input.check_in ?? null, check_out: input.check_out ?? null, guests: input.guests ?? null };
  const conversation = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const mine = and(eq(conversations.cottageId, cottage.id), eq(conversations.guestId, actor.id));
    const [existing] = await t.select().from(conversations).where(mine).limit(1);
    if (existing) return existing;
    // Several first messages at once: the unique (cottage, guest) index lets one insert; the others
    // wait for it to commit, insert nothing and continue the conversation it made.
    const [created] = await t
      .insert(conversations)
      .values({ cottageId: cottage.id, hostId: cottage.userId, guestId: actor.id, commission: cottage.commission === true })
      .onConflictDoNothing()
      .returning();
    if (!created) {
      const [winner] = await t.select().from(conversations).where(mine).limit(1);
      if (!winner) throw new ApiError(409, 'errors.generic');
      return winner;
    }
    const hostBookings = await hostBookingsIn18Months(t, created!.hostId);
    // SPEC §6: warnings about contact and payment outside the platform, as system messages per side.
    if (showsContactWarning({ role: 'guest', commission: created!.commission, conversationBookings: 0, hostBookings18m: hostBookings })) {
      await t.insert(messages).values({ conversationId: created!.id, type: 'communication_warning', visibleTo: 'guest' });
    }
    if (showsContactWarning({ role: 'host', commission: created!.commission, conversationBookings: 0, hostBookings18m: hostBookings })) {
      await t.insert(messages).values({ conversationId: created!.id, type: 'host_communication_warning', visibleTo: 'host' });
    }
    return created!;
  });
  await postMessage(db, actor, conversation, 'guest', input.text, meta);
  return { id: conversation.id };
}
