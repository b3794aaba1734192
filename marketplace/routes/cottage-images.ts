import 'server-only';
import { messageAnswer } from '@/lib/schemas/common';
import { imageCommentSchema, imageRegisterSchema, imagesReorderSchema, imageUploadSchema } from '@/lib/schemas/cottage';
import { cottageImageDto, cottageImageList, imageUploadTicketDto } from '@/lib/schemas/cottage-dto';
import type { Api } from '../http/api';
import { commentImage, deleteImage, listImages, registerImage, reorderImages } from '../services/cottage-images';
import { imageDto, ownedImage } from '../services/cottages';
import { issueUploadTicket } from '../services/image-files';
import { hit, limits, perKey, userKey } from '../services/rate-limit';
import { idOf, owned } from './cottages';

/** An ad's images (SPEC §5 "Images"); the bytes go to PUT /api/uploads/{token} (uploads.ts). */
export function cottageImageRoutes(api: Api) {
  // POST /api/cottages/:id/images/upload — signed upload info for one file (rate-limited per user; the file goes unless registered within 24 h)
  api.route(
    { method: 'post', path: '/api/cottages/:id/images/upload', auth: 'user', tag: 'images', summary: 'Signed upload for an image', body: imageUploadSchema, response: imageUploadTicketDto },
    async ({ db, user, params, body }) => {
      const row = await owned(db, user, params);
      await hit(db, perKey(limits.uploadTicket, userKey(user.id)));
      return issueUploadTicket(db, { userId: user.id, scope: `cottage:${row.id}`, fileName: body.fileName });
    },
  );

  // POST /api/cottages/:id/images — registers an uploaded file as the ad's last image
  api.route(
    { method: 'post', path: '/api/cottages/:id/images', auth: 'user', tag: 'images', summary: 'Add an uploaded image', body: imageRegisterSchema, response: cottageImageDto },
    async ({ db, user, params, body }) => registerImage(db, await owned(db, user, params), user.id, body.filename),
  );

  // GET /api/cottages/:id/images/ — the ad's images in their order
  for (const path of ['/api/cottages/:id/images', '/api/cottages/:id/images/']) {
    api.route({ method: 'get', path, auth: 'user', tag: 'images', summary: 'Images of an ad', response: cottageImageList }, async ({ db, user, params }) =>
      listImages(db, (await owned(db, user, params)).id),
    );
  }

  // GET /api/cottages/:id/images/:imageId
  api.route({ method: 'get', path: '/api/cottages/:id/images/:imageId', auth: 'user', tag: 'images', summary: 'An image', response: cottageImageDto }, async ({ db, user, params }) =>
    imageDto(await ownedImage(db, (await owned(db, user, params)).id, idOf(params, 'imageId'))),
  );

  // PUT /api/cottages/:id/images/:imageId — the image's comments in sv, en, de
  api.route(
    { method: 'put', path: '/api/cottages/:id/images/:imageId', auth: 'user', tag: 'images', summary: 'Comment an image', body: imageCommentSchema, response: cottageImageDto },
    async ({ db, user, params, body }) => commentImage(db, (await owned(db, user, params)).id, idOf(params, 'imageId'), body),
  );

  // DELETE /api/cottages/:id/images/:imageId
  api.route({ method: 'delete', path: '/api/cottages/:id/images/:imageId', auth: 'user', tag: 'images', summary: 'Delete an image', response: messageAnswer }, async ({ db, user, params }) => {
    await deleteImage(db, (await owned(db, user, params)).id, idOf(params, 'imageId'));
    return { message: 'success' };
  });

  // PUT /api/cottages/:id/images_reorder — the new order, as the ad's image ids
  api.route(
    { method: 'put', path: '/api/cottages/:id/images_reorder', auth: 'user', tag: 'images', summary: 'Reorder images', body: imagesReorderSchema, response: cottageImageList },
    async ({ db, user, params, body }) => reorderImages(db, (await owned(db, user, params)).id, body.ids),
  );
}
