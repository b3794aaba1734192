'use client';
import { useTranslations } from 'next-intl';
import type { User as ProfileUser } from '@/lib/schemas/user-dto';
import { PasswordFieldsForm } from '@/components/auth/password-fields-form';
import { lazyForm, PreviewFieldset } from '@/components/forms/lazy-form';
import { staticForm } from '@/components/forms/static-form';
import { Button } from '@/components/ui/button';
import { ProfileSections } from './profile-fields';
import { profileDefaults } from './profile-values';

// The profile page's forms load after the page (react-hook-form stays out of its first load); until
// then the server-rendered previews show the same fields and values, disabled. docs/performance.md.

function ProfileFormPreview({ user }: { user: ProfileUser; next: string | null }) {
  const t = useTranslations('profile');
  return (
    <PreviewFieldset className="flex flex-col gap-6">
      <ProfileSections form={staticForm(profileDefaults(user))} user={user} />
      <div>
        <Button type="submit">{t('save')}</Button>
      </div>
    </PreviewFieldset>
  );
}

export const LazyProfileForm = lazyForm(() => import('./profile-form').then((m) => m.ProfileForm), ProfileFormPreview);

function SetPasswordPreview() {
  const t = useTranslations('profile');
  return (
    <PreviewFieldset>
      <PasswordFieldsForm
        form={staticForm({ password: '', confirm_password: '' })}
        onValid={() => undefined}
        pending={false}
        saved={false}
        submitLabel={t('setPassword')}
        autoFocus={false}
        fields={[
          { name: 'password', label: t('newPassword'), autoComplete: 'new-password' },
          { name: 'confirm_password', label: t('repeatPassword'), autoComplete: 'new-password' },
        ]}
      />
    </PreviewFieldset>
  );
}

export const LazySetPassword = lazyForm(() => import('./set-password').then((m) => m.SetPassword), SetPasswordPreview);
