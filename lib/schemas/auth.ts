// zod/mini: the same schemas validate the forms in the browser, where classic zod alone would
// weigh ~43 kB gzip, and the API. Messages are i18n keys (the form translates them with
// next-intl, the API with lib/i18n/messages).
import * as z from 'zod/mini';
import { safeString } from './common';
import { PASSWORD_MIN_LENGTH, USER_LANGUAGES } from '../constants';

/** An e-mail address, trimmed and lower-cased, with the messages of the form it is in. */
export const emailField = (messages: { required: string; invalid: string }) =>
  z.pipe(
    safeString({ error: messages.required }).check(
      z.trim(),
      z.minLength(1, { error: messages.required, abort: true }),
      z.maxLength(254, { error: messages.invalid, abort: true }),
      z.regex(z.regexes.email, { error: messages.invalid }),
    ),
    z.transform((v: string) => v.toLowerCase()),
  );

export const emailSchema = emailField({ required: 'validation.emailRequired', invalid: 'validation.emailInvalid' });

export const usernameBody = z.object({ username: emailSchema });

export const loginBody = z.object({
  username: emailSchema,
  password: safeString({ error: 'validation.passwordRequired' }).check(z.minLength(1, 'validation.passwordRequired'), z.maxLength(1024)),
});

/** The sign-in form's second step: the password alone (the e-mail was checked in the first). */
export const loginPasswordForm = z.object({ password: loginBody.shape.password });

export const createAccountBody = z.object({
  username: emailSchema,
  language: z._default(z.enum(USER_LANGUAGES), 'sv'),
});

export const tokenBody = z.object({
  token: safeString().check(z.minLength(16, 'errors.invalidToken'), z.maxLength(200, 'errors.invalidToken')),
});

const newPassword = safeString({ error: 'validation.required' }).check(
  z.minLength(1, { error: 'validation.required', abort: true }),
  z.minLength(PASSWORD_MIN_LENGTH, 'validation.passwordMin'),
  z.maxLength(1024, 'validation.passwordMax'),
);
const required = safeString({ error: 'validation.required' }).check(z.minLength(1, 'validation.required'), z.maxLength(1024));
const matching = z.refine<{ password: string; confirm_password: string }>((v) => v.password === v.confirm_password, {
  path: ['confirm_password'],
  message: 'validation.passwordMismatch',
});

/** Reset form, and a SOFT user's first password (PUT /api/user?authenticate=true): password twice. */
export const resetPasswordForm = z.object({ password: newPassword, confirm_password: required }).check(matching);

export const resetPasswordBody = z.object({
  password: newPassword,
  hash: safeString().check(z.minLength(16), z.maxLength(200)),
});

export const changePasswordForm = z.object({ old_password: required, password: newPassword, confirm_password: required }).check(matching);

export const changePasswordBody = z.object({ old_password: required, password: newPassword });

export type LoginBody = z.infer<typeof loginBody>;
export type ResetPasswordForm = z.infer<typeof resetPasswordForm>;
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;
