'use client';
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import { Button } from '@/components/ui/button';
import type { SandboxIdentity as Identity } from '@/lib/schemas/cottage-dto';

/** The sandbox's stand-in for the BankID app: pick an identity (or fail), then back to Stuga. */
export function SandboxBankId({ token, identities, returnTo }: { token: string; identities: Identity[]; returnTo: string | null }) {
  const t = useTranslations('sandbox');
  const [done, setDone] = useState(false);
  const router = useRouter();
  async function answer(body: { personal_number?: string; fail?: boolean; outcome?: 'userCancel' | 'expiredTransaction' }) {
    setDone(true);
    await api(`/sandbox/bankid/${token}`, { body }).catch(() => undefined);
    // The real app takes a moment too; the return carries the session like BankID's return URL.
    if (returnTo) setTimeout(() => router.replace(`${returnTo}?bankid=${encodeURIComponent(token)}`), 600);
  }
  if (done) return <p role="status">{returnTo ? t('bankidDone') : t('bankidDoneClose')}</p>;
  return (
    <div className="flex flex-col gap-3">
      {identities.map((identity) => (
        <Button key={identity.personal_number} onClick={() => answer({ personal_number: identity.personal_number })}>
          {t('bankidChoose', { name: identity.name, number: `${identity.personal_number.slice(0, 8)}-${identity.personal_number.slice(8)}` })}
        </Button>
      ))}
      <Button variant="secondary" onClick={() => answer({ outcome: 'userCancel' })}>
        {t('bankidCancel')}
      </Button>
      <Button variant="secondary" onClick={() => answer({ outcome: 'expiredTransaction' })}>
        {t('bankidTimeout')}
      </Button>
      <Button variant="secondary" onClick={() => answer({ fail: true })}>
        {t('bankidFail')}
      </Button>
    </div>
  );
}
