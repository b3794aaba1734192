// SPEC §2 "Token login landing": where a login link leads once its token is accepted.
export type TokenLandingQuery = Partial<Record<'pathname' | 'conversationId' | 'bookingId' | 'orderId' | 'transaction' | 'errorCode' | 'errorMessage', string | null>>;

const ID = /^\d+$/;
const PATH = /^[a-z0-9/-]+$/;

/** Dashboard-relative target after a successful token login. */
export function tokenLandingTarget(q: TokenLandingQuery): string {
  if (q.pathname && PATH.test(q.pathname)) {
    return '/' + q.pathname.split('/').filter(Boolean).join('/');
  }
  if (q.conversationId && ID.test(q.conversationId) && q.bookingId && ID.test(q.bookingId)) {
    const params = new URLSearchParams();
    for (const key of ['transaction', 'errorCode', 'errorMessage'] as const) {
      const value = q[key];
      if (value) params.set(key, value);
    }
    const query = params.toString();
    return `/conversations/${q.conversationId}/bookings/${q.bookingId}${query ? `?${query}` : ''}`;
  }
  if (q.conversationId && ID.test(q.conversationId)) return `/conversations/${q.conversationId}`;
  if (q.orderId && ID.test(q.orderId)) return `/orders/${q.orderId}`;
  return '/';
}

/** Where an invalid token sends the visitor: login, remembering where the link pointed. */
export function tokenFailureTarget(q: TokenLandingQuery): string {
  const target = tokenLandingTarget(q).split('?')[0] ?? '/';
  return target === '/' ? '/login' : `/login?next=${target}`;
}
