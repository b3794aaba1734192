'use client';
import { useEffect } from 'react';
import { SUPPORT_EMAIL } from '@/lib/constants';

type Texts = { title: string; text: string; contact: string; reload: string };

/** SPEC §2 full-page error screen: the crash text, reload, a 'Contact support' mail link; reports the error. */
export function ErrorScreen({ error, texts }: { error: Error & { digest?: string }; texts: Texts }) {
  useEffect(() => {
    void fetch('/api/errors', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: error.message || 'Unknown error', stack: error.stack, digest: error.digest, path: window.location.pathname }),
    }).catch(() => undefined);
  }, [error]);
  return (
    <main role="alert" className="flex min-h-[70vh] flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-semibold">{texts.title}</h1>
      <p className="max-w-lg text-muted">{texts.text}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" onClick={() => window.location.reload()} className="rounded-md bg-[#1c5a3b] px-4 py-2.5 text-sm font-semibold text-white">
          {texts.reload}
        </button>
        <a
          href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Stuga: ' + (error.digest ?? 'error'))}`}
          className="rounded-md border border-[#1c5a3b] px-4 py-2.5 text-sm font-semibold text-[#1c5a3b]"
        >
          {texts.contact}
        </a>
      </div>
    </main>
  );
}
