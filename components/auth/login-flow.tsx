'use client';
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import * as z from 'zod/mini';
import { api, ApiClientError } from '@/lib/api/client';
import { afterLoginPath, safeNext } from '@/lib/rules/next-path';
import { loginBody, usernameBody } from '@/lib/schemas/auth';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { useSnackbar } from '@/components/layout/snackbar';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import type { CheckUsername, User } from '@/lib/schemas/user-dto';

type Step = 'email' | 'password' | 'soft' | 'create';
type Notice = 'linkSent' | 'resetSent' | 'accountCreated' | null;

const passwordForm = z.object({ password: loginBody.shape.password });

/** SPEC §2 /login: e-mail first; then password (STRICT), login link (SOFT) or create account. */
export function LoginFlow({ next }: { next: string | null }) {
  const t = useTranslations();
  const locale = useLocale();
  const snackbar = useSnackbar();
  const router = useRouter();
  const [step, setStep] = useState<Step>('email');
  const [username, setUsername] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  const emailForm = useSchemaForm(usernameBody, { username: '' });
  const pwForm = useSchemaForm(passwordForm, { password: '' });

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      const message = error instanceof ApiClientError && error.message ? error.message : t('errors.generic');
      if (error instanceof ApiClientError && error.status === 400 && step === 'password') {
        pwForm.setError('password', message);
      } else {
        snackbar(message);
      }
    } finally {
      setBusy(false);
    }
  }

  const checkEmail = emailForm.handleSubmit(({ username: email }) =>
    run(async () => {
      const result = await api<CheckUsername>('/user/checkUsername', { body: { username: email } });
      setUsername(email);
      setNotice(null);
      setStep(!result.exists ? 'create' : result.type === 'SOFT' ? 'soft' : 'password');
    }),
  );

  const signIn = pwForm.handleSubmit(({ password }) =>
    run(async () => {
      await api('/auth/login', { body: { username, password }, logoutOn401: false });
      const user = await api<User>('/user');
      router.replace(`/dashboard${afterLoginPath(next, user.type)}`);
    }),
  );

  const sendLink = () =>
    run(async () => {
      await api('/user/send-auth-token', { body: { username, next: safeNext(next) ?? undefined } });
      setNotice('linkSent');
    });

  const forgot = () =>
    run(async () => {
      await api('/auth/request-reset-password', { body: { username } });
      setNotice('resetSent');
    });

  const create = () =>
    run(async () => {
      await api('/user?autenticate=yes', { body: { username, language: locale } });
      setNotice('accountCreated');
    });

  const changeEmail = () => {
    setStep('email');
    setNotice(null);
    pwForm.reset();
  };

  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-semibold">{t('login.title')}</h1>
      {notice ? <Notice tone="success">{t(`login.${notice}`)}</Notice> : null}

      {step === 'email' ? (
        <form onSubmit={checkEmail} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-muted">{t('login.intro')}</p>
          <TextField
            label={t('login.email')}
            type="email"
            autoComplete="email"
            autoFocus
            error={emailForm.errors.username && t(emailForm.errors.username)}
            {...emailForm.register('username')}
          />
          <Button type="submit" disabled={busy}>
            {t('login.continue')}
          </Button>
        </form>
      ) : (
        <div className="flex items-center justify-between gap-3 rounded-md bg-gray-50 px-3 py-2 text-sm">
          <span className="truncate font-medium" data-testid="login-email">
            {username}
          </span>
          <Button variant="text" onClick={changeEmail}>
            {t('login.changeEmail')}
          </Button>
        </div>
      )}

      {step === 'password' ? (
        <form onSubmit={signIn} noValidate className="flex flex-col gap-4">
          <input type="email" autoComplete="username" value={username} readOnly hidden />
          <TextField
            label={t('login.password')}
            type="password"
            autoComplete="current-password"
            autoFocus
            error={pwForm.errors.password && (t.has(pwForm.errors.password) ? t(pwForm.errors.password) : pwForm.errors.password)}
            {...pwForm.register('password')}
          />
          <Button type="submit" disabled={busy}>
            {t('login.submit')}
          </Button>
          <Button variant="text" onClick={forgot} disabled={busy} className="self-start">
            {t('login.forgotPassword')}
          </Button>
        </form>
      ) : null}

      {step === 'soft' && notice !== 'linkSent' ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-muted">{t('login.softIntro')}</p>
          <Button onClick={sendLink} disabled={busy}>
            {t('login.sendLink')}
          </Button>
        </div>
      ) : null}

      {step === 'create' && notice !== 'accountCreated' ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm">{t('login.createPrompt', { email: username })}</p>
          <Button onClick={create} disabled={busy}>
            {t('login.createAccount')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
