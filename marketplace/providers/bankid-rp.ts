import 'server-only';
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { config } from '../config';
import { notConfigured } from '../http/errors';
import { bankIdEmulationUrl } from './bankid-emulation';

/** RP API v6.0 answers (https://developers.bankid.com/api-references/auth--sign/collect). */
export type RpOrder = { orderRef: string; autoStartToken: string; qrStartToken: string; qrStartSecret: string };
export type RpCollect = {
  orderRef: string;
  status: 'pending' | 'failed' | 'complete';
  hintCode?: string;
  completionData?: { user: { personalNumber: string; name: string; givenName: string; surname: string } };
};

export class RpError extends Error {
  constructor(
    public readonly status: number,
    public readonly errorCode: string,
  ) {
    super(`BankID RP API answered ${status} ${errorCode}`);
  }
}

type Transport = (path: string, body: object) => Promise<{ status: number; json: unknown }>;

const TIMEOUT_MS = 15_000;

/** Over TLS with the relying party's client certificate: how BankID authenticates us. */
function mutualTls(settings: NonNullable<typeof config.bankid>): Transport {
  const pfx = readFileSync(settings.pfxPath);
  const ca = settings.caPath ? readFileSync(settings.caPath) : undefined;
  return (path, body) =>
    new Promise((resolve, reject) => {
      const payload = JSON.stringify(body);
      const req = request(
        `${settings.url}${path}`,
        { method: 'POST', pfx, passphrase: settings.passphrase, ca, timeout: TIMEOUT_MS, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 500, json: parseJson(Buffer.concat(chunks).toString('utf8')) }));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('BankID RP API timed out')));
      req.on('error', reject);
      req.end(payload);
    });
}

/** Plain HTTP to the local emulation of the same API (STUGA_SANDBOX=1). */
function plainHttp(baseUrl: () => Promise<string>): Transport {
  return async (path, body) => {
    const response = await fetch(`${await baseUrl()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(TIMEOUT_MS) });
    return { status: response.status, json: parseJson(await response.text()) };
  };
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    return {};
  }
}

let transport: Transport | null = null;

function current(): Transport {
  if (transport) return transport;
  if (config.bankid) transport = mutualTls(config.bankid);
  else if (config.sandbox) transport = plainHttp(bankIdEmulationUrl);
  else throw notConfigured();
  return transport;
}

async function call<T>(path: string, body: object): Promise<T> {
  const { status, json } = await current()(path, body);
  if (status !== 200) throw new RpError(status, (json as { errorCode?: string }).errorCode ?? 'unknown');
  return json as T;
}

/**
 * The one BankID adapter: the RP API's auth, collect and cancel. Pointed at BankID with the client
 * certificate when BANKID_URL and BANKID_PFX_PATH are set, at the local emulation with
 * STUGA_SANDBOX=1, and "not configured" otherwise.
 */
export const bankIdRp = {
  auth: (endUserIp: string) => call<RpOrder>('/auth', { endUserIp }),
  collect: (orderRef: string) => call<RpCollect>('/collect', { orderRef }),
  cancel: (orderRef: string) => call<object>('/cancel', { orderRef }),
};

/** Where the browser starts the BankID app for an order: BankID's universal link, or the sandbox's app page. */
export function bankIdAppUrl(autoStartToken: string, sessionToken: string, redirect: string | null): string {
  if (config.bankid) return `https://app.bankid.com/?autostarttoken=${autoStartToken}&redirect=${redirect ? encodeURIComponent(redirect) : 'null'}`;
  return `/sandbox/bankid/${sessionToken}${redirect ? `?return=${encodeURIComponent(redirect)}` : ''}`;
}
