import { getTranslations } from 'next-intl/server';

/** The payment provider's mark under the booking (a local drawing: no third-party image requests). */
export async function PaymentProviderLogo() {
  const t = await getTranslations('booking');
  return (
    <p className="flex items-center gap-2 text-xs text-muted" data-testid="provider-logo">
      <svg viewBox="0 0 24 24" className="size-5" aria-hidden>
        <rect width="24" height="24" rx="5" fill="#ef7d00" />
        <path d="M6 16V8l6 5 6-5v8" stroke="white" strokeWidth="2.2" fill="none" strokeLinejoin="round" />
      </svg>
      {t('providerLogo')}
    </p>
  );
}
