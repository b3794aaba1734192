import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { webConfig } from '@/lib/api/config';

// /dashboard/dev/** — the local mail outbox exists only with STUGA_SANDBOX=1.
export default async function DevLayout({ children }: { children: React.ReactNode }) {
  await connection();
  if (!webConfig.sandbox) notFound();
  return children;
}
