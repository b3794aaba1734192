import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SandboxFrame } from '@/components/public/sandbox-frame';
import { SandboxStripeCheckout } from '@/components/public/sandbox-stripe-checkout';
import { Notice } from '@/components/ui/notice';
import { apiGetOrNull } from '@/lib/api/server';
import { formatMoney } from '@/lib/format';
import type { SandboxCheckout } from '@/lib/schemas/orders';

export const metadata: Metadata = { title: 'Stripe Checkout (sandbox)', robots: { index: false } };

const TEST_CARDS = [
  ['4242 4242 4242 4242', 'stripeCardSucceeds'],
  ['4000 0027 6000 3184', 'stripeCardSecure'],
  ['4000 0000 0000 0002', 'stripeCardDeclined'],
  ['4000 0000 0000 9995', 'stripeCardInsufficient'],
] as const;

// /sandbox/stripe/checkout/{sessionId} — the Stripe emulation's hosted checkout page (no real money)
export default async function SandboxStripeCheckoutPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const t = await getTranslations('sandbox');
  const session = /^cs_test_[a-f0-9]{24}$/.test(id) ? await apiGetOrNull<SandboxCheckout>(`/api/sandbox/stripe/checkout/${id}`) : null;
  return (
    <SandboxFrame mark="S" markClass="bg-[#635bff]" title={t('stripeTitle')} note={t('stripeNote')}>
      {!session ? (
        <Notice tone="error">{t('stripeMissing')}</Notice>
      ) : session.status !== 'open' ? (
        <Notice tone="error">{t('stripeClosed')}</Notice>
      ) : (
        <>
          <section aria-labelledby="checkout-summary" className="rounded-md border border-gray-200 bg-white p-4">
            <h2 id="checkout-summary" className="text-sm text-muted">
              {t('stripePayTo')}
            </h2>
            <p className="text-3xl font-semibold" data-testid="checkout-total">
              {formatMoney(session.amount)}
            </p>
            <ul className="mt-3 flex flex-col gap-1 text-sm">
              {session.lines.map((line) => (
                <li key={line.name} className="flex justify-between gap-4">
                  <span>{line.name}</span>
                  <span className="tabular-nums">{formatMoney(line.amount)}</span>
                </li>
              ))}
            </ul>
          </section>
          <SandboxStripeCheckout id={session.id} email={session.email} amount={formatMoney(session.amount)} secure={session.awaiting3ds} />
          <section className="rounded-md border border-gray-200 bg-white p-4 text-sm">
            <h2 className="mb-2 font-semibold">{t('stripeTestCards')}</h2>
            <ul className="flex flex-col gap-1">
              {TEST_CARDS.map(([number, key]) => (
                <li key={number}>
                  <span className="font-mono">{number}</span> — {t(key)}
                </li>
              ))}
            </ul>
            <p className="mt-2 text-muted">{t('stripeExpiryNote')}</p>
          </section>
        </>
      )}
    </SandboxFrame>
  );
}
