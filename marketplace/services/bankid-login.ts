import 'server-only';
import { eq } from 'drizzle-orm';
import { bankIdMismatches, birthDateOf, type BankIdField, type BankIdUser } from '@/lib/rules/bankid';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import type { SessionUser } from '../http/context';
import { ApiError } from '../http/errors';
import { bankId } from '../providers/bankid';
import { getUser, type UserRow } from './users';

export type BankIdLogin = { status: 'pending'; hintCode: string | null; qrData: string | null } | { status: 'success' };

/** BankID's failure hints the user can act on; anything else is 'There was an error contacting BankID'. */
const FAILURES: Record<string, string> = {
  userCancel: 'profile.bankidCancelled',
  cancelled: 'profile.bankidCancelled',
  expiredTransaction: 'profile.bankidExpired',
  startFailed: 'profile.bankidExpired',
};

/**
 * POST /api/auth/bankid/login (SPEC §4 "BankID login"): while BankID is pending, a fresh QR code;
 * when complete, the identity is compared with the profile — a mismatch lists the fields (with both
 * values) and changes nothing; a match marks the user BankID-verified and this session signed in
 * with BankID (which confirms profile saves for a while).
 */
export async function completeBankIdLogin(db: Db, actor: SessionUser, token: string): Promise<BankIdLogin> {
  const who = { userId: actor.id, cottageId: null };
  const poll = await bankId.poll(db, token, who);
  if (!poll) throw new ApiError(400, 'cottage.bankidError');
  if (poll.status === 'pending') return { status: 'pending', hintCode: poll.hintCode, qrData: poll.qrData };
  if (poll.status === 'failed' || !poll.user) throw new ApiError(400, FAILURES[poll.hintCode ?? ''] ?? 'cottage.bankidError');
  const profile = await getUser(db, actor.id);
  const mismatches = bankIdMismatches(profile, poll.user);
  if (mismatches.length) throw mismatch(profile, poll.user, mismatches);
  // Used once: a second collect of the same session is refused.
  if (!(await bankId.consume(db, token, who))) throw new ApiError(400, 'cottage.bankidError');
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ bankidVerifiedAt: profile.bankidVerifiedAt ?? now })
      .where(eq(users.id, actor.id));
    await tx.update(sessions).set({ bankidAt: now }).where(eq(sessions.id, actor.sessionId));
  });
  return { status: 'success' };
}

function mismatch(profile: UserRow, user: BankIdUser, fields: BankIdField[]) {
  const values: Record<BankIdField, [string | null, string | null]> = {
    first_name: [profile.firstName, user.givenName],
    last_name: [profile.lastName, user.surname],
    birthday: [profile.birthday, birthDateOf(user.personalNumber)],
  };
  const errors = fields.map((field) => ({ field, message: `cottage.bankidMismatch_${field}`, detail: { profile: values[field][0], bankid: values[field][1] } }));
  return new ApiError(400, 'cottage.bankidMismatch', errors, {}, {}, 'INFORMATION_MISSMATCH');
}
