'use client';
import { useState } from 'react';
import { useForm, type FieldValues, type Resolver, type UseFormProps } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import type * as z from 'zod/mini';

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
 * `schema` is best a loader (`() => import('@/lib/schemas/x').then((m) => m.form)`): the form's page
 * then does not load zod until the form is first checked.
 * Messages are i18n keys ('validation.required', 'validation.maxChars?max=50'): show them with
 * `showMessage(t, message)` (lib/i18n/message.ts), which also passes the API's translated texts through.
 */
export function useZodForm<S extends $ZodType<unknown, FieldValues>>(schema: S | (() => Promise<S>), options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {}) {
  const [resolver] = useState(() => lazyResolver(typeof schema === 'function' ? schema : () => Promise.resolve(schema)));
  return useForm<z.input<S>, unknown, z.output<S>>({ mode: 'onTouched', ...options, resolver });
}

/**
 * zodResolver, loaded with the schema when the form is first checked: the resolver and zod stay out
 * of the page's first load (the JS budget), and the first check waits for them once.
 */
function lazyResolver<S extends $ZodType<unknown, FieldValues>>(load: () => Promise<S>): Resolver<z.input<S>, unknown, z.output<S>> {
  let loading: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | undefined;
  return async (values, context, options) => {
    loading ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(([schema, { zodResolver }]) => zodResolver(schema));
    return (await loading)(values, context, options);
  };
}
