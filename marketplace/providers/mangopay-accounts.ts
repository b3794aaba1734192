import 'server-only';
import { config } from '../config';
import { ApiError, notConfigured } from '../http/errors';
import type { KycDocumentStatus } from '@/lib/rules/kyc';
import type { RecipientStatus } from '@/lib/rules/sca';
import { log } from '../log';
import { mangoClient, type MangoSettings } from './mangopay-client';
import { mangopayEmulationUrl } from './mangopay-emulation';

// The host's payout account at MangoPay (SPEC §4 "Identity and payout"): the host as an OWNER user
// (natural, or legal for a company) and the IBAN bank account payouts go to. One adapter on the
// official SDK; in the sandbox it is pointed at the local emulation of MangoPay's API.

type Address = { AddressLine1: string; AddressLine2?: string | null; City: string; Region?: string | null; PostalCode: string; Country: string };
type MangoUser = { Id: string; PersonType: 'NATURAL' | 'LEGAL' };
type MangoAccountsApi = {
  Users: {
    create(data: Record<string, unknown>): Promise<MangoUser>;
    update(data: Record<string, unknown>): Promise<MangoUser>;
    get(id: string): Promise<MangoUser>;
    createBankAccount(userId: string, data: Record<string, unknown>): Promise<{ Id: string }>;
    deactivateBankAccount(userId: string, accountId: string): Promise<unknown>;
    createKycDocument(userId: string, data: Record<string, unknown>): Promise<KycDocument>;
    createKycPage(userId: string, documentId: string, data: { File: string }): Promise<unknown>;
    updateKycDocument(userId: string, data: { Id: string; Status: 'VALIDATION_ASKED' }): Promise<KycDocument>;
    getKycDocuments(userId: string, callback: null, options: { parameters: Record<string, string | number> }): Promise<KycDocument[]>;
    enroll(userId: string): Promise<{ PendingUserAction?: { RedirectUrl?: string } | null }>;
    getSca(userId: string): Promise<{ Id: string; UserStatus?: string }>;
  };
  KycDocuments: { get(id: string): Promise<KycDocument> };
  Recipients: { create(data: Record<string, unknown>, userId: string): Promise<MangoRecipient>; get(id: string): Promise<MangoRecipient> };
  Hooks: { getAll(): Promise<{ Id: string; EventType: string; Url: string }[]>; create(data: Record<string, unknown>): Promise<unknown>; update(data: Record<string, unknown>): Promise<unknown> };
};

/** A payout recipient (the bank account, confirmed by the host with SCA at MangoPay). */
type MangoRecipient = { Id: string; Status: RecipientStatus; UserId: string; PendingUserAction?: { RedirectUrl?: string } | null };

/** MangoPay's KYC document (SPEC §3 "KYC document record"). */
export type KycDocument = {
  Id: string;
  Type: string;
  UserId: string;
  Status: KycDocumentStatus;
  CreationDate: number;
  ProcessedDate?: number | null;
  RefusedReasonType?: string | null;
  RefusedReasonMessage?: string | null;
};

/** Who the payout account belongs to: the profile's person, and the company for legal hosts. */
export type AccountHolder = {
  email: string;
  firstName: string;
  lastName: string;
  birthday: string;
  nationality: string;
  countryOfResidence: string;
  address: Address;
  company: { type: 'BUSINESS' | 'ORGANIZATION' | 'SOLETRADER'; name: string; number: string | null; headquarters: Address } | null;
};

async function settings(): Promise<MangoSettings> {
  if (config.mangopay) return config.mangopay;
  if (config.sandbox) return { clientId: 'stuga-sandbox', apiKey: 'sandbox-key', baseUrl: await mangopayEmulationUrl() };
  throw notConfigured();
}
const api = async () => mangoClient<MangoAccountsApi>(await settings());

/** Birthdays go to MangoPay as Unix seconds at midnight UTC. */
const unixDay = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000);

