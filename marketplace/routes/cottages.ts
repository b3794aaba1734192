import 'server-only';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { CITIES, REGIONS } from '@/lib/data/regions';
import { isPublic } from '@/lib/rules/ad';
import { todayInStockholm } from '@/lib/rules/dates';
import { idParam } from '@/lib/schemas/common';
import {
  calendarSchema,
  commissionSchema,
  createCottageSchema,
  imageCommentSchema,
  imageRegisterSchema,
  imagesReorderSchema,
  imageUploadSchema,
  tagSchema,
} from '@/lib/schemas/cottage';
import { lastMinuteSchema } from '@/lib/schemas/last-minute';
import { isProfileComplete } from '@/lib/rules/profile';
import type { Db } from '../db/client';
import { cottageImages, cottages, cottageTags, lastMinutes, tags, todos } from '../db/schema';
import { validate, type Api } from '../http/api';
import type { SessionUser } from '../http/context';
import { ApiError, notFound } from '../http/errors';
import { bankIdMismatches, luhnDigit } from '@/lib/rules/bankid';
import { bankId } from '../providers/bankid';
import { deleteImageFiles, issueUploadTicket, storedImageInfo, uploadIssuedTo } from '../services/image-files';
import { hit, limits, perKey, userKey } from '../services/rate-limit';
import { assertAdmin, countVisit, deleteLastMinute, listLastMinutes, readCalendar, saveCalendar, visitStats } from '../services/cottage-calendar';
import { updateCottage } from '../services/cottage-update';
import { cottageDto, imageDto, listOwn, loadAny, loadOwned, nextImageWeight, ownedImage, touch } from '../services/cottages';
import { getUser, userDto } from '../services/users';

const looseObject = z.record(z.string(), z.unknown());

