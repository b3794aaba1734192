import 'server-only';
import { imageUploadDto } from '@/lib/schemas/cottage-dto';
import { imageQuery } from '@/lib/schemas/cottage';
import { fileAnswer, rawBody, type Api } from '../http/api';
import { ApiError, notFound } from '../http/errors';
import { readBodyLimited } from '../http/request';
import { acceptUpload, IMAGE_MAX_BYTES, imageRegistered, resizedImage, verifyUploadToken } from '../services/image-files';

// A little over the limit, so that a file just above 10 MB gets the SPEC §8 message from the image check.
const UPLOAD_BODY_LIMIT = IMAGE_MAX_BYTES + 64 * 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';

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
  api.route(
    {
      method: 'put',
      path: '/api/uploads/:token',
      auth: 'user',
      tag: 'images',
      summary: 'Upload image bytes (raw JPEG or PNG body, at most 10 MB) to a signed upload ticket',
      body: rawBody('application/octet-stream', 'A JPEG or PNG image, at most 10 MB'),
      response: imageUploadDto,
    },
    async ({ user, params, c }) => {
      const token = params.token ?? '';
      // Refuse a bad ticket before reading a byte of the body.
      const ticket = verifyUploadToken(token, user.id);
      const name = ticket.originalName || ticket.filename;
      const bytes = await readBodyLimited(c, UPLOAD_BODY_LIMIT, () => new ApiError(413, 'images.invalidFile', [], { filenames: name }));
      return acceptUpload(token, bytes, user.id);
    },
  );

  // GET /api/img/:filename — a registered image, or one of its cached sizes (w, h, fit=crop); served publicly at /img/{filename}
  api.route(
    {
      method: 'get',
      path: '/api/img/:filename',
      auth: 'none',
      tag: 'images',
      summary: 'Image, resized (w, h, fit=crop) and cached',
      query: imageQuery,
      response: fileAnswer('image/jpeg', 'The image (JPEG or PNG, as uploaded)'),
    },
    async ({ db, params, query, c }) => {
      const { w, h, fit } = query;
      // Without a size, the largest re-encoded variant: originals keep their EXIF (a camera's GPS position
      // among it), which would undo hide_location, so they are never served.
      const size = w || h ? { w: w ? Number(w) : undefined, h: h ? Number(h) : undefined, fit } : { w: 1600, h: 1600, fit: 'inside' as const };
      const filename = params.filename ?? '';
      // An upload is served once registered to an ad, never before (nor after its image is deleted).
      if (!(await imageRegistered(db, filename))) throw notFound();
      const image = await resizedImage(filename, size);
      if (!image) throw notFound();
      const headers = { 'cache-control': IMMUTABLE, etag: image.etag, 'x-content-type-options': 'nosniff' };
      if (matches(c.req.header('if-none-match'), image.etag)) return new Response(null, { status: 304, headers });
      return new Response(new Uint8Array(image.bytes), { status: 200, headers: { ...headers, 'content-type': image.contentType, 'content-length': String(image.bytes.length) } });
    },
  );
}
