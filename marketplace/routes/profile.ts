import 'server-only';
import * as z from 'zod/mini';
import QRCode from 'qrcode';
import { todayInStockholm } from '@/lib/rules/dates';
import { resetPasswordForm } from '@/lib/schemas/auth';
import { messageAnswer, safeString } from '@/lib/schemas/common';
import { bankIdLoginDto, bankIdLoginStartDto, hostInformationDto, userDto } from '@/lib/schemas/user-dto';
import { hostInformationBody } from '@/lib/schemas/payout';
import { bankIdLoginBody, deleteAccountBody, profileSchema } from '@/lib/schemas/profile';
import { fileAnswer, validate, type Api } from '../http/api';
import { bankId } from '../providers/bankid';
import { deleteAccount, exportData, setFirstPassword } from '../services/account';
import { completeBankIdLogin } from '../services/bankid-login';
import { saveProfile } from '../services/profile';
import { saveHostInformation } from '../services/host-information';
import { hit, limits, perKey, userKey } from '../services/rate-limit';

const qrSvg = (data: string | null) => (data ? QRCode.toString(data, { type: 'svg', margin: 2, errorCorrectionLevel: 'L' }) : Promise.resolve(null));

export function profileRoutes(api: Api) {
  // PUT /api/user — save the profile (SPEC §4 "Profile save"); ?authenticate=true: a SOFT user's first password
  api.route(
    {
      method: 'put',
      path: '/api/user',
      auth: 'user',
      tag: 'user',
      summary: 'Save the profile, or (?authenticate=true) set a first password',
      body: z.record(safeString(), z.unknown()),
      query: z.object({ authenticate: z.optional(z.literal('true')) }),
      response: userDto,
    },
    async ({ db, user, body, query }) => {
      if (query.authenticate) return setFirstPassword(db, user, validate(resetPasswordForm, body).password);
      return saveProfile(db, user, validate(profileSchema(todayInStockholm()), body));
    },
  );

  // PUT /api/user/host-information — the payout details and bank account (SPEC §4 "Payout save", §5 "Payout person")
  api.route(
    {
      method: 'put',
      path: '/api/user/host-information',
      auth: 'user',
      tag: 'user',
      summary: 'Save the host information and the payout bank account',
      body: hostInformationBody,
      response: hostInformationDto,
    },
    async ({ db, user, body }) => saveHostInformation(db, user, body),
  );

  // DELETE /api/user — delete the account (SPEC §5): the box ticked and the phrase typed, no ads left
  api.route({ method: 'delete', path: '/api/user', auth: 'user', tag: 'user', summary: 'Delete my account', body: deleteAccountBody, response: messageAnswer }, async ({ db, user }) =>
    deleteAccount(db, user),
  );

  // GET /api/user/export — everything stored about the user as a JSON download (GDPR art. 15/20); rate-limited
  api.route(
    {
      method: 'get',
      path: '/api/user/export',
      auth: 'user',
      tag: 'user',
      summary: 'Download my data',
      response: fileAnswer('application/json', 'Everything stored about the user, as a JSON download'),
    },
    async ({ db, user }) => {
      await hit(db, perKey(limits.dataExport, userKey(user.id)));
      const data = await exportData(db, user);
      return new Response(JSON.stringify(data, null, 2), {
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-disposition': `attachment; filename="stuga-data-${todayInStockholm()}.json"`,
        },
      });
    },
  );

  // GET /api/auth/bankid/token — start signing in with BankID (the profile's confirmation); rate-limited per user
  api.route({ method: 'get', path: '/api/auth/bankid/token', auth: 'user', tag: 'auth', summary: 'Start a BankID sign-in', response: bankIdLoginStartDto }, async ({ db, user, address }) => {
    await hit(db, perKey(limits.bankIdSession, userKey(user.id)));
    const started = await bankId.start(db, { userId: user.id, cottageId: null, returnUrl: null, endUserIp: address });
    const poll = await bankId.poll(db, started.token, { userId: user.id, cottageId: null });
    return { token: started.token, app_url: started.url, qr_svg: await qrSvg(poll?.qrData ?? null) };
  });

  // POST /api/auth/bankid/login — collect: pending (with a fresh QR code), success, or INFORMATION_MISSMATCH with the fields
  api.route(
    { method: 'post', path: '/api/auth/bankid/login', auth: 'user', tag: 'auth', summary: 'Collect a BankID sign-in', body: bankIdLoginBody, response: bankIdLoginDto },
    async ({ db, user, body }) => {
      const result = await completeBankIdLogin(db, user, body.token);
      if (result.status === 'pending') return { status: 'pending' as const, hint_code: result.hintCode, qr_svg: await qrSvg(result.qrData) };
      return { message: 'success' as const };
    },
  );
}
