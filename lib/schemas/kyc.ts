// SPEC §5 "ID proof form": the one schema of an identity upload, used by the form (files are the
// browser's File objects) and by POST /api/mango/kyc/identity (files are the received bytes).
import * as z from 'zod/mini';
import { chosenNamesValid, firstNameWords, ID_DOCUMENT_TYPES, needsBackSide } from '../rules/kyc';
import { safeString } from './common';
import { required, text, withValues } from './cottage-fields';

/** What the rules depend on: the first name in the host's profile, whose words they choose from. */
export type IdProofContext = { profileFirstName: string | null };

export function idProofSchema(context: IdProofContext) {
  return z
    .object({
      accept_terms: z.boolean(),
      document_type: z.enum(ID_DOCUMENT_TYPES, { error: required }),
      id_first_name: text(100).check(z.minLength(1, required)),
      id_last_name: text(100).check(z.minLength(1, required)),
      /** The words of the profile's first name that are on the document. */
      first_name: z.array(safeString().check(z.maxLength(100))).check(z.maxLength(20)),
      /** The document's front side (or a passport's photo page) and, for two-sided documents, its back. */
      front: z.nullish(z.unknown()),
      back: z.nullish(z.unknown()),
    })
    .check(
      z.superRefine((v, ctx) => {
        const issue = (path: string, message: string) => ctx.issues.push({ code: 'custom', path: [path], message, input: v[path as keyof typeof v] });
        if (v.accept_terms !== true) issue('accept_terms', 'kyc.termsRequired');
        if (!chosenNamesValid(v.first_name, context.profileFirstName, v.id_first_name)) {
          issue('first_name', withValues('kyc.chooseNames', { names: firstNameWords(context.profileFirstName).join(', ') }));
        }
        if (v.front == null) issue('front', 'kyc.frontRequired');
        if (needsBackSide(v.document_type) && v.back == null) issue('back', 'kyc.backRequired');
      }),
    );
}

export type IdProofInput = z.input<ReturnType<typeof idProofSchema>>;

/** POST /api/sandbox/mangopay/kyc/{id}: the tester's decision on an identity document (a refusal with one of MangoPay's reasons, unreadable unless told). */
export const KYC_REFUSAL_TYPES = ['DOCUMENT_UNREADABLE', 'DOCUMENT_HAS_EXPIRED', 'DOCUMENT_INCOMPLETE', 'DOCUMENT_DO_NOT_MATCH_USER_DATA'] as const;
export const sandboxKycDecisionBody = z.object({ status: z.enum(['VALIDATED', 'REFUSED']), reason: z.optional(z.enum(KYC_REFUSAL_TYPES)) });

/** GET /api/mango/hooks: MangoPay's hook query (unsigned; the resource is read back). */
export const kycHookQuery = z.object({
  EventType: safeString().check(z.maxLength(64)),
  // An id, never a path: it goes into the provider's URL.
  RessourceId: safeString().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)),
  Date: z.optional(safeString().check(z.maxLength(20))),
});

/** POST /api/sandbox/mangopay/sca/{id}: the host passes or fails SCA on the emulation's page. */
export const sandboxScaBody = z.object({ pass: z.boolean() });

/** POST /api/user/sca-enroll: where MangoPay sends the host back (a path of this site). */
export const scaEnrolBody = z.object({ sca_return_url: z.optional(safeString().check(z.maxLength(200), z.regex(/^\/[A-Za-z0-9/_?=&%.-]*$/, 'sca.missingReturnUrl'))) });
