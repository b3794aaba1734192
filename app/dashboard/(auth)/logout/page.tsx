import { Logout } from '@/components/auth/logout';
import { safeNext } from '@/lib/rules/next-path';

// /dashboard/logout — signs out and goes to / (or to login with `next` after a 401)
export default async function LogoutPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const next = safeNext((await searchParams).next);
  return <Logout target={next ? `/dashboard/login?next=${next}` : '/'} />;
}
