'use client';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { api, ApiClientError } from '@/lib/api/client';
import { changePasswordForm, type ChangePasswordForm as Values } from '@/lib/schemas/auth';
import { useSnackbar } from '@/components/layout/snackbar';
import { PasswordFieldsForm } from './password-fields-form';

export function ChangePasswordForm() {
  const t = useTranslations();
  const snackbar = useSnackbar();
  const router = useRouter();
  async function submit(values: Values) {
    try {
      await api('/user/change-password', { method: 'PUT', body: { old_password: values.old_password, password: values.password } });
      snackbar(t('success.passwordChanged'), { severity: 'success' });
      router.push('/dashboard/profile');
      return true;
    } catch (error) {
      const reason = error instanceof ApiClientError && error.message ? error.message : t('errors.generic');
      snackbar(t('errors.passwordChangeFailed', { error: reason }));
      return false;
    }
  }
  return (
    <PasswordFieldsForm
      schema={changePasswordForm}
      submitLabel={t('changePassword.submit')}
      fields={[
        { name: 'old_password', label: t('changePassword.old'), autoComplete: 'current-password' },
        { name: 'password', label: t('changePassword.new'), autoComplete: 'new-password' },
        { name: 'confirm_password', label: t('changePassword.confirm'), autoComplete: 'new-password' },
      ]}
      onSubmit={submit}
    />
  );
}
