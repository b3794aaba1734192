import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { config } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { notConfigured } from '../http/errors';
import { log } from '../log';
import { mangoClient } from './mangopay-client';
import { mangopayEmulationUrl } from './mangopay-emulation';

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

type ProviderSettings = { clientId: string; apiKey: string; baseUrl: string | (() => Promise<string>); walletId: string; platformUserId: string };

/**
 * MangoPay through its official SDK: the real one with keys, or (name 'sandbox') the local emulation
 * of its API (providers/mangopay-emulation.ts), whose base URL is known once it listens.
 */
export function mangopayProvider(settings: ProviderSettings, name: 'mangopay' | 'sandbox' = 'mangopay'): PaymentProvider {
  const api = async () => mangoClient<MangoApi>({ ...settings, baseUrl: typeof settings.baseUrl === 'function' ? await settings.baseUrl() : settings.baseUrl });
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
    name,
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
      // Each step has its own key (the wallet's and transfer's derived from the payout's, which is the intent's own): a repeated payout repeats none of them.
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
        once(input.idempotencyKey),
      );
      return { id: payout.Id, status: mangoStatus(payout.Status) };
    },
    async findByKey(_db, _kind, key) {
      // MangoPay keeps the response it gave to each Idempotency-Key: a 404 means it never made one.
      // With the full response the SDK rejects with the HTTP status, so "never seen" (404) is told from a failure.
      try {
        const response = await (await api()).Idempotency.get(key, null, { resolveWithFullResponse: true });
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

/** The sandbox's platform: its escrow wallet and the wallet's owner at the emulation. */
const SANDBOX_PLATFORM = { clientId: 'stuga-sandbox', apiKey: 'sandbox-key', baseUrl: mangopayEmulationUrl, walletId: 'wallet_platform', platformUserId: 'user_platform' };

export const payments: PaymentProvider = config.mangopay ? mangopayProvider(config.mangopay) : config.sandbox ? mangopayProvider(SANDBOX_PLATFORM, 'sandbox') : notConfiguredProvider;
