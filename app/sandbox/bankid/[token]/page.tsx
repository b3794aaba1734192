import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SandboxFrame } from '@/components/public/sandbox-frame';
import { SandboxBankId } from '@/components/public/sandbox-bankid';
import { Notice } from '@/components/ui/notice';
import { apiGetOrNull } from '@/lib/api/server';
import type { SandboxBankIdSession } from '@/lib/schemas/cottage-dto';

export const metadata: Metadata = { title: 'BankID (sandbox)', robots: { index: false } };

// /sandbox/bankid/{token}[?return=/dashboard/…] — the sandbox's stand-in for the BankID app: it answers the
// order at the local emulation of BankID's RP API, which the server then collects like from BankID
export default async function SandboxBankIdPage({ params, searchParams }: { params: Promise<{ token: string }>; searchParams: Promise<{ return?: string }> }) {
  const { token } = await params;
  const { return: back } = await searchParams;
  // Only a path of this dashboard is a place to return to (no open redirect). Without one the page was
  // opened beside the dialog that waits for BankID ("Open BankID on this device"), like the app.
  const returnTo = back && /^\/dashboard\/[a-z0-9/]+$/.test(back) ? back : null;
  const t = await getTranslations('sandbox');
  const session = /^[A-Za-z0-9_-]{16,200}$/.test(token) ? await apiGetOrNull<SandboxBankIdSession>(`/api/sandbox/bankid/${token}`) : null;
  return (
    <SandboxFrame mark="iD" markClass="bg-[#193e4f]" title={t('bankidTitle')} note={t('bankidNote')}>
      {session && session.status === 'pending' ? <SandboxBankId token={token} identities={session.identities} returnTo={returnTo} /> : <Notice tone="error">{t('bankidMissing')}</Notice>}
    </SandboxFrame>
  );
}
