import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SnackbarProvider } from '@/components/layout/snackbar';
import { SandboxSca } from '@/components/public/sandbox-sca';
import { Notice } from '@/components/ui/notice';

export const metadata: Metadata = { title: 'MangoPay SCA (sandbox)', robots: { index: false } };

// /sandbox/mangopay/sca/{recipientId}?returnUrl= — the MangoPay emulation's strong customer authentication of a payout recipient
export default async function SandboxScaPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ returnUrl?: string }> }) {
  const [{ id }, { returnUrl }, t] = await Promise.all([params, searchParams, getTranslations('sandbox')]);
  return (
    <SnackbarProvider>
      <main className="mx-auto flex max-w-md flex-col gap-5 px-4 py-12">
        <div className="flex items-center gap-3">
          <span className="flex size-12 items-center justify-center rounded-lg bg-[#ef7d00] text-lg font-bold text-white" aria-hidden>
            M
          </span>
          <h1 className="text-2xl font-semibold">{t('scaTitle')}</h1>
        </div>
        <Notice>{t('scaNote')}</Notice>
        <SandboxSca id={id} returnUrl={returnUrl ?? '/dashboard/profile/payout'} />
      </main>
    </SnackbarProvider>
  );
}
