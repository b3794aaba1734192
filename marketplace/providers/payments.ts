import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { NIGHT_HOLD_MINUTES } from '@/lib/rules/booking';
import { sandboxCardOutcome } from '@/lib/rules/sandbox-cards';
import { config } from '../config';
import type { Db } from '../db/client';
import { sandboxTransactions, users } from '../db/schema';
import { notConfigured } from '../http/errors';
import { log } from '../log';
import { randomToken } from '../services/crypto';
import { mangoClient } from './mangopay-client';

export type CardType = 'CB_VISA_MASTERCARD' | 'AMEX';
export type RemotePayIn = { id: string; status: 'CREATED' | 'SUCCEEDED' | 'FAILED'; amount: number; resultCode: string | null; resultMessage: string | null };
export type Payer = { id: number; mangoUserId: string | null; firstName: string | null; lastName: string | null; username: string; language: string };

/**
 * The card payment provider (SPEC §7 "Payment provider"): a web card pay-in the browser is sent to,
 * its status read back from the provider (never from the browser), refunds and host payouts.
 */
export type PaymentProvider = {
  name: 'sandbox' | 'mangopay' | 'none';
  createCardPayIn(db: Db, input: { payer: Payer; amount: number; cardType: CardType; returnUrl: string; bookingId: number }): Promise<{ id: string; redirectUrl: string }>;
  getPayIn(db: Db, id: string): Promise<RemotePayIn | null>;
  /** Idempotent by key: the same key is the same refund at the provider, never a second one. */
  refund(db: Db, input: { payInId: string; amount: number; payer: Payer; idempotencyKey: string }): Promise<{ id: string; status: 'SUCCEEDED' | 'FAILED' }>;
  /** WAITING: nothing was done (the host has no account or bank details yet); CREATED: started at the provider. Idempotent by key. */
  payout(db: Db, input: { host: Payer; amount: number; bookingId: number; idempotencyKey: string }): Promise<PayoutResult>;
  /** Reconciliation: the refund or payout the provider made under this key, or null when it made none. */
  findByKey(db: Db, kind: 'REFUND' | 'PAYOUT', idempotencyKey: string): Promise<{ id: string; status: 'SUCCEEDED' | 'CREATED' | 'FAILED' } | null>;
};
export type PayoutResult = { id: string; status: 'SUCCEEDED' | 'CREATED' | 'FAILED' | 'WAITING' };

/** A new idempotency key for one refund or payout: 32 hex characters (MangoPay takes 16–36). */
export const newIdempotencyKey = () => randomBytes(16).toString('hex');

// ——— Sandbox: behaves like MangoPay's web card pay-in, on a local card page, with no real money. ———

const CARD_SESSION_MS = NIGHT_HOLD_MINUTES * 60_000;

const sandboxId = (kind: string) => `sbx_${kind}_${randomToken().slice(0, 24)}`;

const sandbox: PaymentProvider = {
  name: 'sandbox',
  async createCardPayIn(db, input) {
    const id = sandboxId('payin');
    await db.insert(sandboxTransactions).values({ id, kind: 'PAYIN', amount: input.amount, cardType: input.cardType, returnUrl: input.returnUrl });
    return { id, redirectUrl: `/sandbox/mangopay/${id}` };
  },
  async getPayIn(db, id) {
    const row = await sandboxPayments.payIn(db, id);
    if (!row) return null;
    return { id: row.id, status: row.status, amount: row.amount, resultCode: row.resultCode, resultMessage: row.resultMessage };
  },
  async refund(db, input) {
    const row = await sandboxOnce(db, 'REFUND', input.amount, input.idempotencyKey);
    return { id: row.id, status: row.status === 'FAILED' ? 'FAILED' : 'SUCCEEDED' };
  },
  async payout(db, input) {
    const row = await sandboxOnce(db, 'PAYOUT', input.amount, input.idempotencyKey);
    return { id: row.id, status: row.status };
  },
  async findByKey(db, kind, key) {
    const [row] = await db
      .select()
      .from(sandboxTransactions)
      .where(and(eq(sandboxTransactions.idempotencyKey, key), eq(sandboxTransactions.kind, kind)))
      .limit(1);
    return row ? { id: row.id, status: row.status } : null;
  },
};

