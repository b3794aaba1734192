// The card provider's calls back to us (SPEC §7 payments) and the sandbox card page's requests.
import * as z from 'zod/mini';
import { safeString } from './common';

const providerId = safeString().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'errors.badUrl'));

/** GET /api/payments/return?transactionId= */
export const paymentReturnQuery = z.object({ transactionId: providerId });
/** GET /api/payments/hook?EventType=&RessourceId= (MangoPay hooks are GETs) */
export const paymentHookQuery = z.object({ EventType: z.optional(safeString()), RessourceId: providerId, Date: z.optional(safeString()) });

/** POST /api/sandbox/mangopay/payins/{id}/card */
export const sandboxCardBody = z.object({ card_number: safeString().check(z.maxLength(30)), expiry: safeString().check(z.maxLength(10)), cvc: safeString().check(z.maxLength(6)) });
/** POST /api/sandbox/mangopay/payins/{id}/secure */
export const sandboxSecureBody = z.object({ approve: z.boolean() });
/** POST /api/sandbox/bankid/{token}: the tester's choice of identity, or a failure. */
export const sandboxBankIdBody = z.object({
  personal_number: z.optional(safeString().check(z.regex(/^\d{12}$/))),
  fail: z.optional(z.boolean()),
  /** What else the tester can do in the BankID app: cancel, or let the order time out. */
  outcome: z.optional(z.enum(['userCancel', 'expiredTransaction', 'startFailed'])),
});
