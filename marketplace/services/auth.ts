import 'server-only';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { LOGIN_LINK_TTL_MS, RESET_LINK_TTL_MS } from '@/lib/constants';
import { safeNext } from '@/lib/rules/next-path';
import type { Db } from '../db/client';
import { authTokens, users } from '../db/schema';
import type { SessionUser } from '../http/context';
import { ApiError } from '../http/errors';
import { dashboardUrl, sendLinkMail } from './auth-mail';
import { hashPassword, randomToken, sha256, verifyPassword } from './crypto';
import { addressBucket } from '@/lib/rules/client-address';
import { addressKey, clear, hit, limits, refund } from './rate-limit';
import { createSession, revokeAllSessions } from './sessions';
import { findUserByUsername, getUser } from './users';

// A hash to verify against when the account is unknown, so timing does not reveal accounts.
let decoy: Promise<string> | null = null;

/** POST /api/user/checkUsername: whether an account exists; limited per address, since it tells who has one. */
export async function checkUsername(db: Db, username: string, address: string) {
  await hit(db, [[limits.checkUsername, addressKey(address)]]);
  const user = await findUserByUsername(db, username);
  return { exists: Boolean(user), type: user?.type ?? null };
}

/**
 * POST /api/auth/login: `{ message: 'success' }` and a session token, or a clear refusal. Each
 * attempt counts as a failure before the password is checked, so concurrent guesses cannot pass
 * the count; a right password gives its count back. Failures slow down only this account from this
 * address (others, the owner at home among them, still sign in) and are capped per address.
 */
export async function login(db: Db, username: string, password: string, address: string) {
  const now = new Date();
  const byAddress = [limits.loginAddress, addressKey(address)] as const;
  const pair = [limits.loginPair, `${username.toLowerCase()}\n${addressBucket(address)}`] as const;
  await hit(db, [byAddress, pair], now);
  const user = await findUserByUsername(db, username);
  if (!user || !user.passwordHash) {
    decoy ??= hashPassword(randomToken());
    await verifyPassword(await decoy, password);
    throw new ApiError(400, 'errors.failedLogin');
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw new ApiError(400, 'errors.passwordMismatch');
  await refund(db, [byAddress], now);
  await clear(db, ...pair);
  return { token: await createSession(db, user.id), user };
}

async function issueToken(db: Db, userId: number, kind: 'login' | 'reset'): Promise<string> {
  const token = randomToken();
  const ttl = kind === 'login' ? LOGIN_LINK_TTL_MS : RESET_LINK_TTL_MS;
  await db.insert(authTokens).values({ kind, userId, tokenHash: sha256(token), expiresAt: new Date(Date.now() + ttl) });
  return token;
}

/** Marks a live token used and returns its user id; the same token never works twice. */
async function consumeToken(db: Db, token: string, kind: 'login' | 'reset'): Promise<number> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.tokenHash, sha256(token)), eq(authTokens.kind, kind), isNull(authTokens.usedAt), gt(authTokens.expiresAt, new Date())))
    .returning({ userId: authTokens.userId });
  if (!row) throw new ApiError(400, kind === 'login' ? 'errors.invalidToken' : 'errors.invalidResetLink');
  return row.userId;
}

/** POST /api/user/send-auth-token: e-mails a 24 h single-use login link; silent for unknown e-mails. */
export async function sendLoginLink(db: Db, username: string, address: string, next?: string | null) {
  await hitLinkBudget(db, username, address);
  const user = await findUserByUsername(db, username);
  if (user) await mailLoginLink(db, user, next);
}

/** Login links have a budget of their own, apart from password sign-in: a throttled owner can still get one. */
const hitLinkBudget = (db: Db, username: string, address: string) =>
  hit(db, [
    [limits.linkAccount, username.toLowerCase()],
    [limits.linkAddress, addressKey(address)],
  ]);

async function mailLoginLink(db: Db, user: { id: number; username: string; language: string }, next?: string | null) {
  const token = await issueToken(db, user.id, 'login');
  const target = safeNext(next);
  const query = new URLSearchParams({ token, ...(target ? { pathname: target.slice(1) } : {}) });
  await sendLinkMail(db, user.username, user.language, 'loginLink', dashboardUrl(`/redirect?${query}`));
}

/** POST /api/user?autenticate=yes: a new SOFT account, signed in through the e-mailed link. */
export async function createAccount(db: Db, username: string, language: string, address: string) {
  const exists = () => new ApiError(400, 'errors.userExists', [{ field: 'username', message: 'errors.userExists' }]);
  await hitLinkBudget(db, username, address);
  if (await findUserByUsername(db, username)) throw exists();
  // ON CONFLICT: two simultaneous requests for one e-mail create one account and a clear refusal.
  const [user] = await db.insert(users).values({ username, language, type: 'SOFT' }).onConflictDoNothing().returning();
  if (!user) throw exists();
  await mailLoginLink(db, user);
  return user;
}

export async function loginWithToken(db: Db, token: string) {
  const userId = await consumeToken(db, token, 'login');
  return { token: await createSession(db, userId), user: await getUser(db, userId) };
}

/** POST /api/auth/request-reset-password: e-mails a 1 h reset link; silent for unknown e-mails. */
export async function requestPasswordReset(db: Db, username: string, address: string) {
  await hit(db, [
    [limits.resetAccount, username.toLowerCase()],
    [limits.resetAddress, addressKey(address)],
  ]);
  const user = await findUserByUsername(db, username);
  if (!user) return;
  const token = await issueToken(db, user.id, 'reset');
  await sendLinkMail(db, user.username, user.language, 'reset', dashboardUrl(`/reset-password/${token}`));
}

export async function checkResetToken(db: Db, token: string) {
  const [row] = await db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, sha256(token)), eq(authTokens.kind, 'reset'), isNull(authTokens.usedAt), gt(authTokens.expiresAt, new Date())))
    .limit(1);
  if (!row) throw new ApiError(404, 'errors.invalidResetLink');
  return { valid: true };
}

/** Sets the new password, makes the account STRICT and signs every device out. */
export async function resetPassword(db: Db, hash: string, password: string) {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const userId = await consumeToken(tx as unknown as Db, hash, 'reset');
    await tx.update(users).set({ passwordHash, type: 'STRICT' }).where(eq(users.id, userId));
    await revokeAllSessions(tx as unknown as Db, userId);
    await expireOpenTokens(tx as unknown as Db, userId);
  });
}

export async function changePassword(db: Db, actor: SessionUser, oldPassword: string, password: string) {
  const user = await getUser(db, actor.id);
  if (!(await verifyPassword(user.passwordHash, oldPassword))) {
    throw new ApiError(400, 'errors.currentPasswordIncorrect', [{ field: 'old_password', message: 'errors.currentPasswordIncorrect' }]);
  }
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, type: 'STRICT' }).where(eq(users.id, actor.id));
    // Other devices are signed out; this one stays signed in.
    await revokeAllSessions(tx as unknown as Db, actor.id, actor.sessionId);
    await expireOpenTokens(tx as unknown as Db, actor.id);
  });
}

/** Once the password changed, earlier login and reset links stop working. */
async function expireOpenTokens(db: Db, userId: number) {
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.usedAt)));
}
