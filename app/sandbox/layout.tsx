import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { webConfig } from '@/lib/api/config';
import { ClientMessages } from '@/lib/i18n/client-messages-provider';

// /sandbox/** — the local provider pages exist only with STUGA_SANDBOX=1.
export default async function SandboxLayout({ children }: { children: React.ReactNode }) {
  await connection();
  if (!webConfig.sandbox) notFound();
  return <ClientMessages area="sandbox">{children}</ClientMessages>;
}
