'use client';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { LazyDialog as Dialog } from '@/components/ui/lazy-dialog';
import { TextField } from '@/components/ui/text-field';
import { PASSWORD_MIN_LENGTH } from '@/lib/constants';

/** SPEC §2 "password confirmation": a STRICT user confirms a profile save with the password. */
export function PasswordPrompt({ open, error, busy, onCancel, onConfirm }: { open: boolean; error?: string; busy: boolean; onCancel: () => void; onConfirm: (password: string) => void }) {
  const t = useTranslations();
  const [password, setPassword] = useState('');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
        setPassword('');
      }}
      title={t('profile.passwordPromptTitle')}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          {/* SPEC §5: the confirm button needs at least 6 characters. */}
          <Button type="submit" form="password-prompt" disabled={busy || password.length < PASSWORD_MIN_LENGTH}>
            {t('profile.confirm')}
          </Button>
        </>
      }
    >
      <form
        id="password-prompt"
        onSubmit={(event) => {
          event.preventDefault();
          event.stopPropagation();
          if (password.length >= PASSWORD_MIN_LENGTH) onConfirm(password);
        }}
        className="flex flex-col gap-2"
      >
        <p>{t('profile.passwordPromptText')}</p>
        <TextField label={t('profile.passwordPromptField')} type="password" autoComplete="current-password" autoFocus value={password} onChange={(e) => setPassword(e.target.value)} error={error} />
      </form>
    </Dialog>
  );
}