/** Like MangoPay's Idempotency-Key: the first request with a key makes the transaction, every later one gets that same one back. */
async function sandboxOnce(db: Db, kind: 'REFUND' | 'PAYOUT', amount: number, key: string) {
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
  await db
    .update(sandboxTransactions)
    .set(
      code
        ? { status: 'FAILED', resultCode: code, resultMessage: SANDBOX_RESULT_MESSAGES[code] ?? 'Transaction refused', secureModePending: false }
        : { status: 'SUCCEEDED', resultCode: '000000', resultMessage: 'Success', secureModePending: false },
    )
    // Only a pay-in still waiting ends: a finished one never changes again.
    .where(and(eq(sandboxTransactions.id, id), eq(sandboxTransactions.status, 'CREATED')));
}

function returnTo(returnUrl: string | null, id: string) {
  const url = returnUrl ?? '/dashboard/bookings';
  return `${url}${url.includes('?') ? '&' : '?'}transactionId=${encodeURIComponent(id)}`;
}

// ——— MangoPay: the real provider through its Node SDK, when MANGOPAY_CLIENT_ID and MANGOPAY_API_KEY are set. ———

type MangoMoney = { Currency: string; Amount: number };
type MangoApi = {
  Users: { create(data: Record<string, unknown>): Promise<{ Id: string }>; getBankAccounts(userId: string): Promise<{ Id: string; Active?: boolean }[]> };
  PayIns: {
    create(data: Record<string, unknown>): Promise<{ Id: string; RedirectURL?: string; Status: string }>;
    get(id: string): Promise<{ Id: string; Status: string; ResultCode?: string; ResultMessage?: string; DebitedFunds: MangoMoney }>;
    createRefund(id: string, data: Record<string, unknown>, callback?: null, options?: MangoOptions): Promise<{ Id: string; Status: string }>;
  };
  Wallets: { create(data: Record<string, unknown>, callback?: null, options?: MangoOptions): Promise<{ Id: string }> };
  Transfers: { create(data: Record<string, unknown>, callback?: null, options?: MangoOptions): Promise<{ Id: string; Status: string }> };
  PayOuts: { create(data: Record<string, unknown>, callback?: null, options?: MangoOptions): Promise<{ Id: string; Status: string }> };
  Idempotency: { get(key: string, callback: null, options: { resolveWithFullResponse: true }): Promise<{ body?: { Resource?: { Id?: string; Status?: string } } }> };
};
type MangoOptions = { headers: Record<string, string> };
/** The SDK sends an Idempotency-Key header from the request options (its OptionsHelper.withIdempotency does the same). */
const once = (key: string): MangoOptions => ({ headers: { 'Idempotency-Key': key } });

