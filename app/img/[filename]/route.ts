// GET /img/:filename — public ad images (SPEC §7: w, h, fit=crop), forwarded to the marketplace with their caching headers.
import type { NextRequest } from 'next/server';
import { marketplaceFetch } from '@/lib/api/server';

const PASSED_HEADERS = ['content-type', 'content-length', 'cache-control', 'etag', 'x-content-type-options'];

export async function GET(request: NextRequest, { params }: { params: Promise<{ filename: string }> }) {
  const { filename } = await params;
  const ifNoneMatch = request.headers.get('if-none-match');
  const upstream = await marketplaceFetch(`/api/img/${encodeURIComponent(filename)}${request.nextUrl.search}`, {
    headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {},
  });
  const headers = new Headers();
  for (const name of PASSED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  // Errors must not be cached as if they were the image.
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
  return new Response(upstream.status === 304 ? null : upstream.body, { status: upstream.status, headers });
}
