'use client';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import type { ProfileBody } from '@/lib/schemas/profile';
import { todayInStockholm } from '@/lib/rules/dates';
import { useZodForm } from '@/components/forms/use-zod-form';
import { UnsavedChangesPrompt } from '@/components/layout/unsaved-changes-prompt';
import { Button } from '@/components/ui/button';
import { useConfirmedSave } from './use-confirmed-save';
import { ProfileSections } from './profile-fields';
import { profileDefaults } from './profile-values';
import type { User as ProfileUser } from '@/lib/schemas/user-dto';

/**
 * The profile's basic information (SPEC §2, §4 "Profile save"): a SOFT user saves directly; a
 * STRICT user confirms with the password; a BankID-verified one signs in with BankID first when the
 * API asks for it (403 profile.bankidRequired), and the save is sent again after. Pages use the lazy
 * one (profile-form-lazy.tsx): this module and react-hook-form load after the page.
 */
export function ProfileForm({ user, next }: { user: ProfileUser; next: string | null }) {
  const t = useTranslations('profile');
  const router = useRouter();
  // The schema (and zod) load when the form is first checked: the page's first load stays small.
  const form = useZodForm(() => import('@/lib/schemas/profile').then((m) => m.profileSchema(todayInStockholm())), { defaultValues: profileDefaults(user) });
  const save = useConfirmedSave({
    askPassword: user.type === 'STRICT' && !user.bankid_verified_at,
    send: (values: ProfileBody) => api<ProfileUser>('/user', { method: 'PUT', body: values }),
    form,
    success: t('saved'),
    onSaved: (saved, values) => {
      form.reset({ ...values, password: undefined, confirm_username: '' });
      // Back to where the user was asked to complete the profile (an offer to accept, an ad to create).
      if (next && saved.type === 'STRICT') router.push(`/dashboard${next}`);
    },
  });
  const submit = form.handleSubmit((values) => save.request(values));

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <ProfileSections form={form} user={user} />
      <div>
        <Button type="submit" disabled={!form.formState.isDirty || save.isPending}>
          {t('save')}
        </Button>
      </div>
      <UnsavedChangesPrompt when={form.formState.isDirty && !save.isSuccess} />
      {save.dialogs}
    </form>
  );
}
