import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { actionUrlValid, isTerminal, resumeNext } from '@/lib/rules/sca';
import { config } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { SessionUser } from '../http/context';
import { ApiError } from '../http/errors';
import { payoutRecipients, scaEnrolment } from '../providers/mangopay-accounts';
import { getUser, type UserRow } from './users';

// SPEC §4 SCA, §7 /api/mango/recipients/*, /api/user/bank-status: the host confirms a new payout bank
// account with strong customer authentication at MangoPay. The account counts as added (and payouts
// may use it) once MangoPay says the recipient is ACTIVE; until then the action URL is kept 9.5 min.

/** Where the bank's page sends the host back: the payout page, with the recipient's id. */
export const scaReturnUrl = (recipientId: string) => `${config.publicUrl}/dashboard/payout?rid=${encodeURIComponent(recipientId)}`;
/** MangoPay's action URL takes the return address as its `returnUrl` parameter. */
export const withReturn = (actionUrl: string, recipientId: string) => `${actionUrl}${actionUrl.includes('?') ? '&' : '?'}returnUrl=${encodeURIComponent(scaReturnUrl(recipientId))}`;

/** The recipient's status at MangoPay; ACTIVE adds the bank account (once). */
async function sync(db: Db, row: UserRow, now: Date) {
  const remote = await payoutRecipients.status(row.mangoRecipientId!);
  let addedAt = row.bankAccountAddedAt;
  if (remote === 'ACTIVE' && !addedAt) {
    const [set] = await db
      .update(users)
      .set({ bankAccountAddedAt: now, scaBankActionUrl: null, scaBankActionAt: null })
      .where(and(eq(users.id, row.id), eq(users.mangoRecipientId, row.mangoRecipientId!), isNull(users.bankAccountAddedAt)))
      .returning({ at: users.bankAccountAddedAt });
    addedAt = set?.at ?? (await getUser(db, row.id)).bankAccountAddedAt;
  }
  return { remote, addedAt };
}

function ownRecipient(row: UserRow, recipientId: string | null) {
  if (!row.mangoRecipientId || (recipientId !== null && recipientId !== row.mangoRecipientId)) throw new ApiError(404, 'sca.missingRecipient');
}

/** GET /api/mango/recipients/{rid}/status — only the caller's own recipient. */
export async function recipientStatus(db: Db, actor: SessionUser, recipientId: string, now = new Date()) {
  const row = await getUser(db, actor.id);
  ownRecipient(row, recipientId);
  const { remote, addedAt } = await sync(db, row, now);
  const url = remote === 'PENDING' && row.scaBankActionUrl && actionUrlValid(row.scaBankActionAt, now) ? withReturn(row.scaBankActionUrl, row.mangoRecipientId!) : null;
  return { remote_status: remote, terminal: isTerminal(remote), ready: addedAt !== null, sca_bank_action_url: url };
}

/** POST /api/mango/recipients/resume: what the host does next ('next' with the action URL, 'done', 'start_over', 'resume_failed'). */
export async function resumeSca(db: Db, actor: SessionUser, now = new Date()) {
  const row = await getUser(db, actor.id);
  if (!row.mangoRecipientId) throw new ApiError(400, 'sca.missingRecipient');
  const { remote } = await sync(db, row, now).catch(() => ({ remote: null }));
  const next = resumeNext(remote, actionUrlValid(row.scaBankActionAt, now) && row.scaBankActionUrl !== null);
  return { data: { next, sca_bank_action_url: next === 'next' ? withReturn(row.scaBankActionUrl!, row.mangoRecipientId) : null } };
}

/** GET /api/user/bank-status: the payout bank account is added (its SCA done). */
export async function bankStatus(db: Db, actor: SessionUser) {
  const row = await getUser(db, actor.id);
  return { ready: row.bankAccountAddedAt !== null };
}

/**
 * POST /api/user/sca-enroll (SPEC §2 /profile/sca-enroll, §7): the host's own SCA enrolment at
 * MangoPay; answers the URL to send the browser to, with the return address as `returnUrl`.
 */
export async function startScaEnrolment(db: Db, actor: SessionUser, returnUrl: string | undefined) {
  if (!returnUrl) throw new ApiError(400, 'sca.missingReturnUrl');
  const row = await getUser(db, actor.id);
  // Only a payout account's owner enrols (a guest's MangoPay user is a payer): the host information comes first.
  if (!row.mangoUserId || !row.mangoBankAccountId) throw new ApiError(400, 'sca.noMangoUser');
  const url = await scaEnrolment.start(row.mangoUserId);
  return `${url}${url.includes('?') ? '&' : '?'}returnUrl=${encodeURIComponent(`${config.publicUrl}${returnUrl}`)}`;
}

/** GET /api/mango/user: the host's MangoPay UserStatus (ACTIVE once enrolled in SCA). */
export async function mangoUserStatus(db: Db, actor: SessionUser) {
  const row = await getUser(db, actor.id);
  if (!row.mangoUserId || !row.mangoBankAccountId) throw new ApiError(400, 'sca.noMangoUser');
  return { UserStatus: await scaEnrolment.userStatus(row.mangoUserId) };
}
