'use client';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import type { ResetPasswordForm as Values } from '@/lib/schemas/auth';
import { useZodForm } from '@/components/forms/use-zod-form';
import { useApiMutation } from '@/components/query/use-api-mutation';
import { PasswordFieldsForm } from '@/components/auth/password-fields-form';

/** SPEC §2 password panel (SOFT users): the first password makes the account STRICT. */
export function SetPassword({ next, complete }: { next: string | null; complete: boolean }) {
  const t = useTranslations('profile');
  const router = useRouter();
  const form = useZodForm(() => import('@/lib/schemas/auth').then((m) => m.resetPasswordForm), { defaultValues: { password: '', confirm_password: '' } });
  const save = useApiMutation({
    mutationFn: (values: Values) => api('/user?authenticate=true', { method: 'PUT', body: values }),
    form,
    success: t('passwordSet'),
    refresh: true,
    onSuccess: () => {
      if (next && complete) router.push(`/dashboard${next}`);
    },
  });
  return (
    <PasswordFieldsForm
      form={form}
      onValid={(values) => save.mutate(values)}
      pending={save.isPending}
      saved={save.isSuccess}
      submitLabel={t('setPassword')}
      autoFocus={false}
      fields={[
        { name: 'password', label: t('newPassword'), autoComplete: 'new-password' },
        { name: 'confirm_password', label: t('repeatPassword'), autoComplete: 'new-password' },
      ]}
    />
  );
}