function userBody(holder: AccountHolder): Record<string, unknown> {
  const common = { Email: holder.email, TermsAndConditionsAccepted: true, UserCategory: 'OWNER' };
  if (!holder.company) {
    return {
      ...common,
      PersonType: 'NATURAL',
      FirstName: holder.firstName,
      LastName: holder.lastName,
      Birthday: unixDay(holder.birthday),
      Nationality: holder.nationality,
      CountryOfResidence: holder.countryOfResidence,
      Address: holder.address,
    };
  }
  return {
    ...common,
    PersonType: 'LEGAL',
    LegalPersonType: holder.company.type,
    Name: holder.company.name,
    CompanyNumber: holder.company.number ?? undefined,
    HeadquartersAddress: holder.company.headquarters,
    LegalRepresentativeFirstName: holder.firstName,
    LegalRepresentativeLastName: holder.lastName,
    LegalRepresentativeBirthday: unixDay(holder.birthday),
    LegalRepresentativeNationality: holder.nationality,
    LegalRepresentativeCountryOfResidence: holder.countryOfResidence,
    LegalRepresentativeEmail: holder.email,
    LegalRepresentativeAddress: holder.address,
  };
}

/** MangoPay's 400 with its field errors becomes our 400 on the form ('Error in form!'); anything else is the provider failing. */
function providerError(error: unknown): never {
  const status = (error as { status?: number; response?: { status?: number } })?.status ?? (error as { response?: { status?: number } })?.response?.status;
  if (status === 400) {
    const fields = Object.keys((error as { errors?: Record<string, string> })?.errors ?? {});
    log.info({ fields }, 'mangopay refused the payout account');
    throw new ApiError(
      400,
      fields.some((f) => f.startsWith('IBAN')) ? 'payout.ibanInvalid' : 'errors.form',
      fields.some((f) => f.startsWith('IBAN')) ? [{ field: 'iban', message: 'payout.ibanInvalid' }] : [],
    );
  }
  log.error({ err: error }, 'mangopay payout account failed');
  throw new ApiError(503, 'payout.providerUnavailable');
}

export const payoutAccounts = {
  /** The host at MangoPay: made on the first save, updated on later ones (a natural user stays natural). Answers its id. */
  async saveHolder(mangoUserId: string | null, holder: AccountHolder): Promise<string> {
    try {
      const mango = await api();
      const body = userBody(holder);
      if (mangoUserId) {
        const existing = await mango.Users.get(mangoUserId);
        // MangoPay does not change a user's person type: a host who became a company gets a new user.
        if (existing.PersonType === body.PersonType) return (await mango.Users.update({ ...body, Id: mangoUserId })).Id;
      }
      return (await mango.Users.create(body)).Id;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      return providerError(error);
    }
  },
  /** A new IBAN account for payouts; the one it replaces is deactivated (MangoPay never edits a bank account). */
  async replaceIban(mangoUserId: string, account: { iban: string; owner: string; address: Address }, previous: string | null): Promise<string> {
    try {
      const mango = await api();
      const created = await mango.Users.createBankAccount(mangoUserId, { Type: 'IBAN', IBAN: account.iban, OwnerName: account.owner, OwnerAddress: account.address });
      if (previous && previous !== created.Id) await mango.Users.deactivateBankAccount(mangoUserId, previous).catch((error) => log.warn({ err: error }, 'old bank account not deactivated'));
      return created.Id;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      return providerError(error);
    }
  },
};

/** The host's identity documents at MangoPay (SPEC §5 "ID proof form"): one IDENTITY_PROOF document of one or two pages. */
export const identityDocuments = {
  /** Creates the document, adds its pages and asks for validation: the answer is VALIDATION_ASKED. */
  async submit(mangoUserId: string, pages: Buffer[], tag: string): Promise<KycDocument> {
    try {
      const mango = await api();
      const document = await mango.Users.createKycDocument(mangoUserId, { Type: 'IDENTITY_PROOF', Tag: tag });
      for (const page of pages) await mango.Users.createKycPage(mangoUserId, document.Id, { File: page.toString('base64') });
      return await mango.Users.updateKycDocument(mangoUserId, { Id: document.Id, Status: 'VALIDATION_ASKED' });
    } catch (error) {
      log.error({ err: error }, 'mangopay KYC document failed');
      throw new ApiError(503, 'payout.providerUnavailable');
    }
  },
  /** The host's identity documents, newest first. */
  async list(mangoUserId: string): Promise<KycDocument[]> {
    try {
      const documents = await (await api()).Users.getKycDocuments(mangoUserId, null, { parameters: { Sort: 'CreationDate:DESC', per_page: 20, Type: 'IDENTITY_PROOF' } });
      return [...documents].sort((a, b) => b.CreationDate - a.CreationDate);
    } catch (error) {
      log.error({ err: error }, 'mangopay KYC documents failed');
      throw new ApiError(503, 'payout.providerUnavailable');
    }
  },
  /** One document as MangoPay has it now (a hook names it; its word is never taken for it). */
  async get(documentId: string): Promise<KycDocument | null> {
    try {
      return await (await api()).KycDocuments.get(documentId);
    } catch (error) {
      // The SDK rejects with MangoPay's error body.
      if ((error as { Type?: string })?.Type === 'ressource_not_found') return null;
      throw error;
    }
  },
};