function idOf(params: Record<string, string>, name = 'id'): number {
  const parsed = z.safeParse(idParam, params[name]);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

const owned = (db: Db, user: SessionUser, params: Record<string, string>) => loadOwned(db, user, idOf(params));

export function cottageRoutes(api: Api) {
  // GET /api/regions — the 21 Swedish counties of the position step
  api.route({ method: 'get', path: '/api/regions', auth: 'none', tag: 'cottages', summary: 'Counties' }, async () => REGIONS);

  // GET /api/cities — the places of the location step
  api.route({ method: 'get', path: '/api/cities', auth: 'none', tag: 'cottages', summary: 'Places' }, async () => CITIES);

  // GET /api/cottages — the signed-in host's ads
  api.route({ method: 'get', path: '/api/cottages', auth: 'user', tag: 'cottages', summary: 'My ads' }, async ({ db, user }) => listOwn(db, user));

  // POST /api/cottages — a new, empty ad (commission false for the fixed-price variant)
  api.route({ method: 'post', path: '/api/cottages', auth: 'user', tag: 'cottages', summary: 'Create an ad', body: createCottageSchema }, async ({ db, user, body }) => {
    const profile = userDto(await getUser(db, user.id));
    if (!isProfileComplete(profile)) throw new ApiError(400, 'cottage.profileIncomplete');
    const [row] = await db.insert(cottages).values({ userId: user.id, commission: body.commission }).returning();
    return cottageDto(db, row!);
  });

  // GET /api/cottages/tags — every ad tag; POST /api/cottages/tags — a new one (SPEC §7's /api/tags are conversation tags)
  api.route({ method: 'get', path: '/api/cottages/tags', auth: 'user', tag: 'cottages', summary: 'Ad tags' }, async ({ db }) => db.select({ id: tags.id, tag: tags.tag }).from(tags).orderBy(asc(tags.tag)).limit(1000));
  api.route({ method: 'post', path: '/api/cottages/tags', auth: 'user', tag: 'cottages', summary: 'Create an ad tag', body: tagSchema }, async ({ db, user, body }) => {
    const tag = body.tag.toLowerCase();
    await db.insert(tags).values({ tag, createdBy: user.id }).onConflictDoNothing();
    const [row] = await db.select({ id: tags.id, tag: tags.tag }).from(tags).where(eq(tags.tag, tag)).limit(1);
    return row!;
  });

  // GET /api/cottages/rentable — the host's ads that can take bookings (reviewed, visible, paid or commission)
  api.route({ method: 'get', path: '/api/cottages/rentable', auth: 'user', tag: 'cottages', summary: 'Rentable ads' }, async ({ db, user }) =>
    (await listOwn(db, user)).filter((c) => c.status === 'ACTIVE'),
  );

  // GET /api/cottages/:id — one of the host's ads
  api.route({ method: 'get', path: '/api/cottages/:id', auth: 'user', tag: 'cottages', summary: 'An ad' }, async ({ db, user, params }) => cottageDto(db, await owned(db, user, params)));

  // PUT /api/cottages/:id — saves one or more editor dialogs (and the commission choice)
  api.route({ method: 'put', path: '/api/cottages/:id', auth: 'user', tag: 'cottages', summary: 'Update an ad', body: looseObject }, async ({ db, user, params, body }) => {
    const row = await owned(db, user, params);
    await updateCottage(db, row, await cottageDto(db, row), body);
    return cottageDto(db, await loadAny(db, row.id));
  });

  // DELETE /api/cottages/:id — only unreviewed or hidden ads
  api.route({ method: 'delete', path: '/api/cottages/:id', auth: 'user', tag: 'cottages', summary: 'Delete an ad' }, async ({ db, user, params }) => {
    const row = await owned(db, user, params);
    const dto = await cottageDto(db, row);
    if (!dto.can_delete) throw new ApiError(400, 'cottage.cannotDelete');
    await db.transaction(async (tx) => {
      await tx.delete(cottages).where(eq(cottages.id, row.id));
      // Reminders about the ad go with it.
      await tx.delete(todos).where(and(eq(todos.type, 'OUTDATED_COTTAGE'), eq(todos.refId, row.id)));
    });
    await Promise.all(dto.images.map((i) => deleteImageFiles(i.filename)));
    return { message: 'success' };
  });

  // POST /api/cottages/:id/commission — the payment model, once: commission (sends for review) or fixed price
  api.route({ method: 'post', path: '/api/cottages/:id/commission', auth: 'user', tag: 'cottages', summary: 'Choose commission', body: commissionSchema }, async ({ db, user, params, body }) => {
    const row = await owned(db, user, params);
    await updateCottage(db, row, await cottageDto(db, row), { commission: body.commission });
    return cottageDto(db, await loadAny(db, row.id));
  });

  // POST /api/cottages/:id/send-for-review — a complete, verified commission ad goes to review
  api.route({ method: 'post', path: '/api/cottages/:id/send-for-review', auth: 'user', tag: 'cottages', summary: 'Send for review' }, async ({ db, user, params }) => {
    const row = await owned(db, user, params);
    const dto = await cottageDto(db, row);
    if (!dto.complete || dto.commission !== true) throw new ApiError(400, 'cottage.notComplete');
    if (!row.askedForReviewAt) await touch(db, row.id, { askedForReviewAt: new Date() });
    return cottageDto(db, await loadAny(db, row.id));
  });

  // POST /api/cottages/:id/hide and /activate — a reviewed ad leaves or returns to the site
  for (const action of ['hide', 'activate'] as const) {
    api.route({ method: 'post', path: `/api/cottages/:id/${action}`, auth: 'user', tag: 'cottages', summary: action === 'hide' ? 'Hide an ad' : 'Show a hidden ad' }, async ({ db, user, params }) => {
      const row = await owned(db, user, params);
      if (!row.reviewedAt) throw new ApiError(400, 'cottage.notReviewed');
      await touch(db, row.id, { hiddenAt: action === 'hide' ? new Date() : null });
      return cottageDto(db, await loadAny(db, row.id));
    });
  }

  // POST /api/cottages/:id/approve — an administrator approves an ad sent for review: it becomes public
  api.route({ method: 'post', path: '/api/cottages/:id/approve', auth: 'user', tag: 'cottages', summary: 'Approve an ad (admin)' }, async ({ db, user, params }) => {
    assertAdmin(user);
    const row = await loadAny(db, idOf(params));
    if (!row.askedForReviewAt) throw new ApiError(400, 'cottage.notSentForReview');
    if (!(await cottageDto(db, row)).complete) throw new ApiError(400, 'cottage.notComplete');
    if (!row.reviewedAt) await touch(db, row.id, { reviewedAt: new Date() });
    return { message: 'success' };
  });

  // GET /api/admin/cottages/:id — what an administrator reviews
  api.route({ method: 'get', path: '/api/admin/cottages/:id', auth: 'user', tag: 'cottages', summary: 'An ad, for review (admin)' }, async ({ db, user, params }) => {
    assertAdmin(user);
    return cottageDto(db, await loadAny(db, idOf(params)));
  });

  // POST /api/cottages/:id/verify — BankID identification: without a session it starts one (rate-limited per user), with one it completes
  api.route(
    { method: 'post', path: '/api/cottages/:id/verify', auth: 'user', tag: 'cottages', summary: 'Verify identity with BankID', body: z.object({ session: z.optional(z.string().check(z.maxLength(200))) }) },
    async ({ db, user, params, body, address }) => {
      const row = await owned(db, user, params);
      if (row.verifiedBy === 'BANKID' || row.verifiedBy === 'BOTH') throw new ApiError(400, 'cottage.alreadyVerified');
      if (!body.session) {
        await hit(db, perKey(limits.bankIdSession, userKey(user.id)));
        const { url } = await bankId.start(db, { userId: user.id, cottageId: row.id, returnUrl: `/dashboard/cottages/${row.id}/verify`, endUserIp: address });
        return { url };
      }
      const result = await bankId.consume(db, body.session, { userId: user.id, cottageId: row.id });
      if (!result) throw new ApiError(400, 'cottage.bankidError');
      const profile = await getUser(db, user.id);
      const mismatches = bankIdMismatches(profile, result);
      if (mismatches.length) throw new ApiError(400, 'cottage.bankidMismatch', mismatches.map((field) => ({ field, message: `cottage.bankidMismatch_${field}` })));
      await touch(db, row.id, { verifiedAt: new Date(), verifiedBy: 'BANKID' });
      return cottageDto(db, await loadAny(db, row.id));
    },
  );

  // GET /api/cottages/:id/stats — visits of the public page, last 60 days
  api.route({ method: 'get', path: '/api/cottages/:id/stats', auth: 'user', tag: 'cottages', summary: 'Visit statistics' }, async ({ db, user, params }) => visitStats(db, (await owned(db, user, params)).id));

  // GET /api/cottages/:id/calendar
  api.route({ method: 'get', path: '/api/cottages/:id/calendar', auth: 'user', tag: 'cottages', summary: 'Calendar' }, async ({ db, user, params }) => readCalendar(db, (await owned(db, user, params)).id));

  // PUT /api/cottages/:id/calendar — replaces the ranges from this month to 5 years ahead
  api.route({ method: 'put', path: '/api/cottages/:id/calendar', auth: 'user', tag: 'cottages', summary: 'Save the calendar', body: calendarSchema }, async ({ db, user, params, body }) =>
    saveCalendar(db, await owned(db, user, params), body.ranges),
  );

  // GET /api/cottages/:id/lastminutes
  api.route({ method: 'get', path: '/api/cottages/:id/lastminutes', auth: 'user', tag: 'cottages', summary: 'Last-minute deals' }, async ({ db, user, params }) => listLastMinutes(db, (await owned(db, user, params)).id));

  // POST /api/cottages/:id/lastminutes — a deal within the next two months
  api.route({ method: 'post', path: '/api/cottages/:id/lastminutes', auth: 'user', tag: 'cottages', summary: 'Create a last-minute deal', body: looseObject }, async ({ db, user, params, body }) => {
    const row = await owned(db, user, params);
    const v = validate(lastMinuteSchema(todayInStockholm()), body);
    await db.insert(lastMinutes).values({ cottageId: row.id, fromDate: v.from_date, toDate: v.to_date, price: v.price, titleSv: v.title_sv || null, titleEn: v.title_en || null, titleDe: v.title_de || null });
    return listLastMinutes(db, row.id);
  });

  // DELETE /api/cottages/:id/lastminutes/:lid
  api.route({ method: 'delete', path: '/api/cottages/:id/lastminutes/:lid', auth: 'user', tag: 'cottages', summary: 'Delete a last-minute deal' }, async ({ db, user, params }) => {
    const row = await owned(db, user, params);
    await deleteLastMinute(db, row.id, idOf(params, 'lid'));
    return listLastMinutes(db, row.id);
  });

  // POST /api/cottages/:id/images/upload — signed upload info for one file (rate-limited per user; the file goes unless registered within 24 h)
  api.route({ method: 'post', path: '/api/cottages/:id/images/upload', auth: 'user', tag: 'images', summary: 'Signed upload for an image', body: imageUploadSchema }, async ({ db, user, params, body }) => {
    const row = await owned(db, user, params);
    await hit(db, perKey(limits.uploadTicket, userKey(user.id)));
    return issueUploadTicket(db, { userId: user.id, scope: `cottage:${row.id}`, fileName: body.fileName });
  });

  // POST /api/cottages/:id/images — registers an uploaded file as the ad's last image
  api.route({ method: 'post', path: '/api/cottages/:id/images', auth: 'user', tag: 'images', summary: 'Add an uploaded image', body: imageRegisterSchema }, async ({ db, user, params, body }) => {
    const row = await owned(db, user, params);
    // Only a file uploaded with a ticket issued to this user for this ad can join it.
    if (!uploadIssuedTo(body.filename, { userId: user.id, scope: `cottage:${row.id}` })) throw new ApiError(400, 'images.invalidFile', [], { filenames: body.filename });
    const info = await storedImageInfo(db, body.filename);
    if (!info) throw new ApiError(400, 'images.invalidFile', [], { filenames: body.filename });
    const [image] = await db
      .insert(cottageImages)
      .values({ cottageId: row.id, filename: body.filename, width: info.width, height: info.height, weight: await nextImageWeight(db, row.id) })
      .onConflictDoNothing()
      .returning();
    if (!image) throw new ApiError(400, 'images.invalidFile', [], { filenames: body.filename });
    await touch(db, row.id);
    return imageDto(image);
  });

  // GET /api/cottages/:id/images/ — the ad's images in their order
  for (const path of ['/api/cottages/:id/images', '/api/cottages/:id/images/']) {
    api.route({ method: 'get', path, auth: 'user', tag: 'images', summary: 'Images of an ad' }, async ({ db, user, params }) => {
      const row = await owned(db, user, params);
      const rows = await db.select().from(cottageImages).where(eq(cottageImages.cottageId, row.id)).orderBy(asc(cottageImages.weight), asc(cottageImages.id));
      return rows.map(imageDto);
    });
  }

  // GET /api/cottages/:id/images/:imageId
  api.route({ method: 'get', path: '/api/cottages/:id/images/:imageId', auth: 'user', tag: 'images', summary: 'An image' }, async ({ db, user, params }) =>
    imageDto(await ownedImage(db, (await owned(db, user, params)).id, idOf(params, 'imageId'))),
  );

  // PUT /api/cottages/:id/images/:imageId — the image's comments in sv, en, de
  api.route({ method: 'put', path: '/api/cottages/:id/images/:imageId', auth: 'user', tag: 'images', summary: 'Comment an image', body: imageCommentSchema }, async ({ db, user, params, body }) => {
    const row = await owned(db, user, params);
    const image = await ownedImage(db, row.id, idOf(params, 'imageId'));
    const [updated] = await db
      .update(cottageImages)
      .set({ commentSv: body.comment_sv || null, commentEn: body.comment_en || null, commentDe: body.comment_de || null })
      .where(eq(cottageImages.id, image.id))
      .returning();
    return imageDto(updated!);
  });

  // DELETE /api/cottages/:id/images/:imageId
  api.route({ method: 'delete', path: '/api/cottages/:id/images/:imageId', auth: 'user', tag: 'images', summary: 'Delete an image' }, async ({ db, user, params }) => {
    const row = await owned(db, user, params);
    const image = await ownedImage(db, row.id, idOf(params, 'imageId'));
    await db.delete(cottageImages).where(eq(cottageImages.id, image.id));
    await deleteImageFiles(image.filename);
    await touch(db, row.id);
    return { message: 'success' };
  });

  // PUT /api/cottages/:id/images_reorder — the new order, as the ad's image ids
  api.route({ method: 'put', path: '/api/cottages/:id/images_reorder', auth: 'user', tag: 'images', summary: 'Reorder images', body: imagesReorderSchema }, async ({ db, user, params, body }) => {
    const row = await owned(db, user, params);
    const existing = await db.select({ id: cottageImages.id }).from(cottageImages).where(eq(cottageImages.cottageId, row.id));
    const ids = new Set(existing.map((i) => i.id));
    if (body.ids.length !== ids.size || !body.ids.every((id) => ids.has(id)) || new Set(body.ids).size !== body.ids.length) {
      throw new ApiError(400, 'errors.form', [{ field: 'ids', message: 'errors.form' }]);
    }
    await db.transaction(async (tx) => {
      // One reorder of an ad at a time (the ad's row lock, as calendar saves take it): two orders at once
      // would otherwise lock the image rows in opposite order and deadlock.
      await tx.execute(sql`select id from ${cottages} where id = ${row.id} for update`);
      for (const [weight, id] of body.ids.entries()) await tx.update(cottageImages).set({ weight }).where(eq(cottageImages.id, id));
    });
    const rows = await db.select().from(cottageImages).where(eq(cottageImages.cottageId, row.id)).orderBy(asc(cottageImages.weight));
    return rows.map(imageDto);
  });

  // GET /api/public/cottages/tags — tags of public ads
  api.route({ method: 'get', path: '/api/public/cottages/tags', auth: 'none', tag: 'public', summary: 'Tags in use' }, async ({ db }) => {
    const rows = await db
      .selectDistinct({ id: tags.id, tag: tags.tag })
      .from(tags)
      .innerJoin(cottageTags, eq(cottageTags.tagId, tags.id))
      .innerJoin(cottages, eq(cottages.id, cottageTags.cottageId))
      .where(and(isNotNull(cottages.reviewedAt), isNull(cottages.hiddenAt)))
      .orderBy(asc(tags.tag))
      .limit(500);
    return rows;
  });

  // GET /api/public/cottages/:id — a public ad (reviewed, not hidden); its owner also sees an unfinished one
  api.route({ method: 'get', path: '/api/public/cottages/:id', auth: 'optional', tag: 'public', summary: 'A public ad', query: z.object({ count: z.optional(z.enum(['0', '1'])) }) }, async ({ db, user, params, query }) => {
    const row = await loadAny(db, idOf(params));
    const owner = user?.id === row.userId;
    if (!isPublic({ reviewed_at: row.reviewedAt?.toISOString() ?? null, hidden_at: row.hiddenAt?.toISOString() ?? null }) && !owner && !user?.admin) throw notFound();
    // Visitors count; the owner's and administrators' previews do not.
    if (!owner && !user?.admin && query.count !== '0') await countVisit(db, row.id);
    const dto = await cottageDto(db, row);
    const host = await getUser(db, row.userId);
    return publicView(dto, host.firstName, owner, owner || Boolean(user?.admin));
  });

  // Sandbox BankID: the local page reads the session and posts the tester's choice
  api.route({ method: 'get', path: '/api/sandbox/bankid/:token', auth: 'user', tag: 'sandbox', summary: 'Sandbox BankID session' }, async ({ db, user, params }) => {
    const session = await bankId.sandboxSession(db, params.token ?? '');
    if (!session || session.userId !== user.id) throw notFound();
    const profile = await getUser(db, user.id);
    return { status: session.status, identities: sandboxIdentities(profile) };
  });
  api.route(
    {
      method: 'post',
      path: '/api/sandbox/bankid/:token',
      auth: 'user',
      tag: 'sandbox',
      summary: 'Answer a sandbox BankID session',
      body: z.object({ personal_number: z.optional(z.string().check(z.regex(/^\d{12}$/))), fail: z.optional(z.boolean()), outcome: z.optional(z.enum(['userCancel', 'expiredTransaction', 'startFailed'])) }),
    },
    async ({ db, user, params, body }) => {
      const session = await bankId.sandboxSession(db, params.token ?? '');
      if (!session || session.userId !== user.id) throw notFound();
      const identity = sandboxIdentities(await getUser(db, user.id)).find((i) => i.personal_number === body.personal_number);
      if (!body.fail && !body.outcome && !identity) throw new ApiError(400, 'errors.form', [{ field: 'personal_number', message: 'errors.form' }]);
      const outcome = body.outcome ?? (body.fail || !identity ? 'startFailed' : null);
      const ok = await bankId.sandboxAnswer(
        db,
        params.token ?? '',
        outcome || !identity ? { fail: outcome ?? 'startFailed' } : { identify: { personalNumber: identity.personal_number, givenName: identity.given_name, surname: identity.surname } },
      );
      if (!ok) throw new ApiError(400, 'cottage.bankidError');
      return { message: 'success' };
    },
  );
}

type Profile = Awaited<ReturnType<typeof getUser>>;

/** The identities the sandbox BankID offers: the user's own (matching the profile), and a stranger's (to see a mismatch). */
function sandboxIdentities(profile: Profile) {
  const birth = (profile.birthday ?? '1980-01-01').replace(/-/g, '');
  const serial = String(100 + (profile.id % 900));
  const ownNumber = `${birth}${serial}${luhnDigit(birth.slice(2) + serial)}`;
  const own = { personal_number: ownNumber, given_name: profile.firstName ?? 'Test', surname: profile.lastName ?? 'Person' };
  const stranger = { personal_number: '198112289874', given_name: 'Sven', surname: 'Svensson' };
  return [own, stranger].map((i) => ({ ...i, name: `${i.given_name} ${i.surname}` }));
}

/** What the public ad page shows: no owner-only data (address, designation, exact position when hidden). */
function publicView(dto: Awaited<ReturnType<typeof cottageDto>>, hostFirstName: string | null, preview: boolean, privileged: boolean) {
  return {
    id: dto.id,
    preview,
    ...(privileged ? { review: { asked_for_review_at: dto.asked_for_review_at, reviewed_at: dto.reviewed_at } } : {}),
    public: dto.reviewed_at !== null && dto.hidden_at === null,
    title_sv: dto.title_sv,
    title_en: dto.title_en,
    title_de: dto.title_de,
    description_sv: dto.description_sv,
    description_en: dto.description_en,
    description_de: dto.description_de,
    area: dto.area,
    beds: dto.beds,
    extra_beds: dto.extra_beds,
    property_designation_type: dto.property_designation_type,
    rent_out_type: dto.rent_out_type,
    region_id: dto.region_id,
    lat: dto.hide_location ? null : dto.lat,
    lng: dto.hide_location ? null : dto.lng,
    cities: dto.cities,
    tags: dto.tags,
    amenities: dto.amenities,
    price_low_day: dto.price_low_day,
    price_low_week: dto.price_low_week,
    price_high_day: dto.price_high_day,
    price_high_week: dto.price_high_week,
    price_per_month: dto.price_per_month,
    pricefield_sv: dto.pricefield_sv,
    pricefield_en: dto.pricefield_en,
    pricefield_de: dto.pricefield_de,
    calendar: dto.calendar,
    images: dto.images,
    host_first_name: hostFirstName,
  };
}
