import 'server-only';
import { parseProxyHops } from '@/lib/rules/client-address';
import { dataDirOf } from '@/lib/data-dir';

const env = process.env;

export type S3Config = { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string };

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** The S3 settings when all four are set; none set → null (local files); some set → an error, not a silent fallback to local disk. */
export function s3ConfigFromEnv(vars: Record<string, string | undefined>): S3Config | null {
  const missing = S3_REQUIRED.filter((name) => !vars[name]);
  if (missing.length === S3_REQUIRED.length) return null;
  if (missing.length) throw new Error(`S3 storage is half configured: set ${missing.join(', ')} too (or none of the S3_* variables)`);
  return {
    endpoint: vars.S3_ENDPOINT!.replace(/\/+$/, ''),
    bucket: vars.S3_BUCKET!,
    accessKeyId: vars.S3_ACCESS_KEY_ID!,
    secretAccessKey: vars.S3_SECRET_ACCESS_KEY!,
    region: vars.S3_REGION || 'us-east-1',
  };
}

/** The platform operator: DAC7 reports it, receipts name it as the seller (org. number XXXXXX-YYYY, VAT number SE…01 unless given). */
function platformOf(name: string, orgNumber: string, address: string, vatNumber: string | undefined) {
  const tin = orgNumber.replace(/\D/g, '');
  return { name, tin, orgNumber: tin.length === 10 ? `${tin.slice(0, 6)}-${tin.slice(6)}` : orgNumber, vatNumber: vatNumber || `SE${tin}01`, address, country: 'SE' };
}

// Everything the marketplace reads from the environment, read once (the only place on this side that reads it).
export const config = {
  dataDir: dataDirOf(env.STUGA_DATA_DIR),
  databaseUrl: env.DATABASE_URL || null,
  databasePoolSize: Number(env.DATABASE_POOL_SIZE ?? 10),
  sessionSecret: env.SESSION_SECRET || null,
  logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'warn' : 'info'),
  /** `next build` runs the server's start-up hook too: nothing starts then. */
  building: env.NEXT_PHASE === 'phase-production-build',
  /** Crash points to die at (tests/api/money-crash.pg.test.ts); never set in production. */
  crashAt: env.STUGA_CRASH_AT ? env.STUGA_CRASH_AT.split(',') : [],
  /** S3-compatible storage (S3_*), or null for files under the data dir; read where used, so a half configuration fails there. */
  get s3() {
    return s3ConfigFromEnv(env);
  },
  smtpUrl: env.SMTP_URL || null,
  mailFrom: env.MAIL_FROM || 'Stuga <no-reply@stuga.example>',
  publicUrl: (env.PUBLIC_URL || 'http://localhost:3000').replace(/\/$/, ''),
  /** The platform operator as DAC7 reports it (PLATFORM_NAME, PLATFORM_ORG_NUMBER, PLATFORM_ADDRESS). */
  platform: platformOf(env.PLATFORM_NAME || 'Stuga AB', env.PLATFORM_ORG_NUMBER || '5569999999', env.PLATFORM_ADDRESS || 'Stockholm, Sweden', env.PLATFORM_VAT_NUMBER),
  seedDemo: env.STUGA_SEED !== 'off',
  /** `STUGA_SANDBOX=1`: the local provider sandboxes, their pages and the mail outbox exist. Never in production. */
  sandbox: env.STUGA_SANDBOX === '1',
  production: env.NODE_ENV === 'production',
  /** `TRUST_PROXY_HOPS=n`: how many reverse proxies in front append to X-Forwarded-For (0: trust none). */
  trustProxyHops: parseProxyHops(env.TRUST_PROXY_HOPS),
  mangopay:
    env.MANGOPAY_CLIENT_ID && env.MANGOPAY_API_KEY && env.MANGOPAY_WALLET_ID && env.MANGOPAY_PLATFORM_USER_ID
      ? {
          clientId: env.MANGOPAY_CLIENT_ID,
          apiKey: env.MANGOPAY_API_KEY,
          baseUrl: env.MANGOPAY_BASE_URL || 'https://api.sandbox.mangopay.com',
          walletId: env.MANGOPAY_WALLET_ID,
          platformUserId: env.MANGOPAY_PLATFORM_USER_ID,
        }
      : null,
  /** Stripe (ad payments): the secret key, the publishable key the card form loads Stripe.js with, and the webhook signing secret. */
  stripe: env.STRIPE_SECRET_KEY ? { secretKey: env.STRIPE_SECRET_KEY, publishableKey: env.STRIPE_PUBLISHABLE_KEY || null, webhookSecret: env.STRIPE_WEBHOOK_SECRET || null } : null,
  omocom: env.OMOCOM_API_URL && env.OMOCOM_API_KEY ? { url: env.OMOCOM_API_URL, key: env.OMOCOM_API_KEY, claimUrl: env.OMOCOM_CLAIM_URL || 'https://claims.omocom.se/' } : null,
  /** BankID RP API v6 with the relying party's client certificate (PKCS#12) and BankID's CA. */
  bankid:
    env.BANKID_URL && env.BANKID_PFX_PATH
      ? { url: env.BANKID_URL.replace(/\/$/, ''), pfxPath: env.BANKID_PFX_PATH, passphrase: env.BANKID_PASSPHRASE || '', caPath: env.BANKID_CA_PATH || null }
      : null,
  sentryDsn: env.SENTRY_DSN || null,
  flags: {
    ENABLE_BILLOGRAM_INVOICES: env.ENABLE_BILLOGRAM_INVOICES === 'true',
    ENABLE_STRIPE_CHECKOUT: env.ENABLE_STRIPE_CHECKOUT === 'true',
  },
};
