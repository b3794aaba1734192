import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { NIGHT_HOLD_MINUTES } from '@/lib/rules/booking';
import { sandboxCardOutcome } from '@/lib/rules/sandbox-cards';
import type { Db } from '../db/client';
import { getDb } from '../db/client';
import { sandboxTransactions } from '../db/schema';
import { randomToken } from '../services/crypto';
import { deliverHook } from './mangopay-emulation-hooks';

// The MangoPay emulation's money (providers/mangopay-emulation.ts serves these paths): web card
// pay-ins with their hosted card page (/sandbox/mangopay/{id}, 3-D Secure, result codes, the session
// that expires), refunds, wallets, transfers and bank-wire payouts, each idempotent by the
// Idempotency-Key header as MangoPay is, and GET /responses/{key}. Its books are sandbox_transactions.

const CARD_SESSION_MS = NIGHT_HOLD_MINUTES * 60_000;

const sandboxId = (kind: string) => `sbx_${kind}_${randomToken().slice(0, 24)}`;

/** Like MangoPay's Idempotency-Key: the first request with a key makes the transaction, every later one gets that same one back. */
export async function sandboxOnce(db: Db, kind: 'REFUND' | 'PAYOUT', amount: number, key: string) {
  const id = sandboxId(kind.toLowerCase());
  await db
    .insert(sandboxTransactions)
    .values({ id, kind, amount, status: 'SUCCEEDED', resultCode: '000000', resultMessage: 'Success', idempotencyKey: key })
    .onConflictDoNothing({ target: sandboxTransactions.idempotencyKey });
  const [row] = await db.select().from(sandboxTransactions).where(eq(sandboxTransactions.idempotencyKey, key)).limit(1);
  if (!row || row.kind !== kind || row.amount !== amount) throw new Error(`sandbox: idempotency key ${key} reused for another request`);
  return row;
}

/** The sandbox card page's questions: the pay-in waiting for a card, and what a card does to it. */
export const sandboxPayments = {
  /**
   * A pay-in as the provider sees it now. Like MangoPay's web card page, one left without a card
   * past its session (15 minutes, the nights' hold) has expired: 001034, it can never be paid.
   */
  async payIn(db: Db, id: string, now = new Date()): Promise<typeof sandboxTransactions.$inferSelect | null> {
    const [row] = await db.select().from(sandboxTransactions).where(eq(sandboxTransactions.id, id)).limit(1);
    if (!row || row.kind !== 'PAYIN') return null;
    if (row.status === 'CREATED' && now.getTime() - row.createdAt.getTime() > CARD_SESSION_MS) {
      await finish(db, id, '001034');
      return sandboxPayments.payIn(db, id, now);
    }
    return row;
  },
  /** The holder submits a card: it succeeds, fails with MangoPay's result code, or asks for 3-D Secure. */
  async submitCard(db: Db, id: string, card: { number: string; expiry: string; cvc: string }, now = new Date()): Promise<{ secure: boolean; redirect: string | null } | null> {
    const row = await sandboxPayments.payIn(db, id);
    if (!row || row.status !== 'CREATED' || row.secureModePending) return null;
    const outcome = sandboxCardOutcome(card, now);
    if (outcome.kind === 'secure') {
      await db.update(sandboxTransactions).set({ secureModePending: true }).where(eq(sandboxTransactions.id, id));
      return { secure: true, redirect: null };
    }
    await finish(db, id, outcome.kind === 'success' ? null : outcome.code);
    return { secure: false, redirect: returnTo(row.returnUrl, id) };
  },
  /** The 3-D Secure step: the holder approves (success) or refuses (101399). */
  async secure(db: Db, id: string, approve: boolean): Promise<string | null> {
    const row = await sandboxPayments.payIn(db, id);
    if (!row || row.status !== 'CREATED' || !row.secureModePending) return null;
    await finish(db, id, approve ? null : '101399');
    return returnTo(row.returnUrl, id);
  },
  /** The holder leaves the card page: MangoPay's 'user cancelled' (001031). */
  async cancel(db: Db, id: string): Promise<string | null> {
    const row = await sandboxPayments.payIn(db, id);
    if (!row || row.status !== 'CREATED') return null;
    await finish(db, id, '001031');
    return returnTo(row.returnUrl, id);
  },
};

