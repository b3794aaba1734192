import 'server-only';
import { config } from '../config';
import { notConfigured } from '../http/errors';
import { randomToken } from '../services/crypto';

/**
 * The stay insurance provider (Omocom): a paid booking under the terms with insurance gets an
 * insurance number, and the host's claim link points at the provider's claim page. The sandbox
 * issues local numbers and a local claim page; with OMOCOM_API_URL and OMOCOM_API_KEY set the
 * real API issues them.
 */
export type InsuranceProvider = {
  insure(input: { bookingId: number; checkIn: string; checkOut: string; amount: number }): Promise<string>;
  claimUrl(omocomId: string): string;
};

const sandbox: InsuranceProvider = {
  async insure() {
    return `OMO-SBX-${randomToken().slice(0, 10).toUpperCase()}`;
  },
  claimUrl: (omocomId) => `/sandbox/insurance/${encodeURIComponent(omocomId)}`,
};

function omocom(url: string, key: string, claimBase: string): InsuranceProvider {
  return {
    async insure(input) {
      const response = await fetch(`${url.replace(/\/$/, '')}/policies`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ reference: `booking-${input.bookingId}`, start_date: input.checkIn, end_date: input.checkOut, premium_base: input.amount, currency: 'SEK' }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`Omocom answered ${response.status}`);
      return String(((await response.json()) as { id: string }).id);
    },
    claimUrl: (omocomId) => `${claimBase}${encodeURIComponent(omocomId)}`,
  };
}

/** Neither Omocom keys nor the sandbox: no insurance number can be issued (the booking stays paid; the sweep retries). */
const notConfiguredInsurance: InsuranceProvider = {
  async insure() {
    throw notConfigured();
  },
  claimUrl: () => '',
};

export const insurance: InsuranceProvider = config.omocom ? omocom(config.omocom.url, config.omocom.key, config.omocom.claimUrl) : config.sandbox ? sandbox : notConfiguredInsurance;
