'use client';
import dynamic from 'next/dynamic';

/**
 * The Radix dialog, loaded only when a dialog first opens: pages whose dialogs stay closed
 * (most of them) do not pay its ~13 kB gzip of JavaScript.
 */
export const LazyDialog = dynamic(() => import('./dialog').then((m) => m.Dialog), { ssr: false });
