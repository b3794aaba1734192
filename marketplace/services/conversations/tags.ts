import 'server-only';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { FIXED_TAG_IDS } from '@/lib/rules/conversation';
import type { Db } from '../../db/client';
import { conversations, conversationTagNames, conversationTags } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { ApiError } from '../../http/errors';

// The user's tags: the fixed ones and their own, and which conversations carry them.

/** The actor's tags on these conversations. */
export async function tagsOf(db: Db, actorId: number, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ conversationId: conversationTags.conversationId, id: conversationTagNames.id, tag: conversationTagNames.tag })
    .from(conversationTags)
    .innerJoin(conversationTagNames, eq(conversationTagNames.id, conversationTags.tagId))
    .where(and(eq(conversationTags.userId, actorId), inArray(conversationTags.conversationId, ids)));
}

/** POST /{id}/tag: the actor's tags on the conversation (fixed 1–3 or their own). */
export async function setTags(db: Db, actor: SessionUser, conversationId: number, tagIds: number[]) {
  const unique = [...new Set(tagIds)];
  if (unique.length) {
    const allowed = await db
      .select({ id: conversationTagNames.id })
      .from(conversationTagNames)
      .where(and(inArray(conversationTagNames.id, unique), or(isNull(conversationTagNames.userId), eq(conversationTagNames.userId, actor.id))));
    if (allowed.length !== unique.length) throw new ApiError(400, 'errors.form', [{ field: 'tags', message: 'errors.form' }]);
  }
  await db.transaction(async (tx) => {
    // Saves of the same conversation's tags take turns (the conversation row is locked until commit): the last one wins whole.
    await tx.select({ id: conversations.id }).from(conversations).where(eq(conversations.id, conversationId)).for('update');
    await tx.delete(conversationTags).where(and(eq(conversationTags.conversationId, conversationId), eq(conversationTags.userId, actor.id)));
    if (unique.length)
      await tx
        .insert(conversationTags)
        .values(unique.map((tagId) => ({ conversationId, userId: actor.id, tagId })))
        .onConflictDoNothing();
  });
  return (await tagsOf(db, actor.id, [conversationId])).map((t) => ({ id: t.id, tag: t.tag }));
}

/** GET /api/tags: the fixed tags and the user's own, with how often the user uses each. */
export async function listTags(db: Db, actor: SessionUser) {
  const rows = await db.execute(sql`
    select t.id, t.tag, (select count(*)::int from ${conversationTags} ct where ct.tag_id = t.id and ct.user_id = ${actor.id}) as used
    from ${conversationTagNames} t where t.user_id is null or t.user_id = ${actor.id} order by t.id`);
  return (rows as unknown as { rows: { id: number; tag: string; used: number }[] }).rows.map((r) => ({ ...r, fixed: (FIXED_TAG_IDS as readonly number[]).includes(r.id) }));
}

export async function createTag(db: Db, actor: SessionUser, tag: string) {
  await db.insert(conversationTagNames).values({ userId: actor.id, tag }).onConflictDoNothing();
  const [row] = await db
    .select({ id: conversationTagNames.id, tag: conversationTagNames.tag })
    .from(conversationTagNames)
    .where(and(eq(conversationTagNames.userId, actor.id), eq(conversationTagNames.tag, tag)))
    .limit(1);
  return row!;
}
