import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SandboxFrame } from '@/components/public/sandbox-frame';
import { SandboxCard } from '@/components/public/sandbox-card';
import { Notice } from '@/components/ui/notice';
import { apiGetOrNull } from '@/lib/api/server';
import { formatMoney } from '@/lib/format';
import { SANDBOX_CARDS, SANDBOX_FAILURE_EXAMPLES } from '@/lib/rules/sandbox-cards';
import type { SandboxPayin as PayIn } from '@/lib/schemas/booking-dto';

export const metadata: Metadata = { title: 'MangoPay (sandbox)', robots: { index: false } };

// /sandbox/mangopay/{payInId} — the local payment provider's card page (no real money)
export default async function SandboxCardPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const t = await getTranslations('sandbox');
  const payIn = /^sbx_payin_[A-Za-z0-9_-]{10,40}$/.test(id) ? await apiGetOrNull<PayIn>(`/api/sandbox/mangopay/payins/${id}`) : null;
  const group = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');
  return (
    <SandboxFrame mark="M" markClass="bg-[#ef7d00]" title={t('cardTitle')} note={t('cardNote')}>
      {payIn && payIn.status === 'CREATED' ? (
        <>
          <p className="text-lg">
            {t('cardAmount')} <strong>{formatMoney(payIn.amount)}</strong>
          </p>
          <SandboxCard id={payIn.id} secure={payIn.secure_mode_pending} />
          <section className="rounded-md border border-gray-200 bg-white p-4 text-sm">
            <h2 className="mb-2 font-semibold">{t('testCards')}</h2>
            <ul className="flex flex-col gap-1 font-mono">
              <li>
                {group(SANDBOX_CARDS.success)} — {t('cardSucceeds')}
              </li>
              <li>
                {group(SANDBOX_CARDS.secure)} — {t('cardSecure')}
              </li>
              {SANDBOX_FAILURE_EXAMPLES.map((code) => (
                <li key={code}>
                  {group(SANDBOX_CARDS.failurePrefix + code)} — {t('cardFails', { code })}
                </li>
              ))}
            </ul>
            <p className="mt-2 text-muted">{t('cardExpiryNote')}</p>
          </section>
        </>
      ) : (
        <Notice tone="error">{t('payinClosed')}</Notice>
      )}
    </SandboxFrame>
  );
}
