import 'server-only';
import { dataDir } from '@/lib/data-dir';

// Everything the marketplace reads from the environment, read once.
export const config = {
  dataDir: dataDir(),
  databaseUrl: process.env.DATABASE_URL || null,
  smtpUrl: process.env.SMTP_URL || null,
  mailFrom: process.env.MAIL_FROM || 'Stuga <no-reply@stuga.example>',
  publicUrl: (process.env.PUBLIC_URL || 'http://localhost:3000').replace(/\/$/, ''),
  seedDemo: process.env.STUGA_SEED !== 'off',
  flags: {
    ENABLE_BILLOGRAM_INVOICES: process.env.ENABLE_BILLOGRAM_INVOICES === 'true',
    ENABLE_STRIPE_CHECKOUT: process.env.ENABLE_STRIPE_CHECKOUT === 'true',
  },
};
