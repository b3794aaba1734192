import 'server-only';

/** A list query's page: `limit` rows (the list's own size by default, 1 to 50) from `offset`. */
export function pageOf(query: { limit?: string; offset?: string }, size: number): { limit: number; offset: number } {
  return { limit: Math.min(Math.max(Number(query.limit ?? size) || size, 1), 50), offset: Number(query.offset ?? 0) };
}

/**
 * The link to a list's next page (SPEC §7 `nextPage`): the same filters, the same page size, the next
 * offset; null when the query read no row past this page (`more`).
 */
export function nextPageLink(path: string, query: Record<string, unknown>, page: { limit: number; offset: number; more: boolean }): string | null {
  if (!page.more) return null;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '' && k !== 'offset' && k !== 'limit') params.set(k, String(v));
  params.set('limit', String(page.limit));
  params.set('offset', String(page.offset + page.limit));
  return `${path}?${params.toString()}`;
}
