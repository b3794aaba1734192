// SPEC §5 "Payout person" and §9: the rules of a host's payout details, shared by the form and the API.
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';

/** Countries whose addresses need a region (state). */
export const REGION_COUNTRIES = ['CA', 'US', 'MX'] as const;
export const needsRegion = (country: string | null | undefined) => (REGION_COUNTRIES as readonly string[]).includes(country ?? '');

/** SPEC §5: spaces and hyphens are stripped before the IBAN is sent (and stored), letters upper-cased. */
export const cleanIban = (value: string) => electronicFormatIBAN(value.replace(/[\s-]/g, '')) ?? '';

/** A valid IBAN of any country (length, country format and the mod-97 check digits). */
export const isIban = (value: string) => isValidIBAN(cleanIban(value));

/** Shown as 'SE45 5000 …': the IBAN in groups of four, the last four visible only. */
export function maskedIban(iban: string): string {
  const clean = cleanIban(iban);
  return clean.length > 8 ? `${clean.slice(0, 4)} •••• ${clean.slice(-4)}` : clean;
}

/** What a host still lacks before a payout can leave (issue 15): an active bank account and verified ID documents. */
export type PayoutGap = 'bankAccount' | 'idVerification';
export function payoutGaps(host: { bank_account: boolean; kyc_status: string }): PayoutGap[] {
  const gaps: PayoutGap[] = [];
  if (!host.bank_account) gaps.push('bankAccount');
  if (host.kyc_status !== 'SUCCEDED') gaps.push('idVerification');
  return gaps;
}

/** DAC7 reporting of a host (SPEC §3 dac7_valid): a tax number, a birthday and a full address. */
export const hostDac7Valid = (u: { tin_number: string | null; birthday: string | null; u_address1: string | null; u_postal_code: string | null; u_city: string | null; u_country: string | null }) =>
  Boolean(u.tin_number && u.birthday && u.u_address1 && u.u_postal_code && u.u_city && u.u_country);
