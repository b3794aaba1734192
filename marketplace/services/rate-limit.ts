import 'server-only';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import { RATE_LIMIT_PER_ACCOUNT, RATE_LIMIT_PER_ADDRESS, RATE_LIMIT_WINDOW_MS } from '@/lib/constants';
import type { Db } from '../db/client';
import { authAttempts } from '../db/schema';
import { ApiError } from '../http/errors';

type Action = 'login' | 'reset' | 'link';

/** Throws 429 while an account (10) or an address (100) has too many attempts in 15 minutes. */
export async function assertNotLimited(db: Db, action: Action, account: string, address: string): Promise<void> {
  const since = new Date(Date.now() - RATE_LIMIT_WINDOW_MS);
  const [byAccount] = await db
    .select({ n: count() })
    .from(authAttempts)
    .where(and(eq(authAttempts.action, action), eq(authAttempts.account, account), gt(authAttempts.createdAt, since)));
  const [byAddress] = await db
    .select({ n: count() })
    .from(authAttempts)
    .where(and(eq(authAttempts.action, action), eq(authAttempts.address, address), gt(authAttempts.createdAt, since)));
  if ((byAccount?.n ?? 0) >= RATE_LIMIT_PER_ACCOUNT || (byAddress?.n ?? 0) >= RATE_LIMIT_PER_ADDRESS) {
    throw new ApiError(429, 'errors.tooManyAttempts', [], {}, { 'Retry-After': String(RATE_LIMIT_WINDOW_MS / 1000) });
  }
}

export async function recordAttempt(db: Db, action: Action, account: string, address: string): Promise<void> {
  await db.insert(authAttempts).values({ action, account, address });
  // Keep the table small: attempts older than the window no longer count.
  if (Math.random() < 0.01) {
    await db.delete(authAttempts).where(lt(authAttempts.createdAt, new Date(Date.now() - RATE_LIMIT_WINDOW_MS)));
  }
}
