import 'server-only';
import type { Context } from 'hono';
import * as z from 'zod/mini';
import { getDb } from '../db/client';
import type { Api } from '../http/api';
import type { SessionUser } from '../http/context';
import { ApiError, notFound, unauthorized } from '../http/errors';
import { readBodyLimited } from '../http/request';
import { acceptUpload, IMAGE_MAX_BYTES, imageRegistered, resizedImage, verifyUploadToken } from '../services/image-files';
import { resolveSession } from '../services/sessions';

// A little over the limit, so that a file just above 10 MB gets the SPEC §8 message from the image check.
const UPLOAD_BODY_LIMIT = IMAGE_MAX_BYTES + 64 * 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The signed-in user behind `Authorization: Bearer …`, resolved as Api.route does, for routes that read a raw body. */
export async function sessionUserOf(c: Context): Promise<SessionUser | null> {
  const match = /^Bearer ([A-Za-z0-9_-]{16,200})$/.exec(c.req.header('authorization') ?? '');
  return match ? resolveSession(await getDb(), match[1]!) : null;
}

const dimension = z.optional(z.string().check(z.regex(/^[1-9][0-9]{0,3}$/, 'errors.badUrl')));
const imgQuery = z.object({ w: dimension, h: dimension, fit: z.optional(z.enum(['crop', 'inside'], 'errors.badUrl')) });

/**
 * The same error, answered with `Connection: close`: the client may still be sending a body we
 * will not read, and the connection must not be reused for its next request.
 */
function closingConnection(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  return new ApiError(error.status, error.message, error.errors, error.values, { ...error.headers, connection: 'close' });
}

/** Whether an If-None-Match header names this ETag (weak or strong, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

export function uploadRoutes(api: Api) {
  // PUT /api/uploads/:token — the bytes of an image, to the ticket POST /{id}/images/upload handed out (local storage)
  api.docs.add({
    method: 'put',
    path: '/api/uploads/:token',
    auth: 'user',
    tag: 'images',
    summary: 'Upload image bytes (raw JPEG or PNG body, at most 10 MB) to a signed upload ticket',
  });
  api.hono.put('/api/uploads/:token', async (c) => {
    const token = c.req.param('token');
    let bytes: Buffer;
    let userId: number;
    try {
      const user = await sessionUserOf(c);
      if (!user) throw unauthorized();
      userId = user.id;
      // Refuse a bad ticket before reading a byte of the body.
      const ticket = verifyUploadToken(token, user.id);
      const name = ticket.originalName || ticket.filename;
      bytes = await readBodyLimited(c, UPLOAD_BODY_LIMIT, () => new ApiError(413, 'images.invalidFile', [], { filenames: name }));
    } catch (error) {
      throw closingConnection(error);
    }
    return c.json(await acceptUpload(token, bytes, userId));
  });

  // GET /api/img/:filename — a registered image, or one of its cached sizes (w, h, fit=crop); served publicly at /img/{filename}
  api.docs.add({ method: 'get', path: '/api/img/:filename', auth: 'none', tag: 'images', summary: 'Image, resized (w, h, fit=crop) and cached', query: imgQuery });
  api.hono.get('/api/img/:filename', async (c) => {
    const parsed = z.safeParse(imgQuery, c.req.query());
    if (!parsed.success) throw new ApiError(400, 'errors.badUrl');
    const { w, h, fit } = parsed.data;
    // Without a size, the largest re-encoded variant: originals keep their EXIF (a camera's GPS position
    // among it), which would undo hide_location, so they are never served.
    const size = w || h ? { w: w ? Number(w) : undefined, h: h ? Number(h) : undefined, fit } : { w: 1600, h: 1600, fit: 'inside' as const };
    const filename = c.req.param('filename');
    // An upload is served once registered to an ad, never before (nor after its image is deleted).
    if (!(await imageRegistered(await getDb(), filename))) throw notFound();
    const image = await resizedImage(filename, size);
    if (!image) throw notFound();
    const headers = { 'cache-control': IMMUTABLE, etag: image.etag, 'x-content-type-options': 'nosniff' };
    if (matches(c.req.header('if-none-match'), image.etag)) return new Response(null, { status: 304, headers });
    return new Response(new Uint8Array(image.bytes), { status: 200, headers: { ...headers, 'content-type': image.contentType, 'content-length': String(image.bytes.length) } });
  });
}
