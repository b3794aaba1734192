// Browser side: calls the BFF route handlers. A 401 anywhere ends the session (SPEC §7).
export type FieldError = { field: string; message: string };

export class ApiClientError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly errors: FieldError[] = [],
    /** The server's message key ('booking.dac7Invalid'), for flows that react to one error in particular. */
    public readonly code: string | null = null,
  ) {
    super(message);
  }
}

function logoutTarget(): string {
  const path = window.location.pathname.replace(/^\/dashboard/, '');
  return /^[a-z0-9/]+$/.test(path) && path !== '/' ? `/dashboard/logout?next=${path}` : '/dashboard/logout';
}

export async function api<T>(path: string, init: { method?: string; body?: unknown; logoutOn401?: boolean } = {}): Promise<T> {
  const response = await fetch(`/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    // A FormData body (a multipart upload) sets its own content type with the boundary.
    headers: init.body === undefined || init.body instanceof FormData ? {} : { 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : init.body instanceof FormData ? init.body : JSON.stringify(init.body),
    credentials: 'same-origin',
  });
  const data = (await response.json().catch(() => ({}))) as T & { message?: string; code?: string; errors?: FieldError[] };
  if (response.status === 401 && init.logoutOn401 !== false) {
    window.location.assign(logoutTarget());
  }
  if (!response.ok) throw new ApiClientError(response.status, data.message ?? '', data.errors ?? [], data.code ?? null);
  return data;
}
