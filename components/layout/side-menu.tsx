'use client';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { DRAWER_WIDTH_PX } from '@/lib/constants';
import { NAV_ITEMS } from './nav-items';
import Menu from 'lucide-react/icons/menu';
import X from 'lucide-react/icons/x';

type Props = { unread: number; helpUrl: string | null; header: React.ReactNode; footer: React.ReactNode };

/** Tailwind's `lg` breakpoint, where the menu stops being a drawer. */
const WIDE = '(min-width: 64rem)';
const subscribeWide = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
/** The server renders the wide layout (no `inert`); narrow screens correct it on hydration. */
const useWide = () =>
  useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );

/** The 300 px side menu; on narrow screens a drawer behind a menu button. */
export function SideMenu({ unread, helpUrl, header, footer }: Props) {
  const t = useTranslations('menu');
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const wide = useWide();
  const openButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      openButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      <div className="no-print sticky top-0 z-30 flex items-center gap-3 border-b border-gray-200 bg-white px-4 py-3 lg:hidden">
        <button ref={openButton} type="button" aria-label={t('open')} aria-expanded={open} aria-controls="side-menu" onClick={() => setOpen(true)} className="rounded-md p-2 hover:bg-gray-100">
          <Menu className="size-6" aria-hidden />
        </button>
        {header}
        {unread > 0 ? (
          <span className="ml-auto rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
            <span aria-hidden>{unread}</span>
            <span className="sr-only">{t('unread', { count: unread })}</span>
          </span>
        ) : null}
      </div>
      {open ? <div className="fixed inset-0 z-40 bg-black/40 lg:hidden" onClick={() => setOpen(false)} aria-hidden /> : null}
      <aside
        id="side-menu"
        // A closed drawer is off screen: keep its links out of the tab order and the accessibility tree.
        inert={!open && !wide}
        style={{ width: DRAWER_WIDTH_PX }}
        className={`no-print fixed inset-y-0 left-0 z-50 flex flex-col border-r border-gray-200 bg-white transition-transform lg:translate-x-0 ${open ? 'translate-x-0' : '-translate-x-full'}`}
      >
        <div className="flex items-center justify-between px-5 py-5">
          {header}
          <button
            ref={closeButton}
            type="button"
            aria-label={t('close')}
            onClick={() => {
              setOpen(false);
              openButton.current?.focus();
            }}
            className="rounded-md p-2 hover:bg-gray-100 lg:hidden"
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>
        <nav aria-label="Stuga" className="flex-1 overflow-y-auto px-3">
          <ul className="flex flex-col gap-0.5">
            {NAV_ITEMS.map((item) => {
              const active = item.href !== '/' && (pathname === item.href || pathname.startsWith(item.href + '/'));
              const className = `flex items-center justify-between rounded-md px-3 py-2.5 text-[15px] ${active ? 'bg-brand-50 font-semibold text-brand-800' : 'text-ink hover:bg-gray-100'}`;
              const content = (
                <>
                  <span>{t(item.key)}</span>
                  {item.key === 'todo' && unread > 0 ? (
                    <>
                      <span className="sr-only">{t('unread', { count: unread })}</span>
                      <span data-testid="todo-badge" className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white" aria-hidden>
                        {unread}
                      </span>
                    </>
                  ) : null}
                </>
              );
              return (
                <li key={item.key}>
                  {item.key === 'home' || item.key === 'logout' ? (
                    <a href={item.href} className={className}>
                      {content}
                    </a>
                  ) : (
                    <Link href={item.href} className={className} aria-current={active ? 'page' : undefined}>
                      {content}
                    </Link>
                  )}
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="flex flex-col gap-3 border-t border-gray-200 px-5 py-4">
          {helpUrl ? (
            <a href={helpUrl} target="_blank" rel="noreferrer" className="rounded-md border border-gray-300 px-3 py-2 text-center text-sm font-medium hover:bg-gray-50">
              {t('help')}
            </a>
          ) : null}
          {footer}
        </div>
      </aside>
    </>
  );
}
