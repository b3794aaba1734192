'use client';
import './globals.css';
import { ErrorScreen } from '@/components/layout/error-screen';
import en from '@/messages/en.json';
import sv from '@/messages/sv.json';

// The root layout itself failed: no translation provider here, so pick the texts from the cookie.
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  const english = typeof document !== 'undefined' && /(?:^|; )lang=en/.test(document.cookie);
  const texts = (english ? en : sv).crash;
  return (
    <html lang={english ? 'en' : 'sv'}>
      <body className="font-sans">
        <ErrorScreen error={error} texts={texts} />
      </body>
    </html>
  );
}
