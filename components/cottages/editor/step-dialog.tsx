'use client';
import { useEffect, useId, useRef, useState } from 'react';
import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { InlineConfirm } from '@/components/ui/inline-confirm';
import { UnsavedChangesPrompt } from '@/components/layout/unsaved-changes-prompt';
import X from 'lucide-react/icons/x';

type Props = {
  cottageId: number;
  title: string;
  size?: 'medium' | 'wide';
  dirty: boolean;
  saving: boolean;
  onSave?: () => void;
  /** What the leave prompt says (default: the unsaved-changes text). */
  leaveText?: string;
  children: React.ReactNode;
};

const widths = { medium: 'w-[min(94vw,560px)]', wide: 'w-[min(96vw,1100px)]' };

/**
 * One editor step as a modal over the editor page; closing it returns to /cottages/{id}.
 * The browser's own <dialog> (modal: the page behind is inert, Escape closes, focus moves in)
 * keeps every dialog route free of a dialog library's JavaScript. The dialog is a route, so the
 * browser cannot give focus back on close (the opener may have re-rendered, or the page was opened
 * at the dialog's address): its step's link on the editor page gets it explicitly.
 */
export function StepDialog({ cottageId, title, size = 'medium', dirty, saving, onSave, leaveText, children }: Props) {
  const t = useTranslations('cottage');
  const tCommon = useTranslations('common');
  const router = useRouter();
  const pathname = usePathname();
  const [openerHref] = useState(pathname);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const tUnsaved = useTranslations('unsaved');
  const [confirmLeave, setConfirmLeave] = useState(false);
  const leave = () => router.push(`/dashboard/cottages/${cottageId}`);
  // SPEC §2 unsaved-changes prompt, shown inside the modal (the page behind it is inert).
  const close = () => (dirty && !saving ? setConfirmLeave(true) : leave());

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      // After the editor page without the dialog has rendered.
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`a[href="${openerHref}"]`)?.focus());
    };
  }, [openerHref]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      className={`relative m-auto flex max-h-[92vh] flex-col rounded-lg bg-white p-0 shadow-xl backdrop:bg-black/40 ${widths[size]}`}
    >
      <div className="flex items-center justify-between border-b border-gray-200 px-6 py-4">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <button type="button" aria-label={t('close')} className="rounded-md p-2 hover:bg-gray-100" onClick={close}>
          <X className="size-5" aria-hidden />
        </button>
      </div>
      <form
        noValidate
        className="flex min-h-0 flex-1 flex-col"
        onSubmit={(event) => {
          event.preventDefault();
          onSave?.();
        }}
      >
        <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">{children}</div>
        {onSave ? (
          <div className="flex justify-end gap-3 border-t border-gray-200 px-6 py-4">
            <Button variant="secondary" onClick={close}>
              {tCommon('cancel')}
            </Button>
            <Button type="submit" disabled={saving}>
              {tCommon('save')}
            </Button>
          </div>
        ) : null}
      </form>
      {confirmLeave ? (
        <InlineConfirm
          title={tUnsaved('title')}
          text={leaveText ?? tUnsaved('text')}
          confirmLabel={tUnsaved('leave')}
          cancelLabel={tUnsaved('stay')}
          onConfirm={leave}
          onCancel={() => setConfirmLeave(false)}
        />
      ) : null}
      {/* Closing or reloading the tab still gets the browser's own warning. */}
      <UnsavedChangesPrompt when={dirty && !saving} text={leaveText} />
    </dialog>
  );
}
