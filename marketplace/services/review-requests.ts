import 'server-only';
import type { Db } from '../db/client';
import { messages } from '../db/schema';
import type { SessionUser } from '../http/context';
import { ApiError } from '../http/errors';
import { canAskForReview, lastEndedStay } from './bookings/conversation-bookings';
import type { ConversationRow } from './conversations/access';
import { afterOwnMessage } from './conversations/messages';

/**
 * POST /api/conversations/{id}/messages/ask-for-review: the host asks the guest to review the stay
 * that ended last, once per stay. The unique index on (conversation, stay) makes a second request at
 * the same moment insert nothing.
 */
export async function askForReview(db: Db, actor: SessionUser, conversation: ConversationRow, role: 'host' | 'guest') {
  if (!(await canAskForReview(db, conversation.id, role))) throw new ApiError(400, 'chat.cannotAskForReview');
  const [message] = await db
    .insert(messages)
    .values({ conversationId: conversation.id, userId: actor.id, type: 'ask_for_review', meta: { cottage_id: conversation.cottageId, booking_id: await lastEndedStay(db, conversation.id) } })
    .onConflictDoNothing()
    .returning();
  if (!message) throw new ApiError(400, 'chat.cannotAskForReview');
  return afterOwnMessage(db, actor, conversation, role, message);
}
