import 'server-only';

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
