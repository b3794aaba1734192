'use client';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { QueryKey } from '@tanstack/react-query';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import { api } from '@/lib/api/client';
import { showMessage } from '@/lib/i18n/message';
import { useZodForm } from '@/components/forms/use-zod-form';
import { useApiMutation } from '@/components/query/use-api-mutation';

type CottageSchemas = typeof import('@/lib/schemas/cottage');

type Options<V extends FieldValues, P> = {
  /** What the dialog shows (text as typed: kronor, digits, '' for none). */
  values: V;
  /** The form's values as the API takes them (öre, numbers, null for none). */
  toPayload: (values: V) => unknown;
  /**
   * The shared schema of the API's payload, picked from lib/schemas/cottage.ts (or, with `load`, from
   * another module of lib/schemas): its issues land on the same-named fields. The module (and zod)
   * load when the dialog is first checked, not with the page.
   */
  schema: ((schemas: CottageSchemas) => $ZodType<P>) | { load: () => Promise<$ZodType<P>> };
  /** Where the dialog saves (default PUT /cottages/{id}). */
  path?: string;
  /** Query keys whose data the save changes (the step's own data, when it is not the page's). */
  invalidates?: QueryKey[];
};

/**
 * One editor dialog's form: the values as typed, checked by the payload schema through `toPayload`
 * (so the dialog refuses exactly what PUT /api/cottages/:id refuses), saved with PUT; on success it
 * confirms and returns to the editor. Field errors, the schema's or the API's, show by field.
 */
export function useStepForm<V extends FieldValues, P>(cottageId: number, options: Options<V, P>) {
  const t = useTranslations();
  const router = useRouter();
  const form = useZodForm(
    () =>
      Promise.all([import('zod/mini'), typeof options.schema === 'function' ? import('@/lib/schemas/cottage').then(options.schema) : options.schema.load()]).then(([z, schema]) =>
        z.pipe(
          z.transform((values: V) => options.toPayload(values)),
          schema,
        ),
      ),
    { defaultValues: options.values as DefaultValues<V> },
  );
  const save = useApiMutation({
    mutationFn: (payload: P) => api(options.path ?? `/cottages/${cottageId}`, { method: 'PUT', body: payload }),
    form,
    success: t('cottage.saved'),
    refresh: true,
    invalidates: options.invalidates,
    onSuccess: () => router.push(`/dashboard/cottages/${cottageId}`),
  });
  return {
    form,
    /** The field's error, translated. */
    error: (name: string) => showMessage(t, (form.formState.errors as Record<string, { message?: string } | undefined>)[name]?.message),
    dialog: {
      dirty: form.formState.isDirty && !save.isSuccess,
      saving: save.isPending || save.isSuccess,
      onSave: form.handleSubmit((payload) => save.mutate(payload as P)),
    },
  };
}
