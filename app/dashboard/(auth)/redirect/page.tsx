import { redirect } from 'next/navigation';
import { TokenLanding } from '@/components/auth/token-landing';
import { tokenFailureTarget, type TokenLandingQuery } from '@/lib/rules/token-redirect';

const KEYS = ['pathname', 'conversationId', 'bookingId', 'orderId', 'transaction', 'errorCode', 'errorMessage'] as const;

// /dashboard/redirect?token=… — the landing of e-mailed login links
export default async function TokenLandingPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const query: TokenLandingQuery = {};
  for (const key of KEYS) {
    const value = params[key];
    if (typeof value === 'string') query[key] = value;
  }
  const token = typeof params.token === 'string' ? params.token : null;
  if (!token) redirect(`/dashboard${tokenFailureTarget(query)}`);
  return <TokenLanding token={token} query={query} />;
}
