'use client';
import './globals.css';
import { ErrorScreen } from '@/components/layout/error-screen';
import { CRASH_TEXTS } from '@/lib/i18n/crash-texts';

// The root layout itself failed: no translation provider here, so pick the texts from the cookie.
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  const english = typeof document !== 'undefined' && /(?:^|; )lang=en/.test(document.cookie);
  const texts = CRASH_TEXTS[english ? 'en' : 'sv'];
  return (
    <html lang={english ? 'en' : 'sv'}>
      <body className="font-sans">
        <ErrorScreen error={error} texts={texts} />
      </body>
    </html>
  );
}
