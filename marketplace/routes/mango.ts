import 'server-only';
import { KYC_BODY_MAX_BYTES } from '@/lib/rules/kyc';
import { bankStatusDto, hookAnswer, kycStateDto, mangoUserDto, recipientStatusDto, scaEnrolDto, scaResumeDto } from '@/lib/schemas/kyc-dto';
import { kycHookQuery, scaEnrolBody } from '@/lib/schemas/kyc';
import { rawBody, type Api } from '../http/api';
import { ApiError } from '../http/errors';
import { readBodyLimited } from '../http/request';
import { kycState, receiveHook, submitIdentity } from '../services/kyc';
import { bankStatus, mangoUserStatus, recipientStatus, resumeSca, startScaEnrolment } from '../services/payout-sca';
import { hit, limits, perKey, userKey } from '../services/rate-limit';

/** SPEC §7 "Payment provider and KYC": the host's identity verification at MangoPay, and MangoPay's hooks. */
export function mangoRoutes(api: Api) {
  // GET /api/mango/kyc — the caller's KYC status and identity documents
  api.route({ method: 'get', path: '/api/mango/kyc', auth: 'user', tag: 'mango', summary: 'KYC status and documents', response: kycStateDto }, async ({ db, user }) => kycState(db, user));

  // POST /api/mango/kyc/identity — an identity document (multipart, one or two sides) sent for verification
  api.route(
    {
      method: 'post',
      path: '/api/mango/kyc/identity',
      auth: 'user',
      tag: 'mango',
      summary: 'Send an identity document for verification',
      body: rawBody('multipart/form-data', 'id_first_name, id_last_name, first_name (each chosen word), document_type, accept_terms, validationType=IDENTITY_PROOF, validationFile (front, then back)'),
      response: kycStateDto,
    },
    async ({ db, user, c }) => {
      await hit(db, perKey(limits.uploadTicket, userKey(user.id)));
      const bytes = await readBodyLimited(c, KYC_BODY_MAX_BYTES, () => new ApiError(413, 'kyc.fileTooLarge', [], {}, { connection: 'close' }));
      return submitIdentity(db, user, bytes, c.req.header('content-type'));
    },
  );

  // GET /api/mango/hooks — MangoPay's notifications (unsigned: the resource is read back before anything changes)
  api.route({ method: 'get', path: '/api/mango/hooks', auth: 'none', tag: 'mango', summary: 'MangoPay hook', query: kycHookQuery, response: hookAnswer }, async ({ db, query }) =>
    receiveHook(db, query.EventType, query.RessourceId),
  );

  // SPEC §4 SCA: the payout bank account as a recipient at MangoPay, confirmed by the host
  api.route(
    { method: 'get', path: '/api/mango/recipients/:rid/status', auth: 'user', tag: 'mango', summary: 'Payout recipient SCA status', response: recipientStatusDto },
    async ({ db, user, params }) => recipientStatus(db, user, params.rid ?? ''),
  );
  api.route({ method: 'post', path: '/api/mango/recipients/resume', auth: 'user', tag: 'mango', summary: 'Resume the payout recipient SCA', response: scaResumeDto }, async ({ db, user }) =>
    resumeSca(db, user),
  );
  api.route({ method: 'get', path: '/api/user/bank-status', auth: 'user', tag: 'mango', summary: 'Payout bank account added', response: bankStatusDto }, async ({ db, user }) => bankStatus(db, user));

  // SPEC §2 /profile/sca-enroll: the host's own SCA enrolment, and the MangoPay user's status after it
  api.route({ method: 'post', path: '/api/user/sca-enroll', auth: 'user', tag: 'mango', summary: 'Start the SCA enrolment', body: scaEnrolBody, response: scaEnrolDto }, async ({ db, user, body }) =>
    startScaEnrolment(db, user, body.sca_return_url),
  );
  api.route({ method: 'get', path: '/api/mango/user', auth: 'user', tag: 'mango', summary: 'MangoPay user status', response: mangoUserDto }, async ({ db, user }) => mangoUserStatus(db, user));
}
