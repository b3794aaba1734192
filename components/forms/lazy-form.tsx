'use client';
import dynamic from 'next/dynamic';
import { createContext, use, type ComponentType } from 'react';

/**
 * A form whose script (react-hook-form and the form's own code) stays out of the page's first load,
 * for the JS budget (docs/performance.md). The server renders `Preview` with the same props: the
 * form's own fields showing the stored values (built on `staticForm`), disabled, so the page has its
 * full layout at first paint; right after hydration the real form loads and takes its place. While
 * the preview shows, a click or typing waits for the real fields rather than going into fields that
 * are about to be replaced.
 *
 *   export const ProfileForm = lazyForm(() => import('./profile-form').then((m) => m.ProfileForm), ProfileFormPreview);
 */
export function lazyForm<P extends object>(load: () => Promise<ComponentType<P>>, Preview: ComponentType<P>): ComponentType<P> {
  const Props = createContext<P | null>(null);
  function Loading() {
    const props = use(Props);
    return props ? <Preview {...props} /> : null;
  }
  const Real = dynamic(load, { ssr: false, loading: Loading });
  function LazyForm(props: P) {
    return (
      <Props value={props}>
        <Real {...props} />
      </Props>
    );
  }
  return LazyForm;
}

/** The preview's wrapper: every control inside is disabled (a fieldset's `disabled`), and the region is busy. */
export function PreviewFieldset({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <fieldset disabled aria-busy className={`min-w-0 ${className ?? ''}`}>
      {children}
    </fieldset>
  );
}
