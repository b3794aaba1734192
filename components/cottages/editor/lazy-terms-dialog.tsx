'use client';
import dynamic from 'next/dynamic';

/** The terms dialog and its form code load when it is first opened (the editor and payment pages stay within the JS budget). */
export const LazyTermsDialog = dynamic(() => import('./terms-dialog').then((m) => m.TermsDialog), { ssr: false });
