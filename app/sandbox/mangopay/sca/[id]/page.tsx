import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SandboxFrame } from '@/components/public/sandbox-frame';
import { SandboxSca } from '@/components/public/sandbox-sca';

export const metadata: Metadata = { title: 'MangoPay SCA (sandbox)', robots: { index: false } };

// /sandbox/mangopay/sca/{recipientId}?returnUrl= — the MangoPay emulation's strong customer authentication of a payout recipient
export default async function SandboxScaPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ returnUrl?: string }> }) {
  const [{ id }, { returnUrl }, t] = await Promise.all([params, searchParams, getTranslations('sandbox')]);
  return (
    <SandboxFrame mark="M" markClass="bg-[#ef7d00]" title={t('scaTitle')} note={t('scaNote')}>
      <SandboxSca id={id} returnUrl={returnUrl ?? '/dashboard/profile/payout'} />
    </SandboxFrame>
  );
}
