'use client';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import type * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { UnsavedChangesPrompt } from '@/components/layout/unsaved-changes-prompt';
import { useSchemaForm } from '@/components/forms/use-schema-form';

type Field<S extends $ZodType> = { name: keyof z.input<S> & string; label: string; autoComplete: string };

/** A form of password fields validated by a shared schema (reset and change password). */
export function PasswordFieldsForm<S extends $ZodType>({
  schema,
  fields,
  submitLabel,
  onSubmit,
}: {
  schema: S;
  fields: Field<S>[];
  submitLabel: string;
  /** Resolves true once saved: the unsaved-changes prompt then stops asking. */
  onSubmit: (values: z.output<S>) => Promise<boolean>;
}) {
  const t = useTranslations();
  const form = useSchemaForm(schema, Object.fromEntries(fields.map((f) => [f.name, ''])) as Record<keyof z.input<S> & string, string>);
  const [saved, setSaved] = useState(false);
  const submit = form.handleSubmit(async (values) => setSaved(await onSubmit(values)));
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {fields.map((field, index) => {
        const message = form.errors[field.name];
        return (
          <TextField
            key={field.name}
            type="password"
            label={field.label}
            autoComplete={field.autoComplete}
            autoFocus={index === 0}
            error={message ? t(message) : undefined}
            {...form.register(field.name)}
          />
        );
      })}
      <Button type="submit" disabled={form.submitting}>
        {submitLabel}
      </Button>
      <UnsavedChangesPrompt when={form.isDirty && !saved} />
    </form>
  );
}
