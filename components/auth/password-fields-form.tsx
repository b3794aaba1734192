'use client';
import { useState } from 'react';
import { useForm, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import type { ZodType } from 'zod';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { UnsavedChangesPrompt } from '@/components/layout/unsaved-changes-prompt';

type Field<T> = { name: Path<T>; label: string; autoComplete: string };

/** A form of password fields validated by a shared schema (reset and change password). */
export function PasswordFieldsForm<T extends FieldValues>({
  schema,
  fields,
  submitLabel,
  onSubmit,
}: {
  schema: ZodType<T, T>;
  fields: Field<T>[];
  submitLabel: string;
  /** Resolves true once saved: the unsaved-changes prompt then stops asking. */
  onSubmit: (values: T) => Promise<boolean>;
}) {
  const t = useTranslations();
  const { register, handleSubmit, formState } = useForm<T>({ resolver: zodResolver(schema), mode: 'onBlur' });
  const [saved, setSaved] = useState(false);
  const submit = handleSubmit(async (values) => setSaved(await onSubmit(values)));
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {fields.map((field, index) => {
        const message = formState.errors[field.name]?.message;
        return (
          <TextField
            key={field.name}
            type="password"
            label={field.label}
            autoComplete={field.autoComplete}
            autoFocus={index === 0}
            error={typeof message === 'string' ? t(message) : undefined}
            {...register(field.name)}
          />
        );
      })}
      <Button type="submit" disabled={formState.isSubmitting}>
        {submitLabel}
      </Button>
      <UnsavedChangesPrompt when={formState.isDirty && !saved} />
    </form>
  );
}
