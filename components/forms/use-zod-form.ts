'use client';
import { useState } from 'react';
import { useForm, type FieldValues, type Resolver, type UseFormProps } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { $ZodType } from 'zod/v4/core';
import type * as z from 'zod/mini';
import { fieldErrorsOf } from '@/lib/api/errors';

/**
 * Every form of the dashboard: react-hook-form validated by the form's shared schema in lib/schemas
 * (zod/mini), so the browser refuses exactly what the API refuses, with the same message keys.
 *
 *   const form = useZodForm(resetPasswordForm, { defaultValues: { password: '', confirm_password: '' } });
 *   const save = useApiMutation({ mutationFn: …, form });          // server field errors land on the fields
 *   <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate>
 *     <TextField {...form.register('password')} error={showMessage(t, form.formState.errors.password?.message)} />
 *   <UnsavedChangesPrompt when={form.formState.isDirty && !save.isSuccess} />
 *
 * A field is checked when it first loses focus, then on every change (SPEC §5: e-mail on blur);
 * submitting checks them all and hands the schema's *output* (trimmed, transformed) to the handler.
 * `schema` may be a loader (`() => import('@/lib/schemas/x').then((m) => m.form)`) for a form that
 * should not put zod into its page's first load.
 * Messages are i18n keys ('validation.required', 'validation.maxChars?max=50'): show them with
 * `showMessage(t, message)` (lib/i18n/message.ts), which also passes the API's translated texts through.
 */
export function useZodForm<S extends $ZodType<unknown, FieldValues>>(schema: S | (() => Promise<S>), options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {}) {
  const [lazy] = useState(() => (typeof schema === 'function' ? lazyResolver(schema) : null));
  return useForm<z.input<S>, unknown, z.output<S>>({ mode: 'onTouched', ...options, resolver: lazy ?? zodResolver(schema as S) });
}

/** A schema loaded when the form is first checked (a page keeps zod out of its first load). */
function lazyResolver<S extends $ZodType<unknown, FieldValues>>(load: () => Promise<S>): Resolver<z.input<S>, unknown, z.output<S>> {
  let loading: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | undefined;
  return async (values, context, options) => {
    loading ??= load().then((schema) => zodResolver(schema));
    return (await loading)(values, context, options);
  };
}

/** What applyServerErrors needs of a form (any useZodForm result). */
export type ServerErrorTarget = {
  setError(name: string, error: { type: string; message: string }): void;
  getValues(): unknown;
};

/**
 * The API's field errors onto the form's fields (the one place this mapping happens): true when at
 * least one field of the form got one. Errors for fields the form does not have are left to the
 * caller's general error.
 */
export function applyServerErrors(form: ServerErrorTarget, error: unknown): boolean {
  const values = form.getValues();
  const known = values && typeof values === 'object' ? Object.keys(values) : [];
  const found = Object.entries(fieldErrorsOf(error, known));
  for (const [name, message] of found) form.setError(name, { type: 'server', message });
  return found.length > 0;
}
