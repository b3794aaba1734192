import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { isValidIBAN } from 'ibantools';
import { KYC_FILE_MAX_BYTES, sniffKycFile } from '@/lib/rules/kyc';
import type { KYC_REFUSAL_TYPES } from '@/lib/schemas/kyc';

type KycRefusal = (typeof KYC_REFUSAL_TYPES)[number];
import { getDb } from '../db/client';
import { sandboxMangoObjects } from '../db/schema';
import { localListener } from './local-listener';
import { emulatePayments } from './mangopay-emulation-payments';
import { registeredHook, saveHook } from './mangopay-emulation-hooks';

// A local emulation of the part of MangoPay's REST API v2.01 that the payout accounts use: OAuth,
// natural and legal users, IBAN bank accounts, KYC identity documents (their decision is the
// tester's, on the sandbox page, and announced by a hook as MangoPay does). The same adapter (providers/mangopay-accounts.ts)
// and the official SDK talk to it as to MangoPay; only its base URL differs. Objects live in the
// database, so every instance's emulation answers for every object.

type Json = Record<string, unknown>;
type Kind = 'USER' | 'BANK_ACCOUNT' | 'KYC_DOCUMENT' | 'RECIPIENT' | 'HOOK';

const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** MangoPay's answer to a bad request: 400 param_error with the fields that are wrong. */
const paramError = (c: Context, errors: Record<string, string>) =>
  c.json(
    { Message: 'One or several required parameters are missing or incorrect. An incorrect resource ID also raises this kind of error.', Type: 'param_error', Id: newId('err'), Date: now(), errors },
    400,
  );
const notFound = (c: Context) => c.json({ Message: 'The ressource does not exist', Type: 'ressource_not_found', Id: newId('err'), Date: now(), errors: {} }, 404);

const ADDRESS = ['AddressLine1', 'City', 'PostalCode', 'Country'] as const;
const NATURAL_OWNER = ['FirstName', 'LastName', 'Email', 'Birthday', 'Nationality', 'CountryOfResidence'] as const;
const LEGAL_OWNER = ['Name', 'LegalPersonType', 'Email', 'LegalRepresentativeFirstName', 'LegalRepresentativeLastName', 'HeadquartersAddress'] as const;

/** The fields MangoPay requires of a user of this kind and category: missing ones, as its `errors`. */
function missingUserFields(personType: 'NATURAL' | 'LEGAL', body: Json): Record<string, string> {
  const errors: Record<string, string> = {};
  const need = (field: string) => (errors[field] = `The ${field} field is required.`);
  if (personType === 'NATURAL') {
    for (const f of ['FirstName', 'LastName', 'Email'] as const) if (!body[f]) need(f);
    if (body.UserCategory === 'OWNER') for (const f of NATURAL_OWNER) if (body[f] === undefined || body[f] === null || body[f] === '') need(f);
  } else {
    for (const f of LEGAL_OWNER) if (!body[f]) need(f);
    const hq = body.HeadquartersAddress as Json | undefined;
    if (hq) for (const f of ADDRESS) if (!hq[f]) need(`HeadquartersAddress.${f}`);
  }
  if (body.TermsAndConditionsAccepted !== true && body.UserCategory === 'OWNER') need('TermsAndConditionsAccepted');
  return errors;
}

async function load(kind: Kind, id: string) {
  const [row] = await (
    await getDb()
  )
    .select()
    .from(sandboxMangoObjects)
    .where(and(eq(sandboxMangoObjects.id, id), eq(sandboxMangoObjects.kind, kind)))
    .limit(1);
  return row ?? null;
}

async function store(kind: Kind, id: string, ownerId: string | null, data: Json) {
  await (await getDb()).insert(sandboxMangoObjects).values({ id, kind, ownerId, data }).onConflictDoUpdate({ target: sandboxMangoObjects.id, set: { data } });
  return data;
}

async function bodyOf(c: Context): Promise<Json | null> {
  const body = (await c.req.json().catch(() => null)) as unknown;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Json) : null;
}

