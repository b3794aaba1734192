import 'server-only';
import { parseProxyHops } from '@/lib/rules/client-address';
import { dataDir } from '@/lib/data-dir';

const env = process.env;

// Everything the marketplace reads from the environment, read once.
export const config = {
  dataDir: dataDir(),
  databaseUrl: env.DATABASE_URL || null,
  smtpUrl: env.SMTP_URL || null,
  mailFrom: env.MAIL_FROM || 'Stuga <no-reply@stuga.example>',
  publicUrl: (env.PUBLIC_URL || 'http://localhost:3000').replace(/\/$/, ''),
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
