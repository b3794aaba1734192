'use client';
import { useCallback, useRef, useState } from 'react';

type Status = { text: string; error: boolean; n: number } | null;

/** What the last action of a section did, for a StatusLine; the same text twice is announced twice. */
export function useStatus() {
  const [status, setStatus] = useState<Status>(null);
  const counter = useRef(0);
  const say = useCallback((text: string, error = false) => {
    counter.current += 1;
    setStatus({ text, error, n: counter.current });
  }, []);
  const clear = useCallback(() => setStatus(null), []);
  return [status, say, clear] as const;
}

/**
 * A visible live region beside the buttons it answers. Inside the modal dialog the app's snackbar
 * sits under the backdrop (the page behind is inert), so the dialog says it here.
 */
export function StatusLine({ status, className = '' }: { status: Status; className?: string }) {
  return (
    <p role="status" className={`min-h-5 text-sm ${status?.error ? 'text-red-700' : 'text-brand-800'} ${className}`}>
      {status ? <span key={status.n}>{status.text}</span> : null}
    </p>
  );
}