export function mangopayProvider(settings: { clientId: string; apiKey: string; baseUrl: string; walletId: string; platformUserId: string }): PaymentProvider {
  const api = () => mangoClient<MangoApi>(settings);
  const money = (amount: number): MangoMoney => ({ Currency: 'SEK', Amount: amount });

  /** The user's MangoPay id, created (as a payer) on first use and kept. */
  async function mangoUser(db: Db, payer: Payer): Promise<string> {
    if (payer.mangoUserId) return payer.mangoUserId;
    const created = await (
      await api()
    ).Users.create({
      PersonType: 'NATURAL',
      FirstName: payer.firstName ?? '-',
      LastName: payer.lastName ?? '-',
      Email: payer.username,
      TermsAndConditionsAccepted: true,
      UserCategory: 'PAYER',
    });
    await db.update(users).set({ mangoUserId: created.Id }).where(eq(users.id, payer.id));
    return created.Id;
  }

  return {
    name: 'mangopay',
    async createCardPayIn(db, input) {
      const authorId = await mangoUser(db, input.payer);
      const payIn = await (
        await api()
      ).PayIns.create({
        PaymentType: 'CARD',
        ExecutionType: 'WEB',
        AuthorId: authorId,
        CreditedWalletId: settings.walletId,
        DebitedFunds: money(input.amount),
        Fees: money(0),
        CardType: input.cardType,
        ReturnURL: input.returnUrl.startsWith('http') ? input.returnUrl : `${config.publicUrl}${input.returnUrl}`,
        Culture: input.payer.language === 'en' ? 'EN' : 'SV',
        SecureMode: 'DEFAULT',
        Tag: `booking:${input.bookingId}`,
      });
      if (!payIn.RedirectURL) throw new Error(`MangoPay pay-in ${payIn.Id} has no RedirectURL (${payIn.Status})`);
      return { id: payIn.Id, redirectUrl: payIn.RedirectURL };
    },
    async getPayIn(_db, id) {
      try {
        const p = await (await api()).PayIns.get(id);
        const status = p.Status === 'SUCCEEDED' || p.Status === 'FAILED' ? p.Status : 'CREATED';
        return { id: p.Id, status, amount: p.DebitedFunds.Amount, resultCode: p.ResultCode ?? null, resultMessage: p.ResultMessage ?? null };
      } catch (error) {
        log.warn({ err: error, id }, 'mangopay pay-in lookup failed');
        return null;
      }
    },
    async refund(db, input) {
      const refund = await (
        await api()
      ).PayIns.createRefund(
        input.payInId,
        { AuthorId: await mangoUser(db, input.payer), DebitedFunds: money(input.amount), Fees: money(0), Tag: `refund:${input.idempotencyKey}` },
        null,
        once(input.idempotencyKey),
      );
      return { id: refund.Id, status: refund.Status === 'FAILED' ? 'FAILED' : 'SUCCEEDED' };
    },
    async payout(_db, input) {
      // The host needs a MangoPay account with a bank account (the payout settings); until then the payout waits.
      if (!input.host.mangoUserId) return { id: '', status: 'WAITING' };
      const mango = await api();
      const [account] = (await mango.Users.getBankAccounts(input.host.mangoUserId)).filter((a) => a.Active !== false);
      if (!account) return { id: '', status: 'WAITING' };
      // Each step has its own key derived from the payout's: a repeated payout repeats none of them.
      const wallet = await mango.Wallets.create({ Owners: [input.host.mangoUserId], Currency: 'SEK', Description: `booking ${input.bookingId}` }, null, once(`${input.idempotencyKey}-w`));
      // From the platform's wallet (its owner authors the transfer) to the host's.
      const transfer = await mango.Transfers.create(
        {
          AuthorId: settings.platformUserId,
          CreditedUserId: input.host.mangoUserId,
          DebitedFunds: money(input.amount),
          Fees: money(0),
          DebitedWalletId: settings.walletId,
          CreditedWalletId: wallet.Id,
          Tag: `booking:${input.bookingId}`,
        },
        null,
        once(`${input.idempotencyKey}-t`),
      );
      if (transfer.Status === 'FAILED') return { id: transfer.Id, status: 'WAITING' };
      const payout = await mango.PayOuts.create(
        {
          AuthorId: input.host.mangoUserId,
          DebitedFunds: money(input.amount),
          Fees: money(0),
          BankAccountId: account.Id,
          DebitedWalletId: wallet.Id,
          PaymentType: 'BANK_WIRE',
          BankWireRef: `Stuga ${input.bookingId}`,
          Tag: `booking:${input.bookingId}`,
        },
        null,
        once(`${input.idempotencyKey}-p`),
      );
      return { id: payout.Id, status: mangoStatus(payout.Status) };
    },
    async findByKey(_db, kind, key) {
      // MangoPay keeps the response it gave to each Idempotency-Key: a 404 means it never made one.
      // With the full response the SDK rejects with the HTTP status, so "never seen" (404) is told from a failure.
      try {
        const response = await (await api()).Idempotency.get(kind === 'PAYOUT' ? `${key}-p` : key, null, { resolveWithFullResponse: true });
        const resource = response.body?.Resource;
        if (!resource?.Id || !resource.Status) return null;
        return { id: resource.Id, status: mangoStatus(resource.Status) };
      } catch (error) {
        if ((error as { status?: number })?.status === 404) return null;
        throw error;
      }
    },
  };
}

const mangoStatus = (status: string) => (status === 'FAILED' ? 'FAILED' : status === 'SUCCEEDED' ? 'SUCCEEDED' : 'CREATED');

/** Neither MangoPay keys nor the sandbox: every payment answers 'not available' (never a fake success). */
const notConfiguredProvider: PaymentProvider = {
  name: 'none',
  createCardPayIn: async () => {
    throw notConfigured();
  },
  getPayIn: async () => null,
  refund: async () => {
    throw notConfigured();
  },
  payout: async () => ({ id: '', status: 'WAITING' }),
  findByKey: async () => null,
};

export const payments: PaymentProvider = config.mangopay ? mangopayProvider(config.mangopay) : config.sandbox ? sandbox : notConfiguredProvider;
