import { fieldErrorsOf } from '@/lib/api/errors';

// Apart from use-zod-form.ts: a page with writes but no form (the chat) must not load react-hook-form for this.

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
