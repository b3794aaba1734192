import 'server-only';
import { messageAnswer } from '@/lib/schemas/common';
import { sandboxCardDto, sandboxPayinDto, sandboxRedirectDto } from '@/lib/schemas/booking-dto';
import { sandboxBankIdDto } from '@/lib/schemas/cottage-dto';
import { sandboxBankIdBody, sandboxCardBody, sandboxSecureBody } from '@/lib/schemas/payment';
import { outboxList } from '@/lib/schemas/user-dto';
import { sandboxKycList, sandboxScaDto } from '@/lib/schemas/kyc-dto';
import { sandboxKycDecisionBody, sandboxScaBody } from '@/lib/schemas/kyc';
import type { Api } from '../http/api';
import { ApiError, notFound } from '../http/errors';
import { config } from '../config';
import { outboxEnabled } from '../providers/mail';
import { decideKycDocument, decideSca, kycDocumentsWaiting } from '../providers/mangopay-emulation';
import { getUser } from '../services/users';
import { sandboxPayments } from '../providers/mangopay-emulation-payments';
import { payments } from '../providers/payments';
import { answerSandboxBankId, sandboxBankIdSession } from '../services/cottage-verify';
import { listOutbox } from '../services/outbox';

/**
 * The local provider pages' calls (card payments, BankID) and the mail outbox. Tagged 'sandbox': they
 * answer 404 unless STUGA_SANDBOX=1 (Api.route).
 */
