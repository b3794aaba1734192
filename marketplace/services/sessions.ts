import 'server-only';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { SESSION_IDLE_MS, SESSION_MAX_AGE_MS } from '@/lib/constants';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import type { SessionUser } from '../http/context';
import { randomToken, sha256 } from './crypto';

const TOUCH_AFTER_MS = 5 * 60 * 1000;

/** Starts a session and returns its bearer token (only the hash is stored). */
export async function createSession(db: Db, userId: number): Promise<string> {
  const token = randomToken();
  await db.insert(sessions).values({ tokenHash: sha256(token), userId });
  return token;
}

/** The session lookup of every signed-in request, prepared once per database handle (planned once per connection). */
function sessionLookup(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      id: users.id,
      type: users.type,
      admin: users.admin,
      language: users.language,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), isNull(sessions.revokedAt)))
    .limit(1)
    .prepare('session_lookup');
}
const lookups = new WeakMap<Db, ReturnType<typeof sessionLookup>>();

/** The user behind a live session token, or null when unknown, revoked, too old or idle too long. */
export async function resolveSession(db: Db, token: string): Promise<SessionUser | null> {
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = sessionLookup(db)));
  const [row] = await lookup.execute({ hash: sha256(token) });
  if (!row) return null;
  const now = Date.now();
  if (now - row.createdAt.getTime() > SESSION_MAX_AGE_MS || now - row.lastUsedAt.getTime() > SESSION_IDLE_MS) return null;
  if (now - row.lastUsedAt.getTime() > TOUCH_AFTER_MS) {
    await db
      .update(sessions)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(sessions.id, row.sessionId));
  }
  return { id: row.id, type: row.type, admin: row.admin, language: row.language, sessionId: row.sessionId };
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Revokes every live session of a user, except `keepSessionId` when given. */
export async function revokeAllSessions(db: Db, userId: number, keepSessionId?: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keepSessionId ? ne(sessions.id, keepSessionId) : undefined));
}