/** MangoPay's own English result messages for the codes the sandbox produces. */
export const SANDBOX_RESULT_MESSAGES: Record<string, string> = {
  '001001': 'Unsufficient wallet balance',
  '001031': 'User has cancelled the payment',
  '001034': 'User has let the payment session expire without paying',
  '101105': 'Expiry date: card expired',
  '101399': 'Secure mode: 3DSecure authentication is not available',
  '105101': 'Invalid card number',
  '105102': 'Invalid cardholder name',
  '008001': 'Counterfeit Card',
  '008004': 'Card reported as lost',
  '008005': 'Card reported as stolen',
  '008505': 'Fraud policy error: max 10 card payments per day',
};

async function finish(db: Db, id: string, code: string | null) {
  const finished = await db
    .update(sandboxTransactions)
    .set(
      code
        ? { status: 'FAILED', resultCode: code, resultMessage: SANDBOX_RESULT_MESSAGES[code] ?? 'Transaction refused', secureModePending: false }
        : { status: 'SUCCEEDED', resultCode: '000000', resultMessage: 'Success', secureModePending: false },
    )
    // Only a pay-in still waiting ends: a finished one never changes again.
    .where(and(eq(sandboxTransactions.id, id), eq(sandboxTransactions.status, 'CREATED')))
    .returning({ id: sandboxTransactions.id });
  // MangoPay then sends the hook registered for the outcome (in the background, like MangoPay's).
  if (finished.length) void deliverHook(code ? 'PAYIN_NORMAL_FAILED' : 'PAYIN_NORMAL_SUCCEEDED', id);
}

function returnTo(returnUrl: string | null, id: string) {
  const url = returnUrl ?? '/dashboard/bookings';
  return `${url}${url.includes('?') ? '&' : '?'}transactionId=${encodeURIComponent(id)}`;
}

type Json = Record<string, unknown>;
const now = () => Math.floor(Date.now() / 1000);
const money = (amount: number) => ({ Currency: 'SEK', Amount: amount });
const keyOf = (c: Context) => c.req.header('idempotency-key') ?? null;

function payInJson(row: typeof sandboxTransactions.$inferSelect): Json {
  return {
    Id: row.id,
    Status: row.status,
    ResultCode: row.resultCode,
    ResultMessage: row.resultMessage,
    DebitedFunds: money(row.amount),
    Fees: money(0),
    CardType: row.cardType,
    PaymentType: 'CARD',
    ExecutionType: 'WEB',
    SecureMode: 'DEFAULT',
    CreationDate: Math.floor(row.createdAt.getTime() / 1000),
    RedirectURL: `/sandbox/mangopay/${row.id}`,
    ReturnURL: row.returnUrl,
  };
}
const transactionJson = (row: typeof sandboxTransactions.$inferSelect, type: 'REFUND' | 'PAYOUT'): Json => ({
  Id: row.id,
  Type: type,
  Status: row.status,
  ResultCode: row.resultCode,
  ResultMessage: row.resultMessage,
  DebitedFunds: money(row.amount),
  CreationDate: Math.floor(row.createdAt.getTime() / 1000),
});

type Errors = (c: Context, errors: Record<string, string>) => Response;

