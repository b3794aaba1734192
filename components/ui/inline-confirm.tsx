'use client';
import { useEffect, useId, useRef } from 'react';
import { Button, buttonClass } from './button';

type Props = { title: string; text: string; confirmLabel: string; cancelLabel: string; onConfirm: () => void; onCancel: () => void };

/**
 * A question drawn over the modal it belongs to. Inside a modal <dialog> everything outside is
 * inert, so a portal-based dialog could not be answered there; this one stays within it.
 * Focus moves to its safe answer and, when it closes, back to what had it before (its opener).
 */
export function InlineConfirm({ title, text, confirmLabel, cancelLabel, onConfirm, onCancel }: Props) {
  const id = useId();
  const safe = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    safe.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <div role="alertdialog" aria-labelledby={id} aria-modal="true" className="absolute inset-0 z-10 flex items-center justify-center bg-white/90 p-6">
      <div className="max-w-md rounded-lg border border-gray-200 bg-white p-6 shadow-lg">
        <h3 id={id} className="mb-2 font-semibold">
          {title}
        </h3>
        <p className="mb-5 text-sm text-muted">{text}</p>
        <div className="flex justify-end gap-3">
          <button ref={safe} type="button" className={buttonClass('secondary')} onClick={onCancel}>
            {cancelLabel}
          </button>
          <Button onClick={onConfirm}>{confirmLabel}</Button>
        </div>
      </div>
    </div>
  );
}
