import type { Metadata, Viewport } from 'next';
import { getLocale } from 'next-intl/server';
import { BrowserErrorReporting } from '@/components/layout/browser-error-reporting';
import { webConfig } from '@/lib/api/config';
import { ClientMessages } from '@/lib/i18n/client-messages-provider';
import './globals.css';

// The icons, the web manifest and robots.txt are files in public/ (scripts/generate-icons.mjs renders the PNGs).
export const metadata: Metadata = {
  title: { default: 'Stuga', template: '%s · Stuga' },
  icons: {
    icon: [
      { url: '/favicon.ico', sizes: '16x16 32x32 48x48' },
      { url: '/icon.svg', type: 'image/svg+xml' },
    ],
    apple: '/apple-touch-icon.png',
  },
  manifest: '/manifest.webmanifest',
};
export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#1c5a3b' };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={locale}>
      <body className="font-sans antialiased">
        <ClientMessages>{children}</ClientMessages>
        <BrowserErrorReporting dsn={webConfig.sentryDsn} />
      </body>
    </html>
  );
}
