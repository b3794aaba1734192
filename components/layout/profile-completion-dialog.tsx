'use client';
import { useEffect, useState } from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { profileDialogAllowedOn } from '@/lib/rules/profile';
import { Button, buttonClass } from '@/components/ui/button';
import { LazyDialog } from '@/components/ui/lazy-dialog';

const SEEN_KEY = 'stuga.profileDialogShown';

/** SPEC §2: once per session, on the first visited page (except the spec's exclusions). */
export function ProfileCompletionDialog({ incomplete }: { incomplete: boolean }) {
  const t = useTranslations('profileDialog');
  const pathname = usePathname();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!incomplete || !profileDialogAllowedOn(pathname.replace(/^\/dashboard/, '') || '/')) return;
    try {
      if (window.sessionStorage.getItem(SEEN_KEY)) return;
      window.sessionStorage.setItem(SEEN_KEY, '1');
    } catch {
      return;
    }
    // Opening after mount keeps the server render and the first client render identical.
    const timer = setTimeout(() => setOpen(true), 0);
    return () => clearTimeout(timer);
  }, [incomplete, pathname]);

  if (!open) return null;
  return (
    <LazyDialog
      open={open}
      onOpenChange={setOpen}
      title={t('title')}
      actions={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('later')}
          </Button>
          <Link href="/dashboard/profile" className={buttonClass()} onClick={() => setOpen(false)}>
            {t('toProfile')}
          </Link>
        </>
      }
    >
      <p>{t('text')}</p>
    </LazyDialog>
  );
}
