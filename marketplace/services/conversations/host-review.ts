import 'server-only';
import { and, eq } from 'drizzle-orm';
import type * as z from 'zod/mini';
import { sameVerdict } from '@/lib/rules/conversation';
import type { hostReviewBody } from '@/lib/schemas/conversation';
import type { Db } from '../../db/client';
import { hostReviews } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { ApiError } from '../../http/errors';
import { conversationDto } from './detail';

type HostReviewInput = z.output<typeof hostReviewBody>;

/**
 * POST /api/conversations/:id/review: the guest rates the host, anonymously and once (SPEC §6). The
 * unique (conversation, guest) index decides between requests at the same moment; the same verdict
 * sent again answers like the first, a different one is refused.
 */
export async function reviewHost(db: Db, actor: SessionUser, id: number, input: HostReviewInput) {
  const before = await conversationDto(db, actor, id);
  if (before.HostReview) {
    if (sameVerdict(before.HostReview, input)) return before;
    throw new ApiError(400, 'chat.cannotReview');
  }
  if (!before.can_review_host) throw new ApiError(400, 'chat.cannotReview');
  const [inserted] = await db
    .insert(hostReviews)
    .values({ conversationId: id, guestId: actor.id, recommended: input.recommended, details: input.details })
    .onConflictDoNothing()
    .returning({ id: hostReviews.id });
  if (!inserted) {
    const [stored] = await db
      .select()
      .from(hostReviews)
      .where(and(eq(hostReviews.conversationId, id), eq(hostReviews.guestId, actor.id)))
      .limit(1);
    if (!stored || !sameVerdict(stored, input)) throw new ApiError(400, 'chat.cannotReview');
  }
  return conversationDto(db, actor, id);
}
