'use client';
import { useEffect } from 'react';

/** SPEC §2 /profile/payout: the stepper jumps to a step by itself; focus moves to its heading (announced, visible). */
export function JumpToStep({ id }: { id: string }) {
  useEffect(() => {
    const heading = document.getElementById(id);
    heading?.scrollIntoView({ block: 'start' });
    heading?.focus({ preventScroll: true });
  }, [id]);
  return null;
}
