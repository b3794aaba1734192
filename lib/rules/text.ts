// What any text we accept must be: no NUL (PostgreSQL refuses it in text and jsonb) and no unpaired
// UTF-16 surrogate (it cannot be written as UTF-8). One rule, used by every string schema and by the
// API's check of whole request bodies, query strings and paths.
const NUL_OR_LONE_SURROGATE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isSafeText(value: string): boolean {
  return !NUL_OR_LONE_SURROGATE.test(value);
}

export type JsonProblem = 'tooDeep' | 'invalidText' | null;

/**
 * The first problem of a parsed JSON value: nesting deeper than `maxDepth`, or a string (value or
 * key) that is not safe text. Walks iteratively, so a hostile depth cannot overflow the stack.
 */
export function jsonProblem(root: unknown, maxDepth: number): JsonProblem {
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (!isSafeText(value)) return 'invalidText';
    } else if (value !== null && typeof value === 'object') {
      if (depth >= maxDepth) return 'tooDeep';
      for (const [key, child] of Object.entries(value)) {
        if (!isSafeText(key)) return 'invalidText';
        stack.push([child, depth + 1]);
      }
    }
  }
  return null;
}
