import 'server-only';
import type { Db } from '../db/client';
import type { SessionUser } from '../http/context';
import { ApiError, notFound } from '../http/errors';
import { bankIdMismatches, luhnDigit } from '@/lib/rules/bankid';
import { bankId } from '../providers/bankid';
import { hit, limits, perKey, userKey } from './rate-limit';
import { cottageDto, loadAny, touch, type CottageRow } from './cottages';
import { getUser, type UserRow } from './users';

// BankID identification of an ad's host (SPEC §8), and the sandbox BankID page's side of it.

/**
 * POST /api/cottages/{id}/verify: without a session BankID starts (rate-limited per user) and the
 * answer is where to go; with one it completes, and the ad is verified if BankID agrees with the profile.
 */
export async function verifyAd(db: Db, actor: SessionUser, row: CottageRow, session: string | undefined, endUserIp: string) {
  if (row.verifiedBy === 'BANKID' || row.verifiedBy === 'BOTH') throw new ApiError(400, 'cottage.alreadyVerified');
  if (!session) {
    await hit(db, perKey(limits.bankIdSession, userKey(actor.id)));
    const { url } = await bankId.start(db, { userId: actor.id, cottageId: row.id, returnUrl: `/dashboard/cottages/${row.id}/verify`, endUserIp });
    return { url };
  }
  const result = await bankId.consume(db, session, { userId: actor.id, cottageId: row.id });
  if (!result) throw new ApiError(400, 'cottage.bankidError');
  const profile = await getUser(db, actor.id);
  const mismatches = bankIdMismatches(profile, result);
  if (mismatches.length)
    throw new ApiError(
      400,
      'cottage.bankidMismatch',
      mismatches.map((field) => ({ field, message: `cottage.bankidMismatch_${field}` })),
    );
  await touch(db, row.id, { verifiedAt: new Date(), verifiedBy: 'BANKID' });
  return cottageDto(db, await loadAny(db, row.id));
}

/** The identities the sandbox BankID offers: the user's own (matching the profile), and a stranger's (to see a mismatch). */
function sandboxIdentities(profile: UserRow) {
  const birth = (profile.birthday ?? '1980-01-01').replace(/-/g, '');
  const serial = String(100 + (profile.id % 900));
  const own = { personal_number: `${birth}${serial}${luhnDigit(birth.slice(2) + serial)}`, given_name: profile.firstName ?? 'Test', surname: profile.lastName ?? 'Person' };
  const stranger = { personal_number: '198112289874', given_name: 'Sven', surname: 'Svensson' };
  return [own, stranger].map((i) => ({ ...i, name: `${i.given_name} ${i.surname}` }));
}

/** The sandbox BankID page: the caller's own session and the identities to answer with. */
export async function sandboxBankIdSession(db: Db, actor: SessionUser, token: string) {
  const session = await bankId.sandboxSession(db, token);
  if (!session || session.userId !== actor.id) throw notFound();
  return { status: session.status, identities: sandboxIdentities(await getUser(db, actor.id)) };
}

/** The tester answers a sandbox BankID session with one of the offered identities, or a failure. */
export async function answerSandboxBankId(
  db: Db,
  actor: SessionUser,
  token: string,
  choice: { personal_number?: string; fail?: boolean; outcome?: 'userCancel' | 'expiredTransaction' | 'startFailed' },
) {
  const session = await bankId.sandboxSession(db, token);
  if (!session || session.userId !== actor.id) throw notFound();
  const identity = sandboxIdentities(await getUser(db, actor.id)).find((i) => i.personal_number === choice.personal_number);
  if (!choice.fail && !choice.outcome && !identity) throw new ApiError(400, 'errors.form', [{ field: 'personal_number', message: 'errors.form' }]);
  const failure = choice.outcome ?? (choice.fail || !identity ? 'startFailed' : null);
  const ok = await bankId.sandboxAnswer(
    db,
    token,
    failure || !identity ? { fail: failure ?? 'startFailed' } : { identify: { personalNumber: identity.personal_number, givenName: identity.given_name, surname: identity.surname } },
  );
  if (!ok) throw new ApiError(400, 'cottage.bankidError');
}
