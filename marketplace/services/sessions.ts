import 'server-only';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { SESSION_IDLE_MS, SESSION_MAX_AGE_MS } from '@/lib/constants';
import { listen, type Db } from '../db/client';
import { preparedOnce } from '../db/prepared';
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

/** The session lookup of every signed-in request, prepared once per database handle (`preparedOnce`; planned once per connection). */
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
type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionLookup>['execute']>>[number];

/** A notification channel the database writes to (migration 0021) when a session or a user's session facts change. */
const CHANGES_CHANNEL = 'stuga_sessions';
const KEPT_FOR_MS = 60_000;
const KEPT_MAX = 10_000;

/**
 * The sessions this process has read, by token hash. The session read was half of a signed-in API
 * request's work on the bench (docs/performance.md); a live session is now read once a minute. The
 * database tells every instance when a session is revoked, deleted or its times change, or a user's type, admin flag,
 * language or deletion changes (triggers, migration 0021, LISTEN): the instance forgets that user's
 * sessions. Only while listening is anything kept; a read that began before a change is not kept.
 */
class KeptSessions {
  private rows = new Map<string, { row: SessionRow; until: number }>();
  private listening = false;
  /** Bumped by every change: a read that began under an older generation may hold what changed. */
  private generation = 0;

  constructor(db: Db) {
    listen(db, CHANGES_CHANNEL, {
      ready: () => {
        this.changed();
        this.listening = true;
      },
      message: (payload) => this.forgetUser(Number(payload)),
      lost: () => {
        this.listening = false;
        this.changed();
      },
    });
  }

  get(hash: string, now: number): SessionRow | null {
    const kept = this.rows.get(hash);
    if (!kept) return null;
    if (kept.until >= now && this.listening) return kept.row;
    this.rows.delete(hash);
    return null;
  }

  /** A read of the database, kept unless something changed while it ran. */
  async read(hash: string, read: () => Promise<SessionRow | undefined>): Promise<SessionRow | undefined> {
    const began = this.generation;
    const row = await read();
    if (row && this.listening && began === this.generation) {
      this.rows.set(hash, { row, until: Date.now() + KEPT_FOR_MS });
      // The oldest first (a Map keeps insertion order).
      if (this.rows.size > KEPT_MAX) this.rows.delete(this.rows.keys().next().value!);
    }
    return row;
  }

  forgetUser(userId: number) {
    this.generation++;
    for (const [hash, kept] of this.rows) if (kept.row.id === userId || !Number.isFinite(userId)) this.rows.delete(hash);
  }

  private changed() {
    this.generation++;
    this.rows.clear();
  }
}
// One set per process, on globalThis: the server bundles this module into more than one chunk, and a
// revocation through one must be forgotten by all at once, before the notification comes.
const shared = globalThis as unknown as { __stugaSessions?: { keptOf: WeakMap<Db, KeptSessions>; allKept: Set<KeptSessions> } };
const { keptOf, allKept } = (shared.__stugaSessions ??= { keptOf: new WeakMap(), allKept: new Set() });

function keptSessionsOf(db: Db) {
  let kept = keptOf.get(db);
  if (!kept) {
    keptOf.set(db, (kept = new KeptSessions(db)));
    allKept.add(kept);
  }
  return kept;
}

/** The user behind a live session token, or null when unknown, revoked, too old or idle too long. */
export async function resolveSession(db: Db, token: string): Promise<SessionUser | null> {
  const lookup = preparedOnce(db, 'session_lookup', sessionLookup);
  const kept = keptSessionsOf(db);
  const hash = sha256(token);
  const now = Date.now();
  const read = () => kept.read(hash, async () => (await lookup.execute({ hash }))[0]);
  const ended = (r: SessionRow) => now - r.createdAt.getTime() > SESSION_MAX_AGE_MS || now - r.lastUsedAt.getTime() > SESSION_IDLE_MS;
  let row: SessionRow | null | undefined = kept.get(hash, now);
  // A kept row that has ended is read again: another instance may have used the session since.
  if (!row || ended(row)) row = await read();
  if (!row || ended(row)) return null;
  if (now - row.lastUsedAt.getTime() > TOUCH_AFTER_MS) {
    row.lastUsedAt = new Date(now);
    await db.update(sessions).set({ lastUsedAt: row.lastUsedAt }).where(eq(sessions.id, row.sessionId));
  }
  return { id: row.id, type: row.type, admin: row.admin, language: row.language, sessionId: row.sessionId };
}

/** This process forgets a user's kept sessions now; other instances when the database's notification comes. */
function forgetHere(userId: number) {
  for (const kept of allKept) kept.forgetUser(userId);
}

export async function revokeSession(db: Db, userId: number, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  forgetHere(userId);
}

/** Revokes every live session of a user, except `keepSessionId` when given. */
export async function revokeAllSessions(db: Db, userId: number, keepSessionId?: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keepSessionId ? ne(sessions.id, keepSessionId) : undefined));
  forgetHere(userId);
}
