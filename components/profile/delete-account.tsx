'use client';
import { useState } from 'react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';

// The dialog's form (and react-hook-form) load when the link is first used, not with the profile page.
const DeleteAccountDialog = dynamic(() => import('./delete-account-dialog').then((m) => m.DeleteAccountDialog), { ssr: false });

/** SPEC §2/§5 "delete-my-account link opening a dialog" (delete-account-dialog.tsx). */
export function DeleteAccount() {
  const t = useTranslations('profile');
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        variant="text"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        className="text-red-700"
      >
        {t('deleteLink')}
      </Button>
      {used ? <DeleteAccountDialog open={open} setOpen={setOpen} /> : null}
    </>
  );
}
