// The images of an ad (SPEC §7): signed upload ticket, the bytes PUT to it, registering the file,
// listing, comments, deleting and reordering — and that nobody can attach a file they never uploaded.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness';
import { addImage, asCottage, createCottage, host, putBytes, picture, snapshot, startCottageApi, uploadFile } from './cottages-support';
import type { CottageImage } from '@/lib/schemas/cottage-dto';

const INVALID_TYPE = 'Something wrong with uploading, please try again, make sure you select files in JPEG or PNG formats';
const invalidFile = (names: string) => `The following files are not valid: ${names}. The image dimensions needs to be at least 500x500 pixels and the size of the file have to be less than 10MB.`;

let h: Harness;
let stop: () => Promise<void>;
let storage: typeof import('@/marketplace/providers/storage').storage;
let files: typeof import('@/marketplace/services/image-files');
beforeAll(async () => {
  ({ h, stop } = await startCottageApi());
  ({ storage } = await import('@/marketplace/providers/storage'));
  files = await import('@/marketplace/services/image-files');
});
afterAll(async () => stop?.());

async function imageRows(cottageId: number) {
  return h.db.select().from(h.schema.cottageImages).where(eq(h.schema.cottageImages.cottageId, cottageId)).orderBy(asc(h.schema.cottageImages.weight), asc(h.schema.cottageImages.id));
}

