import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

const nextConfig: NextConfig = {
  // Node packages loaded from node_modules at run time (native code, workers, or, for node-ical's Temporal polyfill, BigInt use Turbopack's bundle breaks).
  serverExternalPackages: ['@electric-sql/pglite', '@node-rs/argon2', 'pino', 'nodemailer', '@sentry/nextjs', 'node-ical', 'ical-generator', 'stripe'],
  poweredByHeader: false,
  // `npm run typecheck` checks the whole project (tests included) once; the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
  // Every response, files and images included; pages get the full set with their CSP from proxy.ts.
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'DENY' },
        ],
      },
    ];
  },
  async redirects() {
    return [
      { source: '/', destination: '/dashboard/conversations', permanent: false },
      { source: '/dashboard', destination: '/dashboard/conversations', permanent: false },
      { source: '/dashboard/userform', destination: '/dashboard/profile', permanent: false },
    ];
  },
};

export default withNextIntl(nextConfig);
