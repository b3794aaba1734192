'use client';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import { changePasswordForm, type ChangePasswordForm as Values } from '@/lib/schemas/auth';
import { useZodForm } from '@/components/forms/use-zod-form';
import { useApiMutation } from '@/components/query/use-api-mutation';
import { PasswordFieldsForm } from './password-fields-form';

export function ChangePasswordForm() {
  const t = useTranslations();
  const router = useRouter();
  const form = useZodForm(changePasswordForm, { defaultValues: { old_password: '', password: '', confirm_password: '' } });
  const save = useApiMutation({
    mutationFn: (values: Values) => api('/user/change-password', { method: 'PUT', body: { old_password: values.old_password, password: values.password } }),
    form,
    success: t('success.passwordChanged'),
    describe: (error) => t('errors.passwordChangeFailed', { error }),
    onSuccess: () => router.push('/dashboard/profile'),
  });
  return (
    <PasswordFieldsForm
      form={form}
      onValid={(values) => save.mutate(values)}
      pending={save.isPending}
      saved={save.isSuccess}
      submitLabel={t('changePassword.submit')}
      fields={[
        { name: 'old_password', label: t('changePassword.old'), autoComplete: 'current-password' },
        { name: 'password', label: t('changePassword.new'), autoComplete: 'new-password' },
        { name: 'confirm_password', label: t('changePassword.confirm'), autoComplete: 'new-password' },
      ]}
    />
  );
}
