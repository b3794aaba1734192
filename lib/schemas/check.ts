import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';

/** A form's check with a shared schema: null when valid, else the first message of each field. */
export function fieldIssues(schema: $ZodType, payload: unknown): Record<string, string> | null {
  const result = z.safeParse(schema, payload);
  if (result.success) return null;
  const found: Record<string, string> = {};
  for (const issue of result.error.issues) found[String(issue.path[0] ?? '_')] ??= issue.message;
  return found;
}
