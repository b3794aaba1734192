'use client';
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { api, ApiClientError } from '@/lib/api/client';
import { showMessage } from '@/lib/i18n/message';
import { useSnackbar } from '@/components/layout/snackbar';

export type FieldErrors = Partial<Record<string, string>>;

/**
 * Saving one editor dialog: refuses a payload its shared schema found issues in, else PUTs it;
 * field errors (the schema's or the API's) come back by field; success confirms and returns to the editor.
 */
export function useStepSave(cottageId: number) {
  const t = useTranslations();
  const router = useRouter();
  const snackbar = useSnackbar();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  /** `issues` comes from the dialog's shared schema (lib/schemas/check.ts), null when the payload is valid. */
  async function save(issues: Record<string, string> | null, payload: Record<string, unknown>, request: { path?: string; method?: string } = {}) {
    if (issues) {
      setErrors(Object.fromEntries(Object.entries(issues).map(([field, message]) => [field, showMessage(t, message)])));
      return false;
    }
    setSaving(true);
    try {
      await api(request.path ?? `/cottages/${cottageId}`, { method: request.method ?? 'PUT', body: payload });
      setErrors({});
      setSaved(true);
      snackbar(t('cottage.saved'), { severity: 'success' });
      router.push(`/dashboard/cottages/${cottageId}`);
      router.refresh();
      return true;
    } catch (error) {
      if (error instanceof ApiClientError && error.errors.length) {
        const found: FieldErrors = {};
        for (const e of error.errors) found[e.field.split('.')[0]!] ??= e.message;
        setErrors(found);
      }
      snackbar(error instanceof ApiClientError && error.message ? error.message : t('errors.generic'));
      return false;
    } finally {
      setSaving(false);
    }
  }

  return { errors, saving, saved, save, setErrors };
}
