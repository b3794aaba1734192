import { getTranslations } from 'next-intl/server';

/** SPEC §8: the payment provider's error codes shown as user text; unknown codes show the provider's own message. */
export const KNOWN_PAYMENT_CODES = [
  '001999',
  '001001',
  '001011',
  '001012',
  '001014',
  '001031',
  '001033',
  '001034',
  '105101',
  '105102',
  '101105',
  '101106',
  '101111',
  '101113',
  '101116',
  '101301',
  '101302',
  '101303',
  '101304',
  '101399',
  '008001',
  '008002',
  '008003',
  '008004',
  '008005',
  '008006',
  '008007',
  '008008',
  '008500',
  '008505',
  '008515',
  '008600',
  '008700',
  'NIGHTS_TAKEN',
  'OFFER_CLOSED',
] as const;

export async function paymentErrorText(code: string | undefined, providerMessage: string | undefined): Promise<string | null> {
  const t = await getTranslations('paymentCodes');
  if (code && (KNOWN_PAYMENT_CODES as readonly string[]).includes(code)) return t(`c${code}`);
  if (code && /^0085\d\d$/.test(code)) return t('c008500');
  return providerMessage ? providerMessage.slice(0, 300) : code ? t('c001999') : null;
}
