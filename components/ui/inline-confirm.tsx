'use client';
import { useId } from 'react';
import { Button } from './button';

type Props = { title: string; text: string; confirmLabel: string; cancelLabel: string; onConfirm: () => void; onCancel: () => void };

/**
 * A question drawn over the modal it belongs to. Inside a modal <dialog> everything outside is
 * inert, so a portal-based dialog could not be answered there; this one stays within it.
 */
export function InlineConfirm({ title, text, confirmLabel, cancelLabel, onConfirm, onCancel }: Props) {
  const id = useId();
  return (
    <div role="alertdialog" aria-labelledby={id} aria-modal="true" className="absolute inset-0 z-10 flex items-center justify-center bg-white/90 p-6">
      <div className="max-w-md rounded-lg border border-gray-200 bg-white p-6 shadow-lg">
        <h3 id={id} className="mb-2 font-semibold">
          {title}
        </h3>
        <p className="mb-5 text-sm text-muted">{text}</p>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" autoFocus onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button onClick={onConfirm}>{confirmLabel}</Button>
        </div>
      </div>
    </div>
  );
}
