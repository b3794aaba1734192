import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SandboxFrame } from '@/components/public/sandbox-frame';
import { SandboxKycDecision } from '@/components/public/sandbox-kyc';
import { notFound } from 'next/navigation';
import { apiGet, ApiResponseError } from '@/lib/api/server';
import type { z } from 'zod/mini';
import type { sandboxKycList } from '@/lib/schemas/kyc-dto';

export const metadata: Metadata = { title: 'MangoPay KYC (sandbox)', robots: { index: false } };

// /sandbox/mangopay/kyc — the MangoPay emulation's compliance desk: identity documents waiting, approved or refused by the tester (administrators)
export default async function SandboxKycPage() {
  const t = await getTranslations('sandbox');
  // Only with STUGA_SANDBOX=1, and only for administrators (the API answers 404 or 403 otherwise).
  const documents = await apiGet<z.infer<typeof sandboxKycList>>('/api/sandbox/mangopay/kyc').catch((error: unknown) => {
    if (error instanceof ApiResponseError && (error.status === 403 || error.status === 404)) notFound();
    throw error;
  });
  return (
    <SandboxFrame mark="M" markClass="bg-[#ef7d00]" title={t('kycTitle')} note={t('kycNote')} wide>
      {documents.length === 0 ? <p>{t('kycEmpty')}</p> : null}
      <ul className="flex flex-col gap-4">
        {documents.map((d) => (
          <li key={d.id} className="flex flex-col gap-3 rounded-md border border-gray-200 bg-white p-4" data-testid={`kyc-${d.id}`}>
            <p className="text-sm">
              {t('kycDocument', { id: d.id, user: d.user_id, pages: d.pages })}
              {d.tag ? <span className="block text-muted">{d.tag}</span> : null}
            </p>
            <SandboxKycDecision id={d.id} />
          </li>
        ))}
      </ul>
    </SandboxFrame>
  );
}
