'use client';
import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { SNACKBAR_AUTO_HIDE_MS } from '@/lib/constants';
import X from 'lucide-react/icons/x';

type Severity = 'error' | 'success' | 'info' | 'warning';
/** SPEC §8: auto-dismiss (default), persistent, or dismissed by a click anywhere. */
type Mode = 'auto' | 'persistent' | 'clickAway';
type Snack = { id: number; message: string; severity: Severity; mode: Mode; durationMs: number; onRetry?: () => void };
type Show = (message: string, options?: { severity?: Severity; mode?: Mode; durationMs?: number; onRetry?: () => void }) => void;

const SnackbarContext = createContext<Show>(() => undefined);
export const useSnackbar = () => useContext(SnackbarContext);

const colours: Record<Severity, string> = {
  error: 'bg-red-700',
  success: 'bg-brand-700',
  info: 'bg-gray-800',
  warning: 'bg-amber-700',
};

export function SnackbarProvider({ children }: { children: React.ReactNode }) {
  const [snack, setSnack] = useState<Snack | null>(null);
  const counter = useRef(0);
  const t = useTranslations('common');

  const show = useCallback<Show>((message, options = {}) => {
    counter.current += 1;
    setSnack({
      id: counter.current,
      message,
      severity: options.severity ?? 'error',
      mode: options.mode ?? 'auto',
      durationMs: options.durationMs ?? SNACKBAR_AUTO_HIDE_MS,
      onRetry: options.onRetry,
    });
  }, []);

  useEffect(() => {
    if (!snack || snack.mode !== 'auto') return;
    const timer = setTimeout(() => setSnack((s) => (s?.id === snack.id ? null : s)), snack.durationMs);
    return () => clearTimeout(timer);
  }, [snack]);

  useEffect(() => {
    if (!snack || snack.mode !== 'clickAway') return;
    const close = () => setSnack(null);
    const timer = setTimeout(() => document.addEventListener('click', close, { once: true }), 0);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('click', close);
    };
  }, [snack]);

  return (
    <SnackbarContext.Provider value={show}>
      {children}
      <div aria-live="assertive" className="pointer-events-none fixed right-4 bottom-4 z-[60] flex max-w-[min(92vw,420px)] flex-col">
        {snack ? (
          <div
            role={snack.severity === 'error' ? 'alert' : 'status'}
            data-testid="snackbar"
            className={`pointer-events-auto flex items-start gap-3 rounded-md px-4 py-3 text-sm text-white shadow-lg ${colours[snack.severity]}`}
          >
            <span className="flex-1">{snack.message}</span>
            {snack.onRetry ? (
              <button
                type="button"
                className="font-semibold uppercase underline-offset-2 hover:underline"
                onClick={() => {
                  setSnack(null);
                  snack.onRetry?.();
                }}
              >
                {t('tryAgain')}
              </button>
            ) : null}
            <button type="button" aria-label={t('close')} className="opacity-80 hover:opacity-100" onClick={() => setSnack(null)}>
              <X className="size-4" aria-hidden />
            </button>
          </div>
        ) : null}
      </div>
    </SnackbarContext.Provider>
  );
}
