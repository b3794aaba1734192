import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * A stand-in for a react-hook-form form that only shows values, for a lazily loaded form's preview
 * (components/forms/lazy-form.tsx): `register` gives each field its value (`defaultChecked` for a
 * boolean, else `defaultValue`), `watch` reads the values, there are no errors and nothing is dirty.
 * The form's own field components render with it unchanged, without loading react-hook-form.
 */
export function staticForm<V extends FieldValues, C = unknown, T extends FieldValues = V>(values: V): UseFormReturn<V, C, T> {
  const get = (name: string): unknown => name.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | null | undefined)?.[key], values);
  const register = (name: string) => {
    const value = get(name);
    return typeof value === 'boolean' ? { name, defaultChecked: value } : { name, defaultValue: value ?? '' };
  };
  const watch = (names?: string | string[]) => (names === undefined ? values : Array.isArray(names) ? names.map(get) : get(names));
  const formState = { errors: {}, isDirty: false, isSubmitted: false, isSubmitting: false, isValid: false, dirtyFields: {}, touchedFields: {} };
  // Nothing submits a preview (its controls are disabled); a form element that asks for a handler gets one.
  const handleSubmit = () => (event?: { preventDefault?: () => void }) => event?.preventDefault?.();
  return { register, watch, formState, getValues: watch, handleSubmit } as unknown as UseFormReturn<V, C, T>;
}