function emulation() {
  const app = new Hono().basePath('/v2.01');
  // OAuth client credentials: any Basic client id and key is accepted (the sandbox has no secrets).
  app.post('/oauth/token', (c) => {
    if (!c.req.header('authorization')?.startsWith('Basic ')) return c.json({ error: 'invalid_client' }, 401);
    return c.json({ access_token: randomBytes(16).toString('hex'), token_type: 'Bearer', expires_in: 3600 });
  });
  app.use('/:client/*', async (c, next) => {
    if (!c.req.header('authorization')?.startsWith('Bearer ')) return c.json({ Message: 'Authorization required', Type: 'authorization_required', errors: {} }, 401);
    await next();
  });

  for (const type of ['natural', 'legal'] as const) {
    const personType = type === 'natural' ? 'NATURAL' : 'LEGAL';
    app.post(`/:client/users/${type}`, async (c) => {
      const body = await bodyOf(c);
      if (!body) return paramError(c, { body: 'A JSON body is required.' });
      const errors = missingUserFields(personType, body);
      if (Object.keys(errors).length) return paramError(c, errors);
      const id = newId('user');
      return c.json(await store('USER', id, null, { ...body, Id: id, PersonType: personType, KYCLevel: 'LIGHT', UserCategory: body.UserCategory ?? 'PAYER', CreationDate: now() }));
    });
    app.put(`/:client/users/${type}/:id`, async (c) => {
      const row = await load('USER', c.req.param('id'));
      if (!row || row.data.PersonType !== personType) return notFound(c);
      const body = await bodyOf(c);
      if (!body) return paramError(c, { body: 'A JSON body is required.' });
      const merged = { ...row.data, ...body, Id: row.id, PersonType: personType };
      const errors = missingUserFields(personType, merged);
      if (Object.keys(errors).length) return paramError(c, errors);
      return c.json(await store('USER', row.id, null, merged));
    });
  }
  app.get('/:client/users/:id', async (c) => {
    const row = await load('USER', c.req.param('id'));
    return row ? c.json(row.data) : notFound(c);
  });

  app.post('/:client/users/:id/bankaccounts/iban', async (c) => {
    const user = await load('USER', c.req.param('id'));
    if (!user) return notFound(c);
    const body = await bodyOf(c);
    if (!body) return paramError(c, { body: 'A JSON body is required.' });
    const errors: Record<string, string> = {};
    if (typeof body.IBAN !== 'string' || !isValidIBAN(body.IBAN)) errors.IBAN = 'The IBAN is not valid';
    if (!body.OwnerName) errors.OwnerName = 'The OwnerName field is required.';
    const address = body.OwnerAddress as Json | undefined;
    if (!address) errors.OwnerAddress = 'The OwnerAddress field is required.';
    else for (const f of ADDRESS) if (!address[f]) errors[`OwnerAddress.${f}`] = `The ${f} field is required.`;
    if (Object.keys(errors).length) return paramError(c, errors);
    const id = newId('bankacc');
    return c.json(await store('BANK_ACCOUNT', id, user.id, { ...body, Id: id, Type: 'IBAN', UserId: user.id, Active: true, CreationDate: now() }));
  });
  app.get('/:client/users/:id/bankaccounts', async (c) => {
    const rows = await (
      await getDb()
    )
      .select()
      .from(sandboxMangoObjects)
      .where(and(eq(sandboxMangoObjects.ownerId, c.req.param('id')), eq(sandboxMangoObjects.kind, 'BANK_ACCOUNT')))
      .orderBy(asc(sandboxMangoObjects.createdAt))
      .limit(100);
    return c.json(rows.map((r) => r.data));
  });
  // Deactivation is the only change MangoPay allows to a bank account, and it is final.
  app.put('/:client/users/:id/bankaccounts/:accountId', async (c) => {
    const row = await load('BANK_ACCOUNT', c.req.param('accountId'));
    if (!row || row.ownerId !== c.req.param('id')) return notFound(c);
    const body = await bodyOf(c);
    if (body?.Active !== false) return paramError(c, { Active: 'A bank account can only be deactivated.' });
    return c.json(await store('BANK_ACCOUNT', row.id, row.ownerId, { ...row.data, Active: false }));
  });

  // KYC documents: created empty, given pages (base64 files), then asked for validation.
  const KYC_TYPES = ['IDENTITY_PROOF', 'REGISTRATION_PROOF', 'ARTICLES_OF_ASSOCIATION', 'SHAREHOLDER_DECLARATION', 'ADDRESS_PROOF'];
  const createDocument = async (c: Context) => {
    const user = await load('USER', c.req.param('id')!);
    if (!user) return notFound(c);
    const body = await bodyOf(c);
    if (!body || typeof body.Type !== 'string' || !KYC_TYPES.includes(body.Type)) return paramError(c, { Type: 'The Type field is required.' });
    const id = newId('kycdoc');
    const document = {
      Id: id,
      Type: body.Type,
      Tag: body.Tag ?? null,
      UserId: user.id,
      Status: 'CREATED',
      CreationDate: now(),
      ProcessedDate: null,
      RefusedReasonType: null,
      RefusedReasonMessage: null,
      Flags: [],
      Pages: 0,
    };
    return c.json(await store('KYC_DOCUMENT', id, user.id, document));
  };
  app.post('/:client/users/:id/KYC/documents/', createDocument);
  app.post('/:client/users/:id/KYC/documents', createDocument);
  const ownDocument = async (c: Context) => {
    const row = await load('KYC_DOCUMENT', c.req.param('documentId')!);
    return row && row.ownerId === c.req.param('id') ? row : null;
  };
  app.post('/:client/users/:id/KYC/documents/:documentId/pages', async (c) => {
    const row = await ownDocument(c);
    if (!row) return notFound(c);
    if (row.data.Status !== 'CREATED') return paramError(c, { Status: 'Pages can only be added to a document that is CREATED.' });
    const body = await bodyOf(c);
    const file = typeof body?.File === 'string' ? Buffer.from(body.File, 'base64') : null;
    if (!file || file.length === 0) return paramError(c, { File: 'The File field is required.' });
    if (file.length > KYC_FILE_MAX_BYTES) return paramError(c, { File: 'The file is too large.' });
    if (!sniffKycFile(file)) return paramError(c, { File: 'The file must be a PDF, JPEG, GIF or PNG.' });
    await store('KYC_DOCUMENT', row.id, row.ownerId, { ...row.data, Pages: Number(row.data.Pages ?? 0) + 1 });
    return c.body(null, 204);
  });
  app.put('/:client/users/:id/KYC/documents/:documentId', async (c) => {
    const row = await ownDocument(c);
    if (!row) return notFound(c);
    const body = await bodyOf(c);
    if (body?.Status !== 'VALIDATION_ASKED' || row.data.Status !== 'CREATED') return paramError(c, { Status: 'Only a CREATED document can be asked for validation.' });
    if (!Number(row.data.Pages)) return paramError(c, { Pages: 'The document has no pages.' });
    return c.json(await store('KYC_DOCUMENT', row.id, row.ownerId, { ...row.data, Status: 'VALIDATION_ASKED' }));
  });
  app.get('/:client/users/:id/KYC/documents', async (c) => {
    const type = c.req.query('Type');
    const rows = await (
      await getDb()
    )
      .select()
      .from(sandboxMangoObjects)
      .where(and(eq(sandboxMangoObjects.ownerId, c.req.param('id')), eq(sandboxMangoObjects.kind, 'KYC_DOCUMENT')))
      .orderBy(desc(sandboxMangoObjects.createdAt))
      .limit(Math.min(Number(c.req.query('per_page')) || 10, 100));
    return c.json(rows.map((r) => r.data).filter((d) => !type || d.Type === type));
  });
  app.get('/:client/users/:id/KYC/documents/:documentId', async (c) => {
    const row = await ownDocument(c);
    return row ? c.json(row.data) : notFound(c);
  });
  app.get('/:client/KYC/documents/:documentId', async (c) => {
    const row = await load('KYC_DOCUMENT', c.req.param('documentId'));
    return row ? c.json(row.data) : notFound(c);
  });

  // Payout recipients: created PENDING with the page where the owner confirms them (SCA), then ACTIVE.
  app.post('/:client/users/:id/recipients', async (c) => {
    const user = await load('USER', c.req.param('id'));
    if (!user) return notFound(c);
    const body = await bodyOf(c);
    const iban = (body?.InternationalBankTransfer as Json | undefined)?.IBAN;
    const errors: Record<string, string> = {};
    if (!body?.DisplayName) errors.DisplayName = 'The DisplayName field is required.';
    if (typeof iban !== 'string' || !isValidIBAN(iban)) errors['InternationalBankTransfer.IBAN'] = 'The IBAN is not valid';
    if (Object.keys(errors).length) return paramError(c, errors);
    const id = newId('rcpt');
    return c.json(
      await store('RECIPIENT', id, user.id, { ...body, Id: id, UserId: user.id, Status: 'PENDING', CreationDate: now(), PendingUserAction: { RedirectUrl: `/sandbox/mangopay/sca/${id}` } }),
    );
  });
  app.get('/:client/recipients/:id', async (c) => {
    const row = await load('RECIPIENT', c.req.param('id'));
    return row ? c.json(row.data) : notFound(c);
  });

  // SCA enrolment of an OWNER user: the page where they enrol, and their status (ACTIVE once enrolled).
  app.post('/:client/sca/users/:id/enrollment', async (c) => {
    const user = await load('USER', c.req.param('id'));
    if (!user) return notFound(c);
    if (user.data.UserCategory !== 'OWNER') return paramError(c, { UserCategory: 'Only OWNER users enrol in SCA.' });
    return c.json({ PendingUserAction: { RedirectUrl: `/sandbox/mangopay/sca/${user.id}` } });
  });
  app.get('/:client/sca/users/:id', async (c) => {
    const user = await load('USER', c.req.param('id'));
    return user ? c.json({ ...user.data, UserStatus: user.data.UserStatus ?? 'PENDING_USER_ACTION' }) : notFound(c);
  });

  // Hooks: one URL per EventType, as MangoPay's Hooks API keeps them.
  app.post('/:client/hooks', async (c) => {
    const body = await bodyOf(c);
    if (typeof body?.EventType !== 'string' || typeof body.Url !== 'string' || !/^https?:\/\//.test(body.Url)) return paramError(c, { Url: 'EventType and an absolute Url are required.' });
    if (await registeredHook(body.EventType)) return paramError(c, { EventType: 'A hook has already been registered for this EventType' });
    return c.json(await saveHook(body.EventType, body.Url));
  });
  app.get('/:client/hooks', async (c) => {
    const rows = await (await getDb()).select().from(sandboxMangoObjects).where(eq(sandboxMangoObjects.kind, 'HOOK')).limit(100);
    return c.json(rows.map((r) => r.data));
  });
  app.put('/:client/hooks/:id', async (c) => {
    const row = await load('HOOK', c.req.param('id'));
    const body = await bodyOf(c);
    if (!row) return notFound(c);
    if (typeof body?.Url !== 'string' || !/^https?:\/\//.test(body.Url)) return paramError(c, { Url: 'An absolute Url is required.' });
    return c.json(await saveHook(String(row.data.EventType), body.Url));
  });

  emulatePayments(app, bodyOf, paramError, notFound);

  app.notFound((c) => notFound(c));
  app.onError((_, c) => c.json({ Message: 'Internal server error', Type: 'internal_error', errors: {} }, 500));
  return app;
}

/** The emulation's base URL (what the SDK's `baseUrl` takes): a listener on a free local port, started once per process. */
export const mangopayEmulationUrl = localListener(emulation);

/** MangoPay's reasons for refusing a document, with the message it gives (the sandbox page offers them). */
const KYC_REFUSALS: Record<KycRefusal, string> = {
  DOCUMENT_UNREADABLE: 'The document is not readable.',
  DOCUMENT_HAS_EXPIRED: 'The document has expired.',
  DOCUMENT_INCOMPLETE: 'The document is incomplete: both sides are needed.',
  DOCUMENT_DO_NOT_MATCH_USER_DATA: 'The document does not match the user data.',
};

/** The documents waiting for a decision, oldest first (the sandbox page lists them). */
export async function kycDocumentsWaiting() {
  const rows = await (await getDb()).select().from(sandboxMangoObjects).where(eq(sandboxMangoObjects.kind, 'KYC_DOCUMENT')).orderBy(asc(sandboxMangoObjects.createdAt)).limit(500);
  return rows.map((r) => r.data).filter((d) => d.Status === 'VALIDATION_ASKED');
}

/**
 * The tester's decision on a document asked for validation, as MangoPay's compliance would make
 * it; then the hook MangoPay sends (a GET with EventType, RessourceId and Date, unsigned) to
 * `hookUrl`. Answers false when the document is not waiting for a decision.
 */
export async function decideKycDocument(id: string, decision: { status: 'VALIDATED' } | { status: 'REFUSED'; reason: KycRefusal }, hookUrl: string): Promise<boolean> {
  const row = await load('KYC_DOCUMENT', id);
  if (!row || row.data.Status !== 'VALIDATION_ASKED') return false;
  const refused = decision.status === 'REFUSED' ? { RefusedReasonType: decision.reason, RefusedReasonMessage: KYC_REFUSALS[decision.reason] } : {};
  await store('KYC_DOCUMENT', row.id, row.ownerId, { ...row.data, Status: decision.status, ProcessedDate: now(), ...refused });
  const hook = new URL(hookUrl);
  hook.searchParams.set('EventType', decision.status === 'VALIDATED' ? 'KYC_SUCCEEDED' : 'KYC_FAILED');
  hook.searchParams.set('RessourceId', row.id);
  hook.searchParams.set('Date', String(now()));
  // MangoPay delivers a hook once and does not wait on the answer's content; a failed delivery is the receiver's loss (it reads documents again on every visit).
  await fetch(hook, { signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
  return true;
}

/**
 * The host on the emulation's SCA page (what their bank's app would do): a recipient confirmed
 * becomes ACTIVE, an enrolling user's UserStatus too; a failed or abandoned one stays PENDING and
 * may be resumed. Answers the status, or null when there is no such recipient or user.
 */
export async function decideSca(id: string, pass: boolean): Promise<string | null> {
  const user = id.startsWith('user_') ? await load('USER', id) : null;
  if (user) {
    if (pass) await store('USER', user.id, user.ownerId, { ...user.data, UserStatus: 'ACTIVE' });
    return String((await load('USER', id))!.data.UserStatus ?? 'PENDING_USER_ACTION');
  }
  const row = await load('RECIPIENT', id);
  if (!row) return null;
  if (pass && row.data.Status === 'PENDING') await store('RECIPIENT', row.id, row.ownerId, { ...row.data, Status: 'ACTIVE', PendingUserAction: null });
  return String((await load('RECIPIENT', id))!.data.Status);
}
