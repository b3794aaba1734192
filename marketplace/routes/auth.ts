import 'server-only';
import { changePasswordBody, createAccountBody, loginBody, resetPasswordBody, tokenBody, usernameBody } from '@/lib/schemas/auth';
import { messageAnswer } from '@/lib/schemas/common';
import { createAccountQuery, sendAuthTokenBody } from '@/lib/schemas/user';
import { checkUsernameDto, createAccountDto, resetLinkDto, tokenLoginDto, userDto as userSchema } from '@/lib/schemas/user-dto';
import type { Api } from '../http/api';
import * as auth from '../services/auth';
import { revokeSession } from '../services/sessions';
import { userViewById } from '../services/users';

/** The session token travels back to the BFF in this header, never in the body. */
export const SESSION_TOKEN_HEADER = 'x-session-token';

export function authRoutes(api: Api) {
  // POST /api/auth/login — password sign-in; answers { message: 'success' } only on success
  api.route({ method: 'post', path: '/api/auth/login', auth: 'none', tag: 'auth', summary: 'Sign in with password', body: loginBody, response: messageAnswer }, async ({ db, body, address, c }) => {
    const { token } = await auth.login(db, body.username, body.password, address);
    c.header(SESSION_TOKEN_HEADER, token);
    return { message: 'success' };
  });

  // GET /api/auth/logout — revokes this session on the server
  api.route({ method: 'get', path: '/api/auth/logout', auth: 'optional', tag: 'auth', summary: 'Sign out', response: messageAnswer }, async ({ db, user }) => {
    if (user) await revokeSession(db, user.id, user.sessionId);
    return { message: 'Successfully logged out' };
  });

  // POST /api/auth/token — exchanges a single-use login link token for a session
  api.route({ method: 'post', path: '/api/auth/token', auth: 'none', tag: 'auth', summary: 'Sign in with a login-link token', body: tokenBody, response: tokenLoginDto }, async ({ db, body, c }) => {
    const { token, user } = await auth.loginWithToken(db, body.token);
    c.header(SESSION_TOKEN_HEADER, token);
    return { message: 'success' as const, type: user.type };
  });

  // POST /api/auth/request-reset-password — e-mails a reset link (same answer for unknown e-mails)
  api.route(
    { method: 'post', path: '/api/auth/request-reset-password', auth: 'none', tag: 'auth', summary: 'Request a password reset link', body: usernameBody, response: messageAnswer },
    async ({ db, body, address }) => {
      await auth.requestPasswordReset(db, body.username, address);
      return { message: 'success' };
    },
  );

  // POST /api/auth/reset-password — sets a new password from a reset link
  api.route({ method: 'post', path: '/api/auth/reset-password', auth: 'none', tag: 'auth', summary: 'Reset the password', body: resetPasswordBody, response: messageAnswer }, async ({ db, body }) => {
    await auth.resetPassword(db, body.hash, body.password);
    return { message: 'success' };
  });

  // GET /api/user/resetPassword/:token — is this reset link still valid?
  api.route({ method: 'get', path: '/api/user/resetPassword/:token', auth: 'none', tag: 'auth', summary: 'Check a reset link', response: resetLinkDto }, async ({ db, params }) =>
    auth.checkResetToken(db, params.token ?? ''),
  );

  // POST /api/user/checkUsername — does an account exist, and is it SOFT or STRICT? (limited per address)
  api.route(
    { method: 'post', path: '/api/user/checkUsername', auth: 'none', tag: 'auth', summary: 'Check an e-mail address', body: usernameBody, response: checkUsernameDto },
    async ({ db, body, address }) => auth.checkUsername(db, body.username, address),
  );

  // POST /api/user/send-auth-token — e-mails a login link
  api.route(
    { method: 'post', path: '/api/user/send-auth-token', auth: 'none', tag: 'auth', summary: 'E-mail a login link', body: sendAuthTokenBody, response: messageAnswer },
    async ({ db, body, address }) => {
      await auth.sendLoginLink(db, body.username, address, body.next);
      return { message: 'success' };
    },
  );

  // POST /api/user?autenticate=yes — creates a SOFT account and e-mails its login link
  api.route(
    { method: 'post', path: '/api/user', auth: 'none', tag: 'user', summary: 'Create an account', body: createAccountBody, query: createAccountQuery, response: createAccountDto },
    async ({ db, body, address }) => {
      const user = await auth.createAccount(db, body.username, body.language, address);
      return { message: 'success' as const, id: user.id, type: user.type };
    },
  );

  // GET /api/user — the signed-in user
  api.route({ method: 'get', path: '/api/user', auth: 'user', tag: 'user', summary: 'The signed-in user', response: userSchema }, async ({ db, user }) => userViewById(db, user.id));

  // PUT /api/user/change-password — STRICT users change their password
  api.route(
    { method: 'put', path: '/api/user/change-password', auth: 'user', tag: 'user', summary: 'Change password', body: changePasswordBody, response: messageAnswer },
    async ({ db, user, body }) => {
      await auth.changePassword(db, user, body.old_password, body.password);
      return { message: 'success' };
    },
  );
}
