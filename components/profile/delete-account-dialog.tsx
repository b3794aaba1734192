'use client';
import { useEffect } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { api, ApiClientError } from '@/lib/api/client';
import { showMessage } from '@/lib/i18n/message';
import { useZodForm } from '@/components/forms/use-zod-form';
import { useApiMutation } from '@/components/query/use-api-mutation';
import { Button } from '@/components/ui/button';
import { LazyDialog as Dialog } from '@/components/ui/lazy-dialog';
import { CheckboxField } from '@/components/ui/fields';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';

/** SPEC §5: how long the "deleted" message shows before the browser leaves. */
const LEAVE_AFTER_MS = 3000;

/**
 * SPEC §2/§5 "delete-my-account link opening a dialog": the box, the phrase, then logged out and sent
 * away. Loaded when the link is first used (delete-account.tsx); stays mounted after, keeping what was typed.
 */
export function DeleteAccountDialog({ open, setOpen }: { open: boolean; setOpen: (open: boolean) => void }) {
  const t = useTranslations();
  const router = useRouter();
  const form = useZodForm(() => import('@/lib/schemas/profile').then((m) => m.deleteAccountBody), { defaultValues: { confirm: false as unknown as true, phrase: '' } });
  const remove = useApiMutation({
    mutationFn: (values: { confirm: true; phrase: string }) => api('/user', { method: 'DELETE', body: values }),
    form,
    quiet: (error) => error instanceof ApiClientError && error.code === 'profile.deleteHasAds',
  });
  useEffect(() => {
    if (!remove.isSuccess) return;
    const timer = setTimeout(() => router.replace('/dashboard/logout'), LEAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [remove.isSuccess, router]);
  const hasAds = remove.error instanceof ApiClientError && remove.error.code === 'profile.deleteHasAds';
  const errors = form.formState.errors;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !remove.isSuccess && setOpen(next)}
      title={t('profile.deleteTitle')}
      actions={
        remove.isSuccess ? null : (
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" form="delete-account" disabled={remove.isPending} className="bg-red-700 hover:bg-red-800">
              {t('profile.deleteSubmit')}
            </Button>
          </>
        )
      }
    >
      {remove.isSuccess ? (
        <Notice tone="success">{t('profile.deleted')}</Notice>
      ) : (
        <form id="delete-account" noValidate onSubmit={form.handleSubmit((values) => remove.mutate(values))} className="flex flex-col gap-3">
          <p>{t('profile.deleteText')}</p>
          {hasAds ? (
            <Notice tone="error">
              <p>{(remove.error as ApiClientError).message}</p>
              <Link href="/dashboard/cottages" className="font-semibold underline">
                {t('profile.toListings')}
              </Link>
            </Notice>
          ) : null}
          <CheckboxField label={t('profile.deleteConfirm')} error={showMessage(t, errors.confirm?.message)} {...form.register('confirm')} />
          <TextField label={t('profile.deletePhraseLabel')} autoComplete="off" error={showMessage(t, errors.phrase?.message)} {...form.register('phrase')} />
        </form>
      )}
    </Dialog>
  );
}
