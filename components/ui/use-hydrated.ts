'use client';
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** False in the server's HTML and during hydration, true once React runs the page: controls whose click does nothing before that stay disabled. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
