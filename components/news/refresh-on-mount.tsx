'use client';
import { useEffect, useRef } from 'react';
import { useRouter } from 'next/navigation';

/** Re-renders the server layout once (e.g. so the to-do badge reflects an item just read). */
export function RefreshOnMount() {
  const router = useRouter();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    router.refresh();
  }, [router]);
  return null;
}