/** MangoPay's money paths on the emulation's app (`paramError`/`notFound` answer as MangoPay does). */
export function emulatePayments(app: Hono, bodyOf: (c: Context) => Promise<Json | null>, paramError: Errors, notFound: (c: Context) => Response) {
  const createPayIn = async (c: Context) => {
    const body = await bodyOf(c);
    const amount = Number((body?.DebitedFunds as Json | undefined)?.Amount);
    if (!body || !Number.isInteger(amount) || amount <= 0) return paramError(c, { DebitedFunds: 'The DebitedFunds field is required.' });
    if (!body.AuthorId || !body.CreditedWalletId || !body.ReturnURL) return paramError(c, { AuthorId: 'AuthorId, CreditedWalletId and ReturnURL are required.' });
    const id = sandboxId('payin');
    const db = await getDb();
    await db.insert(sandboxTransactions).values({ id, kind: 'PAYIN', amount, cardType: String(body.CardType ?? 'CB_VISA_MASTERCARD'), returnUrl: String(body.ReturnURL) });
    return c.json(payInJson((await sandboxPayments.payIn(db, id))!));
  };
  app.post('/:client/payins/card/web/', createPayIn);
  app.post('/:client/payins/card/web', createPayIn);
  app.get('/:client/payins/:id', async (c) => {
    const row = await sandboxPayments.payIn(await getDb(), c.req.param('id'));
    return row ? c.json(payInJson(row)) : notFound(c);
  });
  app.post('/:client/payins/:id/refunds', async (c) => {
    const db = await getDb();
    const payIn = await sandboxPayments.payIn(db, c.req.param('id'));
    if (!payIn || payIn.status !== 'SUCCEEDED') return notFound(c);
    const body = await bodyOf(c);
    const amount = Number((body?.DebitedFunds as Json | undefined)?.Amount ?? payIn.amount);
    if (!Number.isInteger(amount) || amount <= 0 || amount > payIn.amount) return paramError(c, { DebitedFunds: 'The refund amount is not valid.' });
    const row = await sandboxOnce(db, 'REFUND', amount, keyOf(c) ?? sandboxId('key'));
    return c.json(transactionJson(row, 'REFUND'));
  });
  // Wallets and transfers move money between MangoPay accounts: the same key is the same object.
  app.post('/:client/wallets', async (c) => {
    const body = await bodyOf(c);
    if (!Array.isArray(body?.Owners) || !body.Currency) return paramError(c, { Owners: 'Owners and Currency are required.' });
    const key = keyOf(c);
    return c.json({ Id: key ? `wallet_${key}` : sandboxId('wallet'), Owners: body.Owners, Currency: body.Currency, Balance: money(0), CreationDate: now() });
  });
  app.post('/:client/transfers', async (c) => {
    const body = await bodyOf(c);
    if (!body?.DebitedWalletId || !body.CreditedWalletId) return paramError(c, { DebitedWalletId: 'DebitedWalletId and CreditedWalletId are required.' });
    const key = keyOf(c);
    return c.json({ Id: key ? `transfer_${key}` : sandboxId('transfer'), Status: 'SUCCEEDED', ResultCode: '000000', DebitedFunds: body.DebitedFunds, CreationDate: now() });
  });
  const payOut = async (c: Context) => {
    const body = await bodyOf(c);
    const amount = Number((body?.DebitedFunds as Json | undefined)?.Amount);
    if (!body?.BankAccountId || !Number.isInteger(amount) || amount <= 0) return paramError(c, { BankAccountId: 'BankAccountId and DebitedFunds are required.' });
    const row = await sandboxOnce(await getDb(), 'PAYOUT', amount, keyOf(c) ?? sandboxId('key'));
    return c.json(transactionJson(row, 'PAYOUT'));
  };
  app.post('/:client/payouts/bankwire/', payOut);
  app.post('/:client/payouts/bankwire', payOut);
  // What MangoPay answered to a key (reconciliation after a crash): 404 when it never saw it.
  app.get('/:client/responses/:key', async (c) => {
    const [row] = await (
      await getDb()
    )
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.idempotencyKey, c.req.param('key')))
      .limit(1);
    if (!row || row.kind === 'PAYIN') return notFound(c);
    return c.json({ StatusCode: '200', ContentType: 'application/json', Date: now(), Resource: transactionJson(row, row.kind) });
  });
}
