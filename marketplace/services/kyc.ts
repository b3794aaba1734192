import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { canUploadIdentity, KYC_FILE_MAX_BYTES, kycStatusOf, sniffKycFile, type KycStatus } from '@/lib/rules/kyc';
import { idProofSchema } from '@/lib/schemas/kyc';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { SessionUser } from '../http/context';
import { validate } from '../http/api';
import { ApiError } from '../http/errors';
import { log } from '../log';
import { identityDocuments, type KycDocument } from '../providers/mangopay-accounts';
import { getUser } from './users';

// SPEC §2 /profile/id-verification, §5 "ID proof form", §7 GET /api/mango/kyc and POST
// /api/mango/kyc/identity: the host's one-time ID-document verification at the payment provider.
// The provider's documents are the truth: the stored kyc_status follows the newest identity document
// whenever we read them (a visit, a hook), so a lost hook costs nothing.

const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);

function documentDto(d: KycDocument) {
  return { id: d.Id, type: d.Type, status: d.Status, creation_date: iso(d.CreationDate)!, processed_date: iso(d.ProcessedDate), refused_reason_message: d.RefusedReasonMessage ?? null };
}

/** The stored status, moved to what the newest asked-for document says (never down from a verified identity). */
async function follow(db: Db, userId: number, stored: KycStatus, documents: KycDocument[]): Promise<KycStatus> {
  const status = kycStatusOf(documents.find((d) => d.Status !== 'CREATED')?.Status ?? null);
  if (status === 'UNVERIFIED' || status === stored || stored === 'SUCCEDED') return stored;
  await db
    .update(users)
    .set({ kycStatus: status })
    .where(and(eq(users.id, userId), eq(users.kycStatus, stored)));
  return status;
}

/** GET /api/mango/kyc: the caller's KYC status and identity documents (newest first). */
export async function kycState(db: Db, actor: SessionUser) {
  const row = await getUser(db, actor.id);
  const documents = row.mangoUserId ? await identityDocuments.list(row.mangoUserId) : [];
  const status = await follow(db, row.id, row.kycStatus as KycStatus, documents);
  return { kyc_status: status, can_upload: row.mangoUserId !== null && canUploadIdentity(status), documents: documents.map(documentDto) };
}

/** The multipart body's fields and files; a body that is no form is a 400, never a 500. */
async function readForm(bytes: Buffer, contentType: string | undefined): Promise<FormData> {
  if (!contentType?.toLowerCase().startsWith('multipart/form-data')) throw new ApiError(400, 'errors.form');
  try {
    return await new Response(new Uint8Array(bytes), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new ApiError(400, 'errors.form');
  }
}

async function fileBytes(value: FormDataEntryValue | undefined, field: 'front' | 'back'): Promise<Buffer | null> {
  if (value === undefined) return null;
  if (typeof value === 'string' || value.size === 0) throw new ApiError(400, 'errors.form', [{ field, message: field === 'front' ? 'kyc.frontRequired' : 'kyc.backRequired' }]);
  if (value.size > KYC_FILE_MAX_BYTES) throw new ApiError(400, 'errors.form', [{ field, message: 'kyc.fileTooLarge' }]);
  const bytes = Buffer.from(await value.arrayBuffer());
  if (!sniffKycFile(bytes)) throw new ApiError(400, 'errors.form', [{ field, message: 'kyc.fileType' }]);
  return bytes;
}

/**
 * POST /api/mango/kyc/identity (multipart: id_first_name, id_last_name, first_name (one per chosen
 * word), document_type, accept_terms, validationType=IDENTITY_PROOF, validationFile: front, then back).
 * One document at a time: the status is claimed PENDING before the provider is called, and given
 * back if the provider fails.
 */
export async function submitIdentity(db: Db, actor: SessionUser, bytes: Buffer, contentType: string | undefined) {
  const form = await readForm(bytes, contentType);
  const row = await getUser(db, actor.id);
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : undefined;
  };
  const [front, back, ...extra] = form.getAll('validationFile');
  if (extra.length || (text('validationType') ?? 'IDENTITY_PROOF') !== 'IDENTITY_PROOF') throw new ApiError(400, 'errors.form');
  const body = validate(idProofSchema({ profileFirstName: row.firstName }), {
    accept_terms: text('accept_terms') === 'true',
    document_type: text('document_type'),
    id_first_name: text('id_first_name'),
    id_last_name: text('id_last_name'),
    first_name: form.getAll('first_name').filter((v): v is string => typeof v === 'string'),
    front: front ?? null,
    back: back ?? null,
  });
  if (!row.mangoUserId) throw new ApiError(400, 'kyc.noMangoUser');
  const pages = [await fileBytes(front, 'front'), await fileBytes(back, 'back')].filter((p): p is Buffer => p !== null);
  const before = row.kycStatus as KycStatus;
  const [claimed] = await db
    .update(users)
    .set({ kycStatus: 'PENDING' })
    .where(and(eq(users.id, row.id), inArray(users.kycStatus, ['UNVERIFIED', 'FAILED'])))
    .returning({ id: users.id });
  if (!claimed) throw new ApiError(409, 'kyc.notNow');
  try {
    await identityDocuments.submit(row.mangoUserId, pages, `user:${row.id} ${body.id_first_name} ${body.id_last_name}`.slice(0, 255));
  } catch (error) {
    await db
      .update(users)
      .set({ kycStatus: before })
      .where(and(eq(users.id, row.id), eq(users.kycStatus, 'PENDING')));
    throw error;
  }
  return kycState(db, actor);
}

/**
 * GET /api/mango/hooks?EventType=…&RessourceId=… — MangoPay's hooks are unsigned: the named
 * document is read back from the provider and its owner's status follows their newest document.
 * Replayed or forged hooks change nothing the provider does not say.
 */
export async function receiveHook(db: Db, eventType: string, resourceId: string) {
  if (!eventType.startsWith('KYC_')) return { received: true };
  const document = await identityDocuments.get(resourceId).catch((error) => {
    log.warn({ err: error, resourceId }, 'KYC hook: the document could not be read');
    return null;
  });
  if (!document) return { received: true };
  const [owner] = await db.select({ id: users.id, kycStatus: users.kycStatus }).from(users).where(eq(users.mangoUserId, document.UserId)).limit(1);
  if (owner) await follow(db, owner.id, owner.kycStatus as KycStatus, await identityDocuments.list(document.UserId));
  return { received: true };
}
