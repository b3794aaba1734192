import 'server-only';
import type { Db } from '../db/client';
import type { SessionUser } from '../http/context';
import { ApiError, notFound } from '../http/errors';
import { bankId } from '../providers/bankid';
import { hit, limits, perKey, userKey } from './rate-limit';
import { cottageDto, loadAny, touch, type CottageRow } from './cottages';
import { getUser, type UserRow } from './users';

// BankID identification of an ad's host (SPEC §8), and the sandbox BankID page's side of it.

/** SPEC §8: which profile fields BankID's answer contradicts. */
function bankIdMismatches(profile: UserRow, name: string, personalNumber: string): ('first_name' | 'last_name' | 'birthday')[] {
  const out: ('first_name' | 'last_name' | 'birthday')[] = [];
  // Whole words (or word sequences: "af Klint"), case-insensitive.
  const spaced = (s: string) => ` ${s.toLowerCase().trim().replace(/\s+/g, ' ')} `;
  const said = spaced(name);
  if (!profile.firstName || !said.includes(spaced(profile.firstName.split(/\s+/)[0]!))) out.push('first_name');
  if (!profile.lastName || !said.includes(spaced(profile.lastName))) out.push('last_name');
  if (!profile.birthday || personalNumber.slice(0, 8) !== profile.birthday.replace(/-/g, '')) out.push('birthday');
  return out;
}

/**
 * POST /api/cottages/{id}/verify: without a session BankID starts (rate-limited per user) and the
 * answer is where to go; with one it completes, and the ad is verified if BankID agrees with the profile.
 */
export async function verifyAd(db: Db, actor: SessionUser, row: CottageRow, session: string | undefined) {
  if (row.verifiedBy === 'BANKID' || row.verifiedBy === 'BOTH') throw new ApiError(400, 'cottage.alreadyVerified');
  if (!session) {
    await hit(db, perKey(limits.bankIdSession, userKey(actor.id)));
    const { url } = await bankId.start(db, { userId: actor.id, cottageId: row.id, returnUrl: `/dashboard/cottages/${row.id}/verify` });
    return { url };
  }
  const result = await bankId.collect(db, session, actor.id, row.id);
  if (!result || result.status !== 'complete' || !result.name || !result.personalNumber) throw new ApiError(400, 'cottage.bankidError');
  const profile = await getUser(db, actor.id);
  const mismatches = bankIdMismatches(profile, result.name, result.personalNumber);
  if (mismatches.length) throw new ApiError(400, 'cottage.bankidMismatch', mismatches.map((field) => ({ field, message: `cottage.bankidMismatch_${field}` })));
  await touch(db, row.id, { verifiedAt: new Date(), verifiedBy: 'BANKID' });
  return cottageDto(db, await loadAny(db, row.id));
}

/** The identities the sandbox BankID offers: the host's own, and a stranger's (to see a mismatch). */
function sandboxIdentities(profile: UserRow) {
  const birth = (profile.birthday ?? '1980-01-01').replace(/-/g, '');
  const own = { personal_number: `${birth}${String(1000 + (profile.id % 9000)).padStart(4, '0')}`, name: `${profile.firstName ?? ''} ${profile.lastName ?? ''}`.trim() };
  return [own, { personal_number: '198112289874', name: 'Sven Svensson' }];
}

/** The sandbox BankID page: the caller's own session and the identities to answer with. */
export async function sandboxBankIdSession(db: Db, actor: SessionUser, token: string) {
  const session = await bankId.sandboxSession(db, token);
  if (!session || session.userId !== actor.id) throw notFound();
  return { status: session.status, identities: sandboxIdentities(await getUser(db, actor.id)) };
}

/** The tester answers a sandbox BankID session with one of the offered identities, or a failure. */
export async function answerSandboxBankId(db: Db, actor: SessionUser, token: string, choice: { personal_number?: string; fail?: boolean }) {
  const session = await bankId.sandboxSession(db, token);
  if (!session || session.userId !== actor.id) throw notFound();
  const identity = sandboxIdentities(await getUser(db, actor.id)).find((i) => i.personal_number === choice.personal_number);
  if (!choice.fail && !identity) throw new ApiError(400, 'errors.form', [{ field: 'personal_number', message: 'errors.form' }]);
  const ok = await bankId.sandboxAnswer(db, token, choice.fail || !identity ? 'fail' : { personalNumber: identity.personal_number, name: identity.name });
  if (!ok) throw new ApiError(400, 'cottage.bankidError');
}
