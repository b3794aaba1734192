import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, USER_LANGUAGES } from '../constants';

// Messages are i18n keys: the form translates them with next-intl, the API with lib/i18n/messages.
export const emailSchema = z
  .string({ error: 'validation.emailRequired' })
  .trim()
  .min(1, 'validation.emailRequired')
  .max(254, 'validation.emailInvalid')
  .pipe(z.email({ error: 'validation.emailInvalid' }))
  .transform((v) => v.toLowerCase());

export const usernameBody = z.object({ username: emailSchema });

export const loginBody = z.object({
  username: emailSchema,
  password: z.string({ error: 'validation.passwordRequired' }).min(1, 'validation.passwordRequired').max(1024),
});

export const createAccountBody = z.object({
  username: emailSchema,
  language: z.enum(USER_LANGUAGES).default('sv'),
});

export const tokenBody = z.object({ token: z.string().min(16, 'errors.invalidToken').max(200, 'errors.invalidToken') });

const newPassword = z
  .string({ error: 'validation.required' })
  .min(1, 'validation.required')
  .min(PASSWORD_MIN_LENGTH, 'validation.passwordMin')
  .max(1024, 'validation.passwordMax');

/** Reset form: password twice; the API receives password and hash. */
export const resetPasswordForm = z
  .object({ password: newPassword, confirm_password: z.string().min(1, 'validation.required') })
  .refine((v) => v.password === v.confirm_password, { path: ['confirm_password'], message: 'validation.passwordMismatch' });

export const resetPasswordBody = z.object({ password: newPassword, hash: z.string().min(16).max(200) });

export const changePasswordForm = z
  .object({
    old_password: z.string().min(1, 'validation.required').max(1024),
    password: newPassword,
    confirm_password: z.string().min(1, 'validation.required'),
  })
  .refine((v) => v.password === v.confirm_password, { path: ['confirm_password'], message: 'validation.passwordMismatch' });

export const changePasswordBody = z.object({ old_password: z.string().min(1, 'validation.required').max(1024), password: newPassword });

export type LoginBody = z.infer<typeof loginBody>;
export type ResetPasswordForm = z.infer<typeof resetPasswordForm>;
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;
