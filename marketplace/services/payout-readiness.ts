import 'server-only';
import { and, eq } from 'drizzle-orm';
import { payoutGaps, type PayoutGap } from '@/lib/rules/payout';
import type { Db } from '../db/client';
import { todos, users } from '../db/schema';
import { dashboardUrl, sendLinkMail } from './auth-mail';

/**
 * Issue 15: a payout leaves only for a host with an active bank account and verified ID documents.
 * Until then it waits; the host has a PAYOUT_WAITING to-do (one, however many payouts wait) and one
 * e-mail per waiting streak saying what is missing. When nothing is missing the to-do closes.
 * Answers the gaps (empty: the payout may go).
 */
export async function payoutReadiness(db: Db, hostId: number): Promise<PayoutGap[]> {
  const [host] = await db
    .select({ kycStatus: users.kycStatus, bankAccount: users.bankAccountAddedAt, username: users.username, language: users.language })
    .from(users)
    .where(eq(users.id, hostId))
    .limit(1);
  if (!host) return ['bankAccount', 'idVerification'];
  const gaps = payoutGaps({ bank_account: host.bankAccount !== null, kyc_status: host.kycStatus });
  if (gaps.length === 0) {
    await db
      .update(todos)
      .set({ read: true })
      .where(and(eq(todos.userId, hostId), eq(todos.type, 'PAYOUT_WAITING'), eq(todos.read, false)));
    return gaps;
  }
  // One statement opens the to-do: only the run that found it missing or read gets a row back, so the e-mail goes once.
  const opened = await db
    .insert(todos)
    .values({ userId: hostId, type: 'PAYOUT_WAITING', refId: hostId })
    .onConflictDoUpdate({ target: [todos.userId, todos.type, todos.refId], set: { read: false, createdAt: new Date() }, setWhere: eq(todos.read, true) })
    .returning({ id: todos.id });
  if (opened.length) await sendLinkMail(db, host.username, host.language, 'payoutWaiting', dashboardUrl('/profile/payout'), gaps);
  return gaps;
}
