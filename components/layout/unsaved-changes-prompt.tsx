'use client';
import { useEffect, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { LazyDialog } from '@/components/ui/lazy-dialog';

/**
 * SPEC §2 unsaved-changes prompt for any form: while `when` is true, leaving through a link asks
 * first (leave and discard, or stay), and closing or reloading the tab gets the browser's warning.
 */
export function UnsavedChangesPrompt({ when, text }: { when: boolean; text?: string }) {
  const t = useTranslations('unsaved');
  const router = useRouter();
  const [pendingHref, setPendingHref] = useState<string | null>(null);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank' || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin || (url.pathname === window.location.pathname && url.search === window.location.search)) return;
      event.preventDefault();
      event.stopPropagation();
      setPendingHref(url.pathname + url.search + url.hash);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [when]);

  if (pendingHref === null) return null;
  return (
    <LazyDialog
      open={pendingHref !== null}
      onOpenChange={(open) => !open && setPendingHref(null)}
      title={t('title')}
      actions={
        <>
          <Button variant="secondary" onClick={() => setPendingHref(null)}>
            {t('stay')}
          </Button>
          <Button
            onClick={() => {
              const href = pendingHref;
              setPendingHref(null);
              if (!href) return;
              if (href.startsWith('/dashboard')) router.push(href);
              else window.location.href = href;
            }}
          >
            {t('leave')}
          </Button>
        </>
      }
    >
      <p>{text ?? t('text')}</p>
    </LazyDialog>
  );
}
