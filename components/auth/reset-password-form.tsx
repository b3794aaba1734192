'use client';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { api, ApiClientError } from '@/lib/api/client';
import { resetPasswordForm, type ResetPasswordForm as Values } from '@/lib/schemas/auth';
import { buttonClass } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useZodForm } from '@/components/forms/use-zod-form';
import { useApiMutation } from '@/components/query/use-api-mutation';
import { PasswordFieldsForm } from './password-fields-form';

export function ResetPasswordForm({ hash }: { hash: string }) {
  const t = useTranslations();
  const form = useZodForm(resetPasswordForm, { defaultValues: { password: '', confirm_password: '' } });
  // SPEC §8: the failure shows in the page ('Error' or the server's message), not in a snackbar.
  const save = useApiMutation({
    mutationFn: (values: Values) => api('/auth/reset-password', { body: { password: values.password, hash }, logoutOn401: false }),
    form,
    quiet: true,
  });

  if (save.isSuccess) {
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
      {save.isError ? <Notice tone="error">{save.error instanceof ApiClientError && save.error.message ? save.error.message : t('errors.resetFailed')}</Notice> : null}
      <PasswordFieldsForm
        form={form}
        onValid={(values) => save.mutate(values)}
        pending={save.isPending}
        saved={false}
        submitLabel={t('reset.submit')}
        fields={[
          { name: 'password', label: t('reset.password'), autoComplete: 'new-password' },
          { name: 'confirm_password', label: t('reset.confirm'), autoComplete: 'new-password' },
        ]}
      />
    </div>
  );
}
