// GET /ical/:cottageId/:token.ics — an ad's exported calendar feed (issue 18), for other sites to import; forwarded with its ETag.
import type { NextRequest } from 'next/server';
import { marketplaceFetch } from '@/lib/api/server';

const PASSED_HEADERS = ['content-type', 'content-disposition', 'cache-control', 'etag', 'x-content-type-options'];

export async function GET(request: NextRequest, { params }: { params: Promise<{ cottageId: string; file: string }> }) {
  const { cottageId, file } = await params;
  const ifNoneMatch = request.headers.get('if-none-match');
  const upstream = await marketplaceFetch(`/api/ical/${encodeURIComponent(cottageId)}/${encodeURIComponent(file)}`, { headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {} });
  const headers = new Headers();
  for (const name of PASSED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
  return new Response(upstream.status === 304 ? null : upstream.body, { status: upstream.status, headers });
}
