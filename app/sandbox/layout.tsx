import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { webConfig } from '@/lib/api/config';

// /sandbox/** — the local provider pages exist only with STUGA_SANDBOX=1.
export default async function SandboxLayout({ children }: { children: React.ReactNode }) {
  await connection();
  if (!webConfig.sandbox) notFound();
  return children;
}
