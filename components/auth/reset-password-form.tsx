'use client';
import { useState } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { api, ApiClientError } from '@/lib/api/client';
import { resetPasswordForm, type ResetPasswordForm as Values } from '@/lib/schemas/auth';
import { buttonClass } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { PasswordFieldsForm } from './password-fields-form';

export function ResetPasswordForm({ hash }: { hash: string }) {
  const t = useTranslations();
  const [state, setState] = useState<{ done: boolean; error: string | null }>({ done: false, error: null });

  async function submit(values: Values) {
    try {
      await api('/auth/reset-password', { body: { password: values.password, hash }, logoutOn401: false });
      setState({ done: true, error: null });
      return true;
    } catch (error) {
      setState({ done: false, error: error instanceof ApiClientError && error.message ? error.message : t('errors.resetFailed') });
      return false;
    }
  }

  if (state.done) {
    return (
      <div className="flex flex-col gap-4">
        <Notice tone="success">{t('success.passwordRestored')}</Notice>
        <Link href="/dashboard/login" className={buttonClass()}>
          {t('reset.toLogin')}
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {state.error ? <Notice tone="error">{state.error}</Notice> : null}
      <PasswordFieldsForm
        schema={resetPasswordForm}
        submitLabel={t('reset.submit')}
        fields={[
          { name: 'password', label: t('reset.password'), autoComplete: 'new-password' },
          { name: 'confirm_password', label: t('reset.confirm'), autoComplete: 'new-password' },
        ]}
        onSubmit={submit}
      />
    </div>
  );
}
