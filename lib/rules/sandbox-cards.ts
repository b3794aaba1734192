// The sandbox card page's test cards (no real money): what each card does to a pay-in, with
// MangoPay's result codes. Pure, so the card page can list them and the tests can rely on them.

export const SANDBOX_CARDS = {
  success: '4970105191923460',
  secure: '4970105181818183',
  /** 4970 1000 00 followed by a MangoPay result code fails with that code, e.g. 4970100000001001 → 001001. */
  failurePrefix: '4970100000',
} as const;

export const SANDBOX_FAILURE_EXAMPLES = ['001001', '101105', '105101', '008001'] as const;

export type CardOutcome = { kind: 'success' } | { kind: 'secure' } | { kind: 'failure'; code: string };

const digits = (value: string) => value.replace(/[\s-]/g, '');

/** Expiry 'MM/YY' is still valid this month or later. */
function expired(expiry: string, now: Date): boolean | null {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  const year = 2000 + Number(match[2]);
  return year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
}

export function sandboxCardOutcome(card: { number: string; expiry: string; cvc: string }, now: Date): CardOutcome {
  const number = digits(card.number);
  if (!/^\d{15,16}$/.test(number)) return { kind: 'failure', code: '105101' };
  const isExpired = expired(card.expiry, now);
  if (isExpired === null) return { kind: 'failure', code: '105101' };
  if (isExpired) return { kind: 'failure', code: '101105' };
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return { kind: 'failure', code: '105101' };
  if (number === SANDBOX_CARDS.success) return { kind: 'success' };
  if (number === SANDBOX_CARDS.secure) return { kind: 'secure' };
  if (number.startsWith(SANDBOX_CARDS.failurePrefix) && number.length === 16) return { kind: 'failure', code: number.slice(SANDBOX_CARDS.failurePrefix.length) };
  // Any other number is a card the (sandbox) bank does not know.
  return { kind: 'failure', code: '105101' };
}