/**
 * The bank account as a payout recipient (SPEC §4 SCA): MangoPay answers PENDING with the page where
 * the host confirms it with strong customer authentication; ACTIVE once they have.
 */
export const payoutRecipients = {
  async create(mangoUserId: string, account: { iban: string; owner: string; company: boolean; address: Address }): Promise<{ id: string; status: RecipientStatus; actionUrl: string | null }> {
    try {
      const recipient = await (
        await api()
      ).Recipients.create(
        {
          DisplayName: `${account.owner} ${account.iban.slice(-4)}`.slice(0, 255),
          PayoutMethodType: 'InternationalBankTransfer',
          RecipientType: account.company ? 'Business' : 'Individual',
          Currency: 'SEK',
          Country: account.address.Country,
          ...(account.company
            ? { BusinessRecipient: { BusinessName: account.owner, Address: account.address } }
            : { IndividualRecipient: { FirstName: account.owner.split(' ')[0], LastName: account.owner.split(' ').slice(1).join(' ') || account.owner, Address: account.address } }),
          InternationalBankTransfer: { IBAN: account.iban, AccountNumber: account.iban },
        },
        mangoUserId,
      );
      return { id: recipient.Id, status: recipient.Status, actionUrl: recipient.PendingUserAction?.RedirectUrl ?? null };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      return providerError(error);
    }
  },
  /** The recipient's status now (null: MangoPay does not know it). */
  async status(recipientId: string): Promise<RecipientStatus | null> {
    try {
      return (await (await api()).Recipients.get(recipientId)).Status;
    } catch (error) {
      if ((error as { Type?: string })?.Type === 'ressource_not_found') return null;
      log.error({ err: error }, 'mangopay recipient lookup failed');
      throw new ApiError(503, 'payout.providerUnavailable');
    }
  },
};

/** The host's own SCA enrolment at MangoPay (SPEC §2 /profile/sca-enroll): the page to enrol on, and the user's status after. */
export const scaEnrolment = {
  async start(mangoUserId: string): Promise<string> {
    try {
      const url = (await (await api()).Users.enroll(mangoUserId)).PendingUserAction?.RedirectUrl;
      if (!url) throw new Error('MangoPay gave no enrolment URL');
      return url;
    } catch (error) {
      log.error({ err: error }, 'mangopay SCA enrolment failed');
      throw new ApiError(503, 'sca.startFailed');
    }
  },
  /** MangoPay's UserStatus: ACTIVE once enrolled. */
  async userStatus(mangoUserId: string): Promise<string | null> {
    try {
      return (await (await api()).Users.getSca(mangoUserId)).UserStatus ?? null;
    } catch (error) {
      log.error({ err: error }, 'mangopay SCA user lookup failed');
      throw new ApiError(503, 'payout.providerUnavailable');
    }
  },
};

/** MangoPay's hooks for these events point at `url` (created, or moved when they point elsewhere). */
export async function registerHooks(url: string, eventTypes: readonly string[]) {
  const mango = await api();
  const existing = await mango.Hooks.getAll();
  for (const eventType of eventTypes) {
    const hook = existing.find((h) => h.EventType === eventType);
    if (!hook) await mango.Hooks.create({ EventType: eventType, Url: url });
    else if (hook.Url !== url) await mango.Hooks.update({ Id: hook.Id, Url: url });
  }
}
