'use client';
import { useEffect, useRef } from 'react';

/**
 * Infinite lists (SPEC §9 threshold 10): the next page is asked for as soon as the item `threshold`
 * places before the end of what is shown scrolls into view. Put the returned ref on that item
 * (`index === items.length - threshold`, or the last one in a shorter list); a 'Load more' button
 * beside the list does the same for keyboards and old browsers.
 */
export function useLoadMore(load: () => void, enabled: boolean) {
  const target = useRef<HTMLElement | null>(null);
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    const element = target.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && latest.current());
    observer.observe(element);
    return () => observer.disconnect();
  });
  return target;
}

/** The index of the item that triggers the next page: `threshold` before the end, or the last. */
export const triggerIndex = (count: number, threshold: number) => Math.max(0, count - threshold);
