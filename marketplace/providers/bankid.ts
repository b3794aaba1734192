import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { bankidSessions } from '../db/schema';
import { config } from '../config';
import { notConfigured } from '../http/errors';
import { randomToken, sha256 } from '../services/crypto';

export type BankIdResult = { status: 'pending' | 'complete' | 'failed' | 'used'; personalNumber: string | null; name: string | null };

const SESSION_TTL_MS = 10 * 60 * 1000;

/**
 * The BankID identification provider. The sandbox (the only adapter so far, and only with
 * STUGA_SANDBOX=1; the real RP API needs the relying party's client certificate) is a local page where the tester picks an identity and
 * is sent back, like the BankID app's return URL does.
 */
export const bankId = {
  async start(db: Db, input: { userId: number; cottageId: number | null; returnUrl: string }): Promise<{ url: string; token: string }> {
    if (!config.sandbox) throw notConfigured();
    const token = randomToken();
    await db.insert(bankidSessions).values({ tokenHash: sha256(token), userId: input.userId, cottageId: input.cottageId });
    return { url: `/sandbox/bankid/${token}?return=${encodeURIComponent(input.returnUrl)}`, token };
  },

  /**
   * The result of the user's identification for this ad, once: a completed session is used up, and
   * one started more than 10 minutes ago no longer counts.
   */
  async collect(db: Db, token: string, userId: number, cottageId: number | null): Promise<BankIdResult | null> {
    const [row] = await db
      .select()
      .from(bankidSessions)
      .where(and(eq(bankidSessions.tokenHash, sha256(token)), eq(bankidSessions.userId, userId)))
      .limit(1);
    if (!row || row.cottageId !== cottageId || Date.now() - row.createdAt.getTime() > SESSION_TTL_MS) return null;
    if (row.status === 'complete') {
      const used = await db
        .update(bankidSessions)
        .set({ status: 'used' })
        .where(and(eq(bankidSessions.id, row.id), eq(bankidSessions.status, 'complete')))
        .returning({ id: bankidSessions.id });
      if (!used.length) return null;
    }
    return { status: row.status, personalNumber: row.personalNumber, name: row.name };
  },

  /** Sandbox only: what the tester chose on the local BankID page. */
  async sandboxAnswer(db: Db, token: string, answer: { personalNumber: string; name: string } | 'fail'): Promise<boolean> {
    const values =
      answer === 'fail'
        ? { status: 'failed' as const, completedAt: new Date() }
        : { status: 'complete' as const, personalNumber: answer.personalNumber, name: answer.name, completedAt: new Date() };
    const rows = await db
      .update(bankidSessions)
      .set(values)
      .where(and(eq(bankidSessions.tokenHash, sha256(token)), eq(bankidSessions.status, 'pending')))
      .returning({ id: bankidSessions.id });
    return rows.length > 0;
  },

  async sandboxSession(db: Db, token: string) {
    const [row] = await db.select({ status: bankidSessions.status, userId: bankidSessions.userId }).from(bankidSessions).where(eq(bankidSessions.tokenHash, sha256(token))).limit(1);
    return row ?? null;
  },
};
