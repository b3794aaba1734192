'use client';
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { api, ApiClientError } from '@/lib/api/client';
import { showMessage } from '@/lib/i18n/message';
import { useSnackbar } from '@/components/layout/snackbar';

export type FieldErrors = Partial<Record<string, string>>;

/**
 * Saving one editor dialog: checks the payload with the dialog's shared schema first, then PUTs it;
 * field errors (the schema's or the API's) come back by field; success confirms and returns to the editor.
 */
export function useStepSave(cottageId: number) {
  const t = useTranslations();
  const router = useRouter();
  const snackbar = useSnackbar();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  async function save(schema: $ZodType | null, payload: Record<string, unknown>, request: { path?: string; method?: string } = {}) {
    if (schema) {
      const result = z.safeParse(schema, payload);
      if (!result.success) {
        const found: FieldErrors = {};
        for (const issue of result.error.issues) found[String(issue.path[0] ?? '_')] ??= showMessage(t, issue.message);
        setErrors(found);
        return false;
      }
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
