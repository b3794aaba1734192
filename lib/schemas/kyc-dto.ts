// What the KYC endpoints answer (SPEC §3 "KYC document record", §7 /api/mango/kyc).
import * as z from 'zod/mini';
import { KYC_DOCUMENT_STATUSES, KYC_STATUSES } from '../rules/kyc';
import { RECIPIENT_STATUSES, RESUME_NEXT } from '../rules/sca';
import { instant, safeString } from './common';

export const kycDocumentDto = z.object({
  id: safeString(),
  type: safeString(),
  status: z.enum(KYC_DOCUMENT_STATUSES),
  creation_date: instant,
  processed_date: z.nullable(instant),
  /** The bank's reason, shown to the host when a document is refused. */
  refused_reason_message: z.nullable(safeString()),
});
export type KycDocumentView = z.infer<typeof kycDocumentDto>;

/** GET /api/mango/kyc, POST /api/mango/kyc/identity */
export const kycStateDto = z.object({
  kyc_status: z.enum(KYC_STATUSES),
  /** A new identity document may be sent now (a payout account exists, and nothing is being checked or verified). */
  can_upload: z.boolean(),
  documents: z.array(kycDocumentDto),
});
export type KycState = z.infer<typeof kycStateDto>;

/** GET /api/mango/hooks */
export const hookAnswer = z.object({ received: z.boolean() });

/** GET /api/sandbox/mangopay/kyc: the documents waiting for the tester's decision. */
export const sandboxKycList = z.array(z.object({ id: safeString(), user_id: safeString(), tag: z.nullable(safeString()), pages: z.int(), creation_date: instant }));

/** GET /api/mango/recipients/{rid}/status (SPEC §4 SCA sync). */
export const recipientStatusDto = z.object({
  remote_status: z.nullable(z.enum(RECIPIENT_STATUSES)),
  terminal: z.boolean(),
  /** The bank account is added (the database has it): payouts may use it. */
  ready: z.boolean(),
  sca_bank_action_url: z.nullable(safeString()),
});
/** POST /api/mango/recipients/resume */
export const scaResumeDto = z.object({ data: z.object({ next: z.enum(RESUME_NEXT), sca_bank_action_url: z.nullable(safeString()) }) });
/** GET /api/user/bank-status */
export const bankStatusDto = z.object({ ready: z.boolean() });
/** POST /api/sandbox/mangopay/sca/{id}: the recipient's status after the tester's answer. */
export const sandboxScaDto = z.object({ status: safeString() });
/** POST /api/user/sca-enroll: the URL to send the browser to. */
export const scaEnrolDto = safeString();
/** GET /api/mango/user */
export const mangoUserDto = z.object({ UserStatus: z.nullable(safeString()) });
