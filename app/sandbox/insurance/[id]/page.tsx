import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Notice } from '@/components/ui/notice';

export const metadata: Metadata = { title: 'Omocom (sandbox)', robots: { index: false } };

// /sandbox/insurance/{omocomId} — the local insurance provider's claim page
export default async function SandboxInsurancePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const t = await getTranslations('sandbox');
  // Next has decoded the segment already.
  const number = id;
  return (
    <main className="mx-auto flex max-w-md flex-col gap-5 px-4 py-12">
      <h1 className="text-2xl font-semibold">{t('claimTitle')}</h1>
      <Notice>{t('claimNote')}</Notice>
      <p>{/^OMO-[A-Z0-9_-]{4,40}$/i.test(number) ? t('claimFor', { number }) : t('claimUnknown')}</p>
    </main>
  );
}
