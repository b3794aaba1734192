// SPEC §2: the `next` redirect is honoured only if it is lowercase letters, digits and slashes.
const SAFE_NEXT = /^[a-z0-9/]+$/;

export const DEFAULT_AFTER_LOGIN = '/conversations';

/** A dashboard-relative path ("/bookings") from a `next` value, or null when it is not safe. */
export function safeNext(next: string | null | undefined): string | null {
  if (!next || !SAFE_NEXT.test(next)) return null;
  // "//host" would leave the site once prefixed by nothing; collapse slashes and anchor at one.
  const path = '/' + next.split('/').filter(Boolean).join('/');
  return path === '/' ? null : path;
}

/** Where a signed-in user goes from /login. */
export function afterLoginPath(next: string | null | undefined, userType: 'SOFT' | 'STRICT'): string {
  const target = safeNext(next);
  if (userType === 'SOFT') return target ? `/profile?next=${target}` : '/profile';
  return target ?? DEFAULT_AFTER_LOGIN;
}

/** `/dashboard/login?next=…` for a dashboard path the visitor wanted. */
export function loginPathFor(dashboardPath: string): string {
  const target = safeNext(dashboardPath.replace(/^\/dashboard/, ''));
  return target ? `/dashboard/login?next=${target}` : '/dashboard/login';
}
