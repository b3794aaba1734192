import 'server-only';
import { and, eq } from 'drizzle-orm';
import { bankIdQrData, type BankIdUser } from '@/lib/rules/bankid';
import type { Db } from '../db/client';
import { bankidSessions } from '../db/schema';
import { ApiError } from '../http/errors';
import { log } from '../log';
import { randomToken, sha256 } from '../services/crypto';
import { answerOrder, openOrder, type AppOutcome } from './bankid-emulation';
import { bankIdAppUrl, bankIdRp, RpError } from './bankid-rp';

/** A started identification is good for 10 minutes (BankID's own order lives 3). */
const SESSION_TTL_MS = 10 * 60 * 1000;

export type BankIdPoll = { status: 'pending' | 'complete' | 'failed'; hintCode: string | null; qrData: string | null; user: BankIdUser | null };

type Purpose = { userId: number; cottageId: number | null };

/** 'There was an error contacting BankID' for anything the RP API or the network does wrong. */
function contactError(error: unknown): never {
  if (error instanceof ApiError) throw error;
  log.warn({ err: error instanceof RpError ? error.errorCode : String(error) }, 'bankid: RP API call failed');
  throw new ApiError(503, 'cottage.bankidError');
}

/**
 * Our side of BankID identifications (an ad's verify dialog, or signing in with BankID before a
 * profile save): an RP order per session token, its result read from BankID (never from the browser).
 */
export const bankId = {
  async start(db: Db, input: Purpose & { returnUrl: string | null; endUserIp: string }) {
    const order = await bankIdRp.auth(input.endUserIp).catch(contactError);
    const token = randomToken();
    await db.insert(bankidSessions).values({
      tokenHash: sha256(token),
      userId: input.userId,
      cottageId: input.cottageId,
      orderRef: order.orderRef,
      qrStartToken: order.qrStartToken,
      qrStartSecret: order.qrStartSecret,
    });
    return { token, autoStartToken: order.autoStartToken, url: bankIdAppUrl(order.autoStartToken, token, input.returnUrl) };
  },

  /** The session's state, asking BankID while it is pending; null for an unknown, foreign or stale token. */
  async poll(db: Db, token: string, who: Purpose): Promise<BankIdPoll | null> {
    const row = await sessionOf(db, token, who);
    if (!row) return null;
    if (row.status !== 'pending' || !row.orderRef) return pollOf(row);
    const answer = await bankIdRp.collect(row.orderRef).catch(contactError);
    if (answer.status === 'pending') {
      const seconds = (Date.now() - row.createdAt.getTime()) / 1000;
      const qrData = row.qrStartToken && row.qrStartSecret ? bankIdQrData(row.qrStartToken, row.qrStartSecret, seconds) : null;
      return { status: 'pending', hintCode: answer.hintCode ?? null, qrData, user: null };
    }
    const user = answer.completionData?.user;
    const [updated] = await db
      .update(bankidSessions)
      .set(
        answer.status === 'complete' && user
          ? { status: 'complete', personalNumber: user.personalNumber, name: user.name, givenName: user.givenName, surname: user.surname, hintCode: null, completedAt: new Date() }
          : { status: 'failed', hintCode: answer.hintCode ?? 'failed', completedAt: new Date() },
      )
      .where(and(eq(bankidSessions.id, row.id), eq(bankidSessions.status, 'pending')))
      .returning();
    return pollOf(updated ?? (await sessionOf(db, token, who))!);
  },

  /** A completed identification, once: the session is used up by the first caller. */
  async consume(db: Db, token: string, who: Purpose): Promise<BankIdUser | null> {
    const result = await bankId.poll(db, token, who);
    if (result?.status !== 'complete' || !result.user) return null;
    const used = await db
      .update(bankidSessions)
      .set({ status: 'used' })
      .where(and(eq(bankidSessions.tokenHash, sha256(token)), eq(bankidSessions.status, 'complete')))
      .returning({ id: bankidSessions.id });
    return used.length ? result.user : null;
  },

  /** Sandbox app page: the session it was opened for (the order is now "started"). */
  async sandboxSession(db: Db, token: string) {
    const [row] = await db
      .select()
      .from(bankidSessions)
      .where(eq(bankidSessions.tokenHash, sha256(token)))
      .limit(1);
    if (!row?.orderRef) return null;
    // What the app shows is the order at BankID; our row learns it when the RP side collects.
    const status = row.status === 'used' ? 'used' : await openOrder(db, row.orderRef);
    return status ? { status, userId: row.userId } : null;
  },

  /** Sandbox app page: what the tester chose, given to the emulated BankID (the RP side learns it by collect). */
  async sandboxAnswer(db: Db, token: string, outcome: AppOutcome): Promise<boolean> {
    const [row] = await db
      .select({ orderRef: bankidSessions.orderRef })
      .from(bankidSessions)
      .where(eq(bankidSessions.tokenHash, sha256(token)))
      .limit(1);
    return row?.orderRef ? answerOrder(db, row.orderRef, outcome) : false;
  },
};

async function sessionOf(db: Db, token: string, who: Purpose) {
  const [row] = await db
    .select()
    .from(bankidSessions)
    .where(and(eq(bankidSessions.tokenHash, sha256(token)), eq(bankidSessions.userId, who.userId)))
    .limit(1);
  if (!row || row.cottageId !== who.cottageId || Date.now() - row.createdAt.getTime() > SESSION_TTL_MS) return null;
  return row;
}

function pollOf(row: typeof bankidSessions.$inferSelect): BankIdPoll {
  const complete = row.status === 'complete' && row.personalNumber && row.givenName !== null && row.surname !== null;
  return {
    status: row.status === 'used' ? 'failed' : row.status === 'complete' && !complete ? 'failed' : row.status,
    hintCode: row.status === 'used' ? 'alreadyUsed' : row.hintCode,
    qrData: null,
    user: complete ? { personalNumber: row.personalNumber!, givenName: row.givenName!, surname: row.surname! } : null,
  };
}
