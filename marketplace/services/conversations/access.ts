import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversations } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { ApiError } from '../../http/errors';

export type ConversationRow = typeof conversations.$inferSelect;
export type Role = 'host' | 'guest';

export const invalidConversation = () => new ApiError(404, 'chat.invalidConversation');

/** The conversation if the actor takes part in it; anyone else gets 'Invalid conversation.' */
export async function participantOf(db: Db, actor: SessionUser, id: number): Promise<{ conversation: ConversationRow; role: Role }> {
  const [conversation] = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
  if (!conversation) throw invalidConversation();
  if (conversation.hostId === actor.id) return { conversation, role: 'host' };
  if (conversation.guestId === actor.id) return { conversation, role: 'guest' };
  throw invalidConversation();
}