describe('POST /api/cottages/:id/images/upload', () => {
  it('answers a signed PUT ticket whose file name is bound to the caller and this ad', async () => {
    const { user, token } = await host(h);
    const { id } = await createCottage(h, token);
    const before = Date.now();
    const result = await h.call('POST', `/api/cottages/${id}/images/upload`, { token, body: { fileName: 'Stuga Sommar.JPG' } });
    expect(result.status).toBe(200);
    const ticket = result.json as { url: string; method: string; headers: Record<string, string>; filename: string; expires_at: string };
    expect(ticket.method).toBe('PUT');
    expect(ticket.headers).toEqual({ 'content-type': 'image/jpeg' });
    expect(ticket.filename).toMatch(/^[A-Za-z0-9_-]{44}\.jpg$/);
    expect(ticket.url).toMatch(/^\/api\/uploads\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(Date.parse(ticket.expires_at) - before).toBeGreaterThan(14 * 60 * 1000);
    expect(files.uploadIssuedTo(ticket.filename, { userId: user.id, scope: `cottage:${id}` })).toBe(true);
    const png = await h.call('POST', `/api/cottages/${id}/images/upload`, { token, body: { fileName: 'a.png' } });
    expect((png.json as { filename: string; headers: Record<string, string> }).headers).toEqual({ 'content-type': 'image/png' });
  });

  it('refuses other file types and a missing name', async () => {
    const { token } = await host(h);
    const { id } = await createCottage(h, token);
    for (const fileName of ['plan.pdf', 'anim.gif', 'photo']) {
      const result = await h.call('POST', `/api/cottages/${id}/images/upload`, { token, body: { fileName } });
      expect(result.status, fileName).toBe(400);
      expect(result.json.message).toBe(INVALID_TYPE);
    }
    const missing = await h.call('POST', `/api/cottages/${id}/images/upload`, { token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.errors?.[0]?.field).toBe('fileName');
  });
});

describe('POST /api/cottages/:id/images', () => {
  it('registers an uploaded file as the last image, with width and height read from the file', async () => {
    const { token } = await host(h);
    const { id } = await createCottage(h, token);
    const filename = await uploadFile(h, token, id, { width: 640, height: 520, format: 'png' });
    expect(filename).toMatch(/\.png$/);
    const result = await h.call('POST', `/api/cottages/${id}/images`, { token, body: { filename } });
    expect(result.status).toBe(200);
    const image = result.json as unknown as CottageImage;
    expect(image).toEqual({ id: expect.any(Number), filename, url: `/img/${filename}`, width: 640, height: 520, weight: 0, comment_sv: null, comment_en: null, comment_de: null });
    const second = await addImage(h, token, id, { width: 500, height: 700 });
    expect(second).toMatchObject({ width: 500, height: 700, weight: 1 });
    expect((await imageRows(id)).map((r) => [r.id, r.filename, r.width, r.height, r.weight])).toEqual([
      [image.id, filename, 640, 520, 0],
      [second.id, second.filename, 500, 700, 1],
    ]);
    const ad = asCottage((await h.call('GET', `/api/cottages/${id}`, { token })).json);
    expect(ad.images.map((i) => i.id)).toEqual([image.id, second.id]);
    expect(ad.steps.images).toBe(true);
    const served = await fetch(`${h.url}/api/img/${filename}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it('refuses a file that was never uploaded, a malformed name and the same file twice', async () => {
    const { token } = await host(h);
    const { id } = await createCottage(h, token);
    const ticket = (await h.call('POST', `/api/cottages/${id}/images/upload`, { token, body: { fileName: 'a.jpg' } })).json as { filename: string };
    const notUploaded = await h.call('POST', `/api/cottages/${id}/images`, { token, body: { filename: ticket.filename } });
    expect(notUploaded.status).toBe(400);
    expect(notUploaded.json.message).toBe(invalidFile(ticket.filename));

    for (const filename of ['../../upload-secret', 'short.jpg', `${'A'.repeat(44)}.gif`, '']) {
      const result = await h.call('POST', `/api/cottages/${id}/images`, { token, body: { filename } });
      expect(result.status, filename).toBe(400);
      expect(result.json.errors).toEqual([{ field: 'filename', message: INVALID_TYPE }]);
    }
    const image = await addImage(h, token, id);
    const again = await h.call('POST', `/api/cottages/${id}/images`, { token, body: { filename: image.filename } });
    expect(again.status).toBe(400);
    expect(await imageRows(id)).toHaveLength(1);
  });

  it("cannot attach a file the caller did not upload for this ad: another user's upload, a public image name, or the caller's upload for another ad", async () => {
    const me = await host(h);
    const mine = await createCottage(h, me.token);
    const myOther = await createCottage(h, me.token);
    const stranger = await host(h);
    const theirs = await createCottage(h, stranger.token);

    const theirUpload = await uploadFile(h, stranger.token, theirs.id);
    const theirRegistered = await addImage(h, stranger.token, theirs.id);
    const myUploadForOther = await uploadFile(h, me.token, myOther.id);

    for (const filename of [theirUpload, theirRegistered.filename, myUploadForOther]) {
      const before = await snapshot(h, mine.id);
      const result = await h.call('POST', `/api/cottages/${mine.id}/images`, { token: me.token, body: { filename } });
      expect(result.status, filename).toBe(400);
      expect(result.json.message).toBe(invalidFile(filename));
      expect(await snapshot(h, mine.id)).toEqual(before);
    }
    // Their files are untouched and still theirs.
    expect(await storage.get(`images/${theirUpload}`)).not.toBeNull();
    expect((await imageRows(theirs.id)).map((r) => r.filename)).toEqual([theirRegistered.filename]);
    expect((await h.call('POST', `/api/cottages/${theirs.id}/images`, { token: stranger.token, body: { filename: theirUpload } })).status).toBe(200);
  });

  it('refuses bytes that are no valid image at upload, so they can never be registered', async () => {
    const { token } = await host(h);
    const { id } = await createCottage(h, token);
    const ticket = (await h.call('POST', `/api/cottages/${id}/images/upload`, { token, body: { fileName: 'small.jpg' } })).json as { url: string; filename: string };
    const put = await putBytes(h, ticket.url, await picture(400, 400), token);
    expect(put.status).toBe(400);
    expect(put.json.message).toBe(invalidFile('small.jpg'));
    expect((await h.call('POST', `/api/cottages/${id}/images`, { token, body: { filename: ticket.filename } })).status).toBe(400);
    expect(await imageRows(id)).toEqual([]);
  });
});

describe('GET /api/cottages/:id/images(/)', () => {
  it('lists the images in their order, with and without the trailing slash', async () => {
    const { token } = await host(h);
    const { id } = await createCottage(h, token);
    const empty = await h.call('GET', `/api/cottages/${id}/images/`, { token });
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual([]);
    const a = await addImage(h, token, id);
    const b = await addImage(h, token, id);
    await h.db.update(h.schema.cottageImages).set({ weight: 5 }).where(eq(h.schema.cottageImages.id, a.id));
    for (const path of [`/api/cottages/${id}/images`, `/api/cottages/${id}/images/`]) {
      const result = await h.call('GET', path, { token });
      expect(result.status, path).toBe(200);
      expect((result.json as unknown as CottageImage[]).map((i) => [i.id, i.weight])).toEqual([
        [b.id, 1],
        [a.id, 5],
      ]);
    }
  });
});

describe('GET/PUT/DELETE /api/cottages/:id/images/:imageId', () => {
  it('GET answers one image of the ad; another ad’s image, an unknown or malformed id answers 404', async () => {
    const { token } = await host(h);
    const { id } = await createCottage(h, token);
    const other = await createCottage(h, token);
    const image = await addImage(h, token, id);
    const elsewhere = await addImage(h, token, other.id);
    const result = await h.call('GET', `/api/cottages/${id}/images/${image.id}`, { token });
    expect(result.status).toBe(200);
    expect(result.json).toEqual(image);
    for (const imageId of [elsewhere.id, 'abc', '0', '2147483648']) {
      expect((await h.call('GET', `/api/cottages/${id}/images/${imageId}`, { token })).status, String(imageId)).toBe(404);
    }
    expect((await h.call('PUT', `/api/cottages/${id}/images/${elsewhere.id}`, { token, body: { comment_sv: 'x' } })).status).toBe(404);
    expect((await h.call('DELETE', `/api/cottages/${id}/images/${elsewhere.id}`, { token })).status).toBe(404);
    expect(await imageRows(other.id)).toEqual([expect.objectContaining({ id: elsewhere.id, commentSv: null })]);
  });

  it('PUT stores the comments in sv, en and de (trimmed, blank → null), at most 255 characters', async () => {
    const { token } = await host(h);
    const { id } = await createCottage(h, token);
    const image = await addImage(h, token, id);
    const result = await h.call('PUT', `/api/cottages/${id}/images/${image.id}`, { token, body: { comment_sv: '  Utsikt mot sjön ', comment_en: 'Lake view', comment_de: '' } });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ ...image, comment_sv: 'Utsikt mot sjön', comment_en: 'Lake view', comment_de: null });
    expect((await imageRows(id))[0]).toMatchObject({ commentSv: 'Utsikt mot sjön', commentEn: 'Lake view', commentDe: null });

    const tooLong = await h.call('PUT', `/api/cottages/${id}/images/${image.id}`, { token, body: { comment_en: 'x'.repeat(256) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.errors).toEqual([{ field: 'comment_en', message: 'Max number of chars: 255' }]);
    expect((await imageRows(id))[0]).toMatchObject({ commentEn: 'Lake view' });

    const cleared = await h.call('PUT', `/api/cottages/${id}/images/${image.id}`, { token, body: {} });
    expect(cleared.status).toBe(200);
    expect((await imageRows(id))[0]).toMatchObject({ commentSv: null, commentEn: null, commentDe: null });
  });

  it('DELETE removes the image row and its file', async () => {
    const { token } = await host(h);
    const { id } = await createCottage(h, token);
    const first = await addImage(h, token, id);
    const second = await addImage(h, token, id);
    expect((await fetch(`${h.url}/api/img/${first.filename}?w=136&h=136&fit=crop`)).status).toBe(200);
    const result = await h.call('DELETE', `/api/cottages/${id}/images/${first.id}`, { token });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ message: 'success' });
    expect((await imageRows(id)).map((r) => r.id)).toEqual([second.id]);
    expect(await storage.get(`images/${first.filename}`)).toBeNull();
    expect(await storage.get(`cache/136x136-crop/${first.filename}`)).toBeNull();
    expect(await storage.get(`images/${second.filename}`)).not.toBeNull();
    expect((await h.call('DELETE', `/api/cottages/${id}/images/${first.id}`, { token })).status).toBe(404);
  });
});

describe('PUT /api/cottages/:id/images_reorder', () => {
  it("stores the new order as weights 0…n-1 and answers the ad's images in it", async () => {
    const { token } = await host(h);
    const { id } = await createCottage(h, token);
    const [a, b, c] = [await addImage(h, token, id), await addImage(h, token, id), await addImage(h, token, id)];
    const result = await h.call('PUT', `/api/cottages/${id}/images_reorder`, { token, body: { ids: [c.id, a.id, b.id] } });
    expect(result.status).toBe(200);
    expect((result.json as unknown as CottageImage[]).map((i) => [i.id, i.weight])).toEqual([
      [c.id, 0],
      [a.id, 1],
      [b.id, 2],
    ]);
    expect((await imageRows(id)).map((r) => [r.id, r.weight])).toEqual([
      [c.id, 0],
      [a.id, 1],
      [b.id, 2],
    ]);
    expect(asCottage((await h.call('GET', `/api/cottages/${id}`, { token })).json).images.map((i) => i.id)).toEqual([c.id, a.id, b.id]);
  });

  it("refuses anything but exactly the ad's image ids, changing nothing", async () => {
    const { token } = await host(h);
    const { id } = await createCottage(h, token);
    const other = await createCottage(h, token);
    const [a, b] = [await addImage(h, token, id), await addImage(h, token, id)];
    const foreign = await addImage(h, token, other.id);
    const before = await snapshot(h, id);
    const otherBefore = await snapshot(h, other.id);
    for (const ids of [[a.id], [a.id, b.id, foreign.id], [a.id, foreign.id], [a.id, a.id], [a.id, a.id, b.id], [], [a.id, 'x'], [b.id, -1], undefined]) {
      const result = await h.call('PUT', `/api/cottages/${id}/images_reorder`, { token, body: ids === undefined ? {} : { ids } });
      expect(result.status, JSON.stringify(ids)).toBe(400);
      expect(result.json.errors?.[0]?.field, JSON.stringify(ids)).toMatch(/^ids/);
    }
    expect(await snapshot(h, id)).toEqual(before);
    expect(await snapshot(h, other.id)).toEqual(otherBefore);
  });
});