export function sandboxRoutes(api: Api) {
  // The sandbox provider's card page talks to these (only while the sandbox is the provider).
  const sandboxOnly = () => {
    if (payments.name !== 'sandbox') throw new ApiError(404, 'errors.badUrl');
  };
  const payinId = (params: Record<string, string>) => {
    if (!/^sbx_payin_[A-Za-z0-9_-]{10,40}$/.test(params.id ?? '')) throw new ApiError(404, 'errors.notFound');
    return params.id!;
  };

  // GET /api/sandbox/mangopay/payins/:id — the pay-in the card page shows
  api.route({ method: 'get', path: '/api/sandbox/mangopay/payins/:id', auth: 'none', tag: 'sandbox', summary: 'Sandbox pay-in', response: sandboxPayinDto }, async ({ db, params }) => {
    sandboxOnly();
    const row = await sandboxPayments.payIn(db, payinId(params));
    if (!row) throw new ApiError(404, 'errors.notFound');
    return { id: row.id, amount: row.amount, card_type: row.cardType, status: row.status, secure_mode_pending: row.secureModePending };
  });

  // POST /api/sandbox/mangopay/payins/:id/card — the holder's card: success, 3-D Secure, or a MangoPay error code
  api.route(
    { method: 'post', path: '/api/sandbox/mangopay/payins/:id/card', auth: 'none', tag: 'sandbox', summary: 'Sandbox card', body: sandboxCardBody, response: sandboxCardDto },
    async ({ db, params, body }) => {
      sandboxOnly();
      const result = await sandboxPayments.submitCard(db, payinId(params), { number: body.card_number, expiry: body.expiry, cvc: body.cvc });
      if (!result) throw new ApiError(400, 'sandbox.payinClosed');
      return result;
    },
  );

  // POST /api/sandbox/mangopay/payins/:id/secure — the 3-D Secure step
  api.route(
    { method: 'post', path: '/api/sandbox/mangopay/payins/:id/secure', auth: 'none', tag: 'sandbox', summary: 'Sandbox 3-D Secure', body: sandboxSecureBody, response: sandboxRedirectDto },
    async ({ db, params, body }) => {
      sandboxOnly();
      const redirect = await sandboxPayments.secure(db, payinId(params), body.approve);
      if (!redirect) throw new ApiError(400, 'sandbox.payinClosed');
      return { redirect };
    },
  );

  // POST /api/sandbox/mangopay/payins/:id/cancel — the holder gives up on the card page
  api.route({ method: 'post', path: '/api/sandbox/mangopay/payins/:id/cancel', auth: 'none', tag: 'sandbox', summary: 'Sandbox cancel', response: sandboxRedirectDto }, async ({ db, params }) => {
    sandboxOnly();
    const redirect = await sandboxPayments.cancel(db, payinId(params));
    if (!redirect) throw new ApiError(400, 'sandbox.payinClosed');
    return { redirect };
  });

  // Sandbox BankID: the local page reads the session and posts the tester's choice
  api.route({ method: 'get', path: '/api/sandbox/bankid/:token', auth: 'user', tag: 'sandbox', summary: 'Sandbox BankID session', response: sandboxBankIdDto }, async ({ db, user, params }) =>
    sandboxBankIdSession(db, user, params.token ?? ''),
  );
  api.route(
    { method: 'post', path: '/api/sandbox/bankid/:token', auth: 'user', tag: 'sandbox', summary: 'Answer a sandbox BankID session', body: sandboxBankIdBody, response: messageAnswer },
    async ({ db, user, params, body }) => {
      await answerSandboxBankId(db, user, params.token ?? '', body);
      return { message: 'success' };
    },
  );

  // The MangoPay emulation's compliance desk: the identity documents waiting, and the tester's decision (then the hook).
  api.route({ method: 'get', path: '/api/sandbox/mangopay/kyc', auth: 'admin', tag: 'sandbox', summary: 'Sandbox KYC documents waiting', response: sandboxKycList }, async () =>
    (await kycDocumentsWaiting()).map((d) => ({
      id: String(d.Id),
      user_id: String(d.UserId),
      tag: d.Tag ? String(d.Tag) : null,
      pages: Number(d.Pages ?? 0),
      creation_date: new Date(Number(d.CreationDate) * 1000).toISOString(),
    })),
  );
  api.route(
    { method: 'post', path: '/api/sandbox/mangopay/kyc/:id', auth: 'admin', tag: 'sandbox', summary: 'Decide a sandbox KYC document', body: sandboxKycDecisionBody, response: messageAnswer },
    async ({ params, body, c }) => {
      // The hook goes where MangoPay would send it: this server's public address (the BFF calls in-process under an internal name).
      const origin = new URL(c.req.url).origin;
      const hookUrl = `${origin === 'http://marketplace.internal' ? config.publicUrl : origin}/api/mango/hooks`;
      if (!(await decideKycDocument(params.id ?? '', body.status === 'VALIDATED' ? { status: 'VALIDATED' } : { status: 'REFUSED', reason: body.reason ?? 'DOCUMENT_UNREADABLE' }, hookUrl)))
        throw new ApiError(404, 'errors.notFound');
      return { message: 'success' };
    },
  );

  // The emulation's SCA page: the host passes or fails the strong authentication of their own payout recipient.
  api.route(
    { method: 'post', path: '/api/sandbox/mangopay/sca/:id', auth: 'user', tag: 'sandbox', summary: 'Answer a sandbox SCA', body: sandboxScaBody, response: sandboxScaDto },
    async ({ db, user, params, body }) => {
      const row = await getUser(db, user.id);
      // Only the caller's own recipient, or their own SCA enrolment.
      if (!params.id || (params.id !== row.mangoRecipientId && params.id !== row.mangoUserId)) throw new ApiError(404, 'errors.notFound');
      const status = await decideSca(params.id, body.pass);
      if (!status) throw new ApiError(404, 'errors.notFound');
      return { status };
    },
  );

  // GET /api/dev/outbox — the sandbox mail outbox (only without SMTP)
  api.route({ method: 'get', path: '/api/dev/outbox', auth: 'none', tag: 'sandbox', summary: 'Local mail outbox', response: outboxList }, async ({ db }) => {
    if (!outboxEnabled) throw notFound();
    return listOutbox(db);
  });
}
