'use client';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { ApiClientError } from '@/lib/api/client';
import { errorText } from '@/lib/api/errors';
import { retryDelay, shouldRetry } from '@/lib/query/retry';
import { useSnackbar } from '@/components/layout/snackbar';
import { applyServerErrors, type ServerErrorTarget } from '@/components/forms/server-errors';

type Options<TData, TVars> = {
  mutationFn: (variables: TVars) => Promise<TData>;
  /** Query keys (or key prefixes, lib/query/keys.ts) whose data this write changes. */
  invalidates?: QueryKey[];
  /** Also render the page's server components again (their data came from the server). */
  refresh?: boolean;
  /** A success snackbar (or its text from the answer and variables; null shows none). */
  success?: string | ((data: TData, variables: TVars) => string | null);
  /** The form whose fields the API's field errors belong to (they land there, with 'Error in form!'). */
  form?: ServerErrorTarget;
  /** A 400 without field errors shows its message on this field of `form` instead (login: 'wrong password'). */
  field?: string;
  /** The snackbar's text when the API chose none, instead of SPEC §8's generic text; null shows nothing. */
  fallback?: string | null;
  /** No snackbar: the component shows `mutation.error` itself (field errors still land on `form`). */
  quiet?: boolean | ((error: unknown) => boolean);
  /** The snackbar's text from the error, e.g. to wrap the API's message ('could not be changed: …'). */
  describe?: (message: string, error: unknown) => string;
  /** Retry a failed write per SPEC §9 (3 attempts, 2 s apart, none on 4xx): only for writes that may repeat. */
  retry?: boolean;
  onSuccess?: (data: TData, variables: TVars) => unknown;
  /** Runs after the shared error path (snackbar, field errors). */
  onError?: (error: unknown, variables: TVars) => unknown;
};

/**
 * Every write of the dashboard: a TanStack `useMutation` with the one error path of SPEC §8 and
 * cache invalidation. Usage:
 *
 *   const save = useApiMutation({
 *     mutationFn: (values: Values) => api('/user', { method: 'PUT', body: values }),
 *     invalidates: [queryKeys.user], form, success: t('saved'),
 *   });
 *   <form onSubmit={form.handleSubmit((values) => save.mutate(values))}> … disabled={save.isPending}
 *
 * On failure: a 401 has already logged out (lib/api/client.ts); field errors of the API go onto
 * `form`'s fields (the snackbar then says 'Error in form!' unless the API gave a message); otherwise
 * the snackbar shows the API's message, or `fallback`, or 'Bad URL.' / the generic text.
 * On success: the `invalidates` keys refetch, the server components re-render when `refresh`,
 * and `success` shows.
 */
export function useApiMutation<TData = unknown, TVars = void>(options: Options<TData, TVars>) {
  const t = useTranslations();
  const snackbar = useSnackbar();
  const router = useRouter();
  const client = useQueryClient();
  return useMutation<TData, unknown, TVars>({
    mutationFn: options.mutationFn,
    ...(options.retry ? { retry: shouldRetry, retryDelay } : {}),
    onSuccess: async (data, variables) => {
      const success = typeof options.success === 'function' ? options.success(data, variables) : options.success;
      if (success) snackbar(success, { severity: 'success' });
      await options.onSuccess?.(data, variables);
      if (options.refresh) router.refresh();
      await Promise.all((options.invalidates ?? []).map((queryKey) => client.invalidateQueries({ queryKey })));
    },
    onError: async (error, variables) => {
      showError(error);
      await options.onError?.(error, variables);
    },
  });

  function showError(error: unknown) {
    // A 401 has already sent the browser to logout.
    if (error instanceof ApiClientError && error.status === 401) return;
    const message = error instanceof ApiClientError ? error.message : '';
    let onFields = false;
    if (options.form) {
      if (options.field && message && error instanceof ApiClientError && error.status === 400 && !error.errors.length) {
        return options.form.setError(options.field, { type: 'server', message });
      }
      onFields = applyServerErrors(options.form, error);
    }
    if (typeof options.quiet === 'function' ? options.quiet(error) : options.quiet) return;
    const text = message || (onFields ? t('errors.form') : options.fallback === undefined ? errorText(error, t) : options.fallback);
    if (text) snackbar(options.describe ? options.describe(text, error) : text);
  }
}
