'use client';
import { useTranslations } from 'next-intl';
import type { Path, UseFormReturn } from 'react-hook-form';
import { showMessage } from '@/lib/i18n/message';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { UnsavedChangesPrompt } from '@/components/layout/unsaved-changes-prompt';

type Values = Record<string, string>;
type Field<V extends Values> = { name: Path<V>; label: string; autoComplete: string };

/** A form of password fields (reset and change password); the caller owns the form and its mutation. */
export function PasswordFieldsForm<V extends Values>({
  form,
  fields,
  submitLabel,
  onValid,
  pending,
  saved,
  autoFocus = true,
}: {
  form: UseFormReturn<V, unknown, V>;
  fields: Field<V>[];
  submitLabel: string;
  onValid: (values: V) => void;
  pending: boolean;
  /** Once saved the unsaved-changes prompt stops asking. */
  saved: boolean;
  /** The first field takes focus (not when the form is one panel of a longer page). */
  autoFocus?: boolean;
}) {
  const t = useTranslations();
  const { errors, isDirty } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate className="flex flex-col gap-4">
      {fields.map((field, index) => (
        <TextField
          key={field.name}
          type="password"
          label={field.label}
          autoComplete={field.autoComplete}
          autoFocus={autoFocus && index === 0}
          error={showMessage(t, errors[field.name]?.message as string | undefined)}
          {...form.register(field.name)}
        />
      ))}
      <Button type="submit" disabled={pending}>
        {submitLabel}
      </Button>
      <UnsavedChangesPrompt when={isDirty && !saved} />
    </form>
  );
}
