'use client';
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import { showMessage } from '@/lib/i18n/message';
import { afterLoginPath, safeNext } from '@/lib/rules/next-path';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { useZodForm } from '@/components/forms/use-zod-form';
import { useApiMutation } from '@/components/query/use-api-mutation';

type Step = 'email' | 'password' | 'soft' | 'create';
type Notice = 'linkSent' | 'resetSent' | 'accountCreated' | null;

/** SPEC §2 /login: e-mail first; then password (STRICT), login link (SOFT) or create account. */
export function LoginFlow({ next }: { next: string | null }) {
  const t = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const [step, setStep] = useState<Step>('email');
  const [username, setUsername] = useState('');
  const [notice, setNotice] = useState<Notice>(null);

  // The schemas (and zod) load when the visitor first leaves a field, not with the page.
  const emailForm = useZodForm(() => import('@/lib/schemas/auth').then((m) => m.usernameBody), { defaultValues: { username: '' } });
  const pwForm = useZodForm(() => import('@/lib/schemas/auth').then((m) => m.loginPasswordForm), { defaultValues: { password: '' } });

  const check = useApiMutation({
    mutationFn: (email: string) => api<{ exists: boolean; type: 'SOFT' | 'STRICT' | null }>('/user/checkUsername', { body: { username: email } }),
    form: emailForm,
    onSuccess: (result, email) => {
      setUsername(email);
      setNotice(null);
      setStep(!result.exists ? 'create' : result.type === 'SOFT' ? 'soft' : 'password');
    },
  });
  // A refused password (400) shows under the password field.
  const login = useApiMutation({
    mutationFn: async (password: string) => {
      await api('/auth/login', { body: { username, password }, logoutOn401: false });
      return api<{ type: 'SOFT' | 'STRICT' }>('/user');
    },
    form: pwForm,
    field: 'password',
    onSuccess: (user) => router.replace(`/dashboard${afterLoginPath(next, user.type)}`),
  });
  const sendLink = useApiMutation({
    mutationFn: () => api('/user/send-auth-token', { body: { username, next: safeNext(next) ?? undefined } }),
    onSuccess: () => setNotice('linkSent'),
  });
  const forgot = useApiMutation({
    mutationFn: () => api('/auth/request-reset-password', { body: { username } }),
    onSuccess: () => setNotice('resetSent'),
  });
  const create = useApiMutation({
    mutationFn: () => api('/user?autenticate=yes', { body: { username, language: locale } }),
    onSuccess: () => setNotice('accountCreated'),
  });
  const busy = [check, login, sendLink, forgot, create].some((m) => m.isPending) || login.isSuccess;

  const checkEmail = emailForm.handleSubmit(({ username: email }) => check.mutate(email));
  const signIn = pwForm.handleSubmit(({ password }) => login.mutate(password));

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
          <TextField label={t('login.email')} type="email" autoComplete="email" autoFocus error={showMessage(t, emailForm.formState.errors.username?.message)} {...emailForm.register('username')} />
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
            error={showMessage(t, pwForm.formState.errors.password?.message)}
            {...pwForm.register('password')}
          />
          <Button type="submit" disabled={busy}>
            {t('login.submit')}
          </Button>
          <Button variant="text" onClick={() => forgot.mutate()} disabled={busy} className="self-start">
            {t('login.forgotPassword')}
          </Button>
        </form>
      ) : null}

      {step === 'soft' && notice !== 'linkSent' ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-muted">{t('login.softIntro')}</p>
          <Button onClick={() => sendLink.mutate()} disabled={busy}>
            {t('login.sendLink')}
          </Button>
        </div>
      ) : null}

      {step === 'create' && notice !== 'accountCreated' ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm">{t('login.createPrompt', { email: username })}</p>
          <Button onClick={() => create.mutate()} disabled={busy}>
            {t('login.createAccount')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
