// What a failed call shows (SPEC §8), decided once for every query, mutation and form.
import { ApiClientError } from './client';

type Translator = (key: string, values?: Record<string, string | number>) => string;

/** Any status for which asking again cannot help (401 logs out, 404 will not change). */
export const isFinal = (error: unknown) => error instanceof ApiClientError && error.status < 500;

/**
 * SPEC §8: the API's message when it chose one (already in the user's language); otherwise 'Bad URL.'
 * for a 400 or 404 and the generic text for anything else (network errors included).
 */
export function errorText(error: unknown, t: Translator): string {
  if (error instanceof ApiClientError) {
    if (error.message) return error.message;
    if (error.status === 400 || error.status === 404) return t('errors.badUrl');
  }
  return t('errors.generic');
}

/**
 * The API's field errors (`{ field, message }[]`) by form field: a nested path ('cities.0',
 * 'amenities.3.key') belongs to its first segment, and a field keeps its first message. Fields a form
 * does not have (`known`, when given) are left out, so that the caller can fall back to a general error.
 */
export function fieldErrorsOf(error: unknown, known?: readonly string[]): Record<string, string> {
  const found: Record<string, string> = {};
  if (!(error instanceof ApiClientError)) return found;
  for (const { field, message } of error.errors) {
    const name = field.split('.')[0] ?? '';
    if (!name || (known && !known.includes(name))) continue;
    found[name] ??= message;
  }
  return found;
}
