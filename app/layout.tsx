import type { Metadata, Viewport } from 'next';
import { getLocale } from 'next-intl/server';
import { ClientMessages } from '@/lib/i18n/client-messages-provider';
import './globals.css';

export const metadata: Metadata = { title: { default: 'Stuga', template: '%s · Stuga' } };
export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={locale}>
      <body className="font-sans antialiased">
        <ClientMessages>{children}</ClientMessages>
      </body>
    </html>
  );
}
