'use client';
import { useTranslations } from 'next-intl';
import { Button } from './button';
import { LazyDialog } from './lazy-dialog';

type Props = { title: string; text: string; confirmLabel: string; busy?: boolean; onConfirm: () => void; onCancel: () => void };

/** A yes/cancel question (delete, send for review …); its dialog code loads when it is first asked. */
export function ConfirmDialog({ title, text, confirmLabel, busy = false, onConfirm, onCancel }: Props) {
  const t = useTranslations('common');
  return (
    <LazyDialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title={title}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button disabled={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p>{text}</p>
    </LazyDialog>
  );
}
