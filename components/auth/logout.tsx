'use client';
import { useEffect, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import { FullLoader } from '@/components/ui/full-loader';

/** Ends the session on the server, clears what the browser stored, and leaves. */
export function Logout({ target }: { target: string }) {
  const t = useTranslations('logout');
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    api('/auth/logout', { logoutOn401: false })
      .catch(() => undefined)
      .finally(() => {
        try {
          window.localStorage.clear();
          window.sessionStorage.clear();
        } catch {
          // Storage can be unavailable (private mode); nothing to clear then.
        }
        window.location.replace(target);
      });
  }, [target]);
  return <FullLoader label={t('loading')} />;
}
