// SPEC §5 "ID proof form" and §3 KYC: which sides an identity document needs, which files the bank
// takes, and the rule that the first-name words a host chooses must all be on the document.

export const ID_DOCUMENT_TYPES = ['PASSPORT', 'ID_CARD', 'DRIVING_LICENCE'] as const;
export type IdDocumentType = (typeof ID_DOCUMENT_TYPES)[number];

/** A passport has one side to upload; an ID card or a driving licence two (SPEC §2). */
export const needsBackSide = (type: IdDocumentType) => type !== 'PASSPORT';

/** What the file input accepts (SPEC §5) and the bank takes. */
export const KYC_FILE_TYPES = ['image/gif', 'image/jpeg', 'image/png', 'application/pdf'] as const;
export type KycFileType = (typeof KYC_FILE_TYPES)[number];
/** The payment provider's limit for one page of a KYC document. */
export const KYC_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** Two sides and the form fields fit in this much multipart body. */
export const KYC_BODY_MAX_BYTES = 2 * KYC_FILE_MAX_BYTES + 64 * 1024;

/** The file's type from its first bytes (never from its name or the browser's word): one of KYC_FILE_TYPES, or null. */
export function sniffKycFile(bytes: Uint8Array): KycFileType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  return null;
}

const words = (name: string) =>
  name
    .normalize('NFC')
    .split(/[\s-]+/)
    .map((w) => w.trim())
    .filter(Boolean);

/** The words of the profile's first name a host chooses from ("Anna Maria" → Anna, Maria). */
export const firstNameWords = (firstName: string | null | undefined) => [...new Set(words(firstName ?? ''))];

/**
 * The chosen words are valid when there is at least one, each is a word of the profile's first
 * name, and each is on the document's first name (case-insensitive).
 */
export function chosenNamesValid(chosen: readonly string[], profileFirstName: string | null | undefined, idFirstName: string): boolean {
  if (chosen.length === 0) return false;
  const offered = new Set(firstNameWords(profileFirstName).map((w) => w.toLocaleLowerCase('sv')));
  const onDocument = new Set(words(idFirstName).map((w) => w.toLocaleLowerCase('sv')));
  return chosen.every((w) => offered.has(w.toLocaleLowerCase('sv')) && onDocument.has(w.toLocaleLowerCase('sv')));
}

/** SPEC §3: the KYC document statuses, and what each means for the host's kyc_status. */
export const KYC_DOCUMENT_STATUSES = ['CREATED', 'VALIDATION_ASKED', 'VALIDATED', 'REFUSED'] as const;
export type KycDocumentStatus = (typeof KYC_DOCUMENT_STATUSES)[number];
export const KYC_STATUSES = ['UNVERIFIED', 'PENDING', 'SUCCEDED', 'FAILED'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/** The host's KYC status from their latest identity document (none: unverified). */
export function kycStatusOf(latest: KycDocumentStatus | null): KycStatus {
  if (latest === 'VALIDATED') return 'SUCCEDED';
  if (latest === 'REFUSED') return 'FAILED';
  if (latest === 'VALIDATION_ASKED') return 'PENDING';
  return 'UNVERIFIED';
}

/** A new document may be sent unless one is being checked or the identity is verified already. */
export const canUploadIdentity = (status: KycStatus) => status === 'UNVERIFIED' || status === 'FAILED';

/** The browser's check of a chosen file before it is sent (the API checks the bytes themselves): a message key, or null. */
export function kycFileProblem(file: { size: number; type: string }): string | null {
  if (!(KYC_FILE_TYPES as readonly string[]).includes(file.type)) return 'kyc.fileType';
  if (file.size > KYC_FILE_MAX_BYTES) return 'kyc.fileTooLarge';
  return null;
}
