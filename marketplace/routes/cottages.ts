import 'server-only';
import * as z from 'zod/mini';
import { todayInStockholm } from '@/lib/rules/dates';
import { idParam, messageAnswer } from '@/lib/schemas/common';
import { calendarSchema, adTermsBody, commissionSchema, cottageUpdateBody, createCottageSchema, lastMinuteBody, tagSchema, verifyBody } from '@/lib/schemas/cottage';
import { bankIdStartDto, calendarDto, cottageDto as cottageSchema, cottageList, cottageTagDto, cottageTagList, lastMinuteList, visitStatsDto } from '@/lib/schemas/cottage-dto';
import { lastMinuteSchema } from '@/lib/schemas/last-minute';
import type { Db } from '../db/client';
import { validate, type Api } from '../http/api';
import type { SessionUser } from '../http/context';
import { notFound } from '../http/errors';
import { approveAd, chooseCommission, createAd, createAdTag, createLastMinute, deleteAd, listAdTags, sendForReview, setHidden } from '../services/cottage-ads';
import { deleteLastMinute, listLastMinutes, readCalendar, saveCalendar, visitStats } from '../services/cottage-calendar';
import { updateCottage } from '../services/cottage-update';
import { verifyAd } from '../services/cottage-verify';
import { cottageDto, listOwn, loadAny, loadOwned } from '../services/cottages';

export function idOf(params: Record<string, string>, name = 'id'): number {
  const parsed = z.safeParse(idParam, params[name]);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

/** The ad of the path if the caller owns it (404 when it does not exist, 400 'User does not own room' otherwise). */
export const owned = (db: Db, user: SessionUser, params: Record<string, string>) => loadOwned(db, user, idOf(params));

/** The host's own ads (SPEC §4, §5 "Ad"); administrators' review. Images: cottage-images.ts; the public page: cottages-public.ts. */
export function cottageRoutes(api: Api) {
  // GET /api/cottages — the signed-in host's ads
  api.route({ method: 'get', path: '/api/cottages', auth: 'user', tag: 'cottages', summary: 'My ads', response: cottageList }, async ({ db, user }) => listOwn(db, user));

  // POST /api/cottages — a new, empty ad (commission false for the fixed-price variant)
  api.route({ method: 'post', path: '/api/cottages', auth: 'user', tag: 'cottages', summary: 'Create an ad', body: createCottageSchema, response: cottageSchema }, async ({ db, user, body }) =>
    createAd(db, user, body.commission),
  );

  // GET /api/cottages/tags — every ad tag; POST /api/cottages/tags — a new one (SPEC §7's /api/tags are conversation tags)
  api.route({ method: 'get', path: '/api/cottages/tags', auth: 'user', tag: 'cottages', summary: 'Ad tags', response: cottageTagList }, async ({ db }) => listAdTags(db));
  api.route({ method: 'post', path: '/api/cottages/tags', auth: 'user', tag: 'cottages', summary: 'Create an ad tag', body: tagSchema, response: cottageTagDto }, async ({ db, user, body }) =>
    createAdTag(db, user, body.tag),
  );

  // GET /api/cottages/rentable — the host's ads that can take bookings (reviewed, visible, paid or commission)
  api.route({ method: 'get', path: '/api/cottages/rentable', auth: 'user', tag: 'cottages', summary: 'Rentable ads', response: cottageList }, async ({ db, user }) =>
    (await listOwn(db, user)).filter((c) => c.status === 'ACTIVE'),
  );

  // GET /api/cottages/:id — one of the host's ads
  api.route({ method: 'get', path: '/api/cottages/:id', auth: 'user', tag: 'cottages', summary: 'An ad', response: cottageSchema }, async ({ db, user, params }) =>
    cottageDto(db, await owned(db, user, params)),
  );

  // PUT /api/cottages/:id — saves one or more editor dialogs (and the commission choice)
  api.route(
    { method: 'put', path: '/api/cottages/:id', auth: 'user', tag: 'cottages', summary: 'Update an ad', body: cottageUpdateBody, response: cottageSchema },
    async ({ db, user, params, body }) => {
      const row = await owned(db, user, params);
      await updateCottage(db, row, await cottageDto(db, row), body);
      return cottageDto(db, await loadAny(db, row.id));
    },
  );

  // DELETE /api/cottages/:id — only unreviewed or hidden ads
  api.route({ method: 'delete', path: '/api/cottages/:id', auth: 'user', tag: 'cottages', summary: 'Delete an ad', response: messageAnswer }, async ({ db, user, params }) => {
    await deleteAd(db, await owned(db, user, params));
    return { message: 'success' };
  });

  // POST /api/cottages/:id/commission — the payment model, once: commission (sends for review) or fixed price
  api.route(
    {
      method: 'post',
      path: '/api/cottages/:id/commission',
      auth: 'user',
      tag: 'cottages',
      summary: "Choose commission (with the terms dialog's three boxes)",
      body: commissionSchema,
      response: cottageSchema,
    },
    async ({ db, user, params, body }) => {
      return chooseCommission(db, await owned(db, user, params), body.commission);
    },
  );

  // POST /api/cottages/:id/send-for-review — a complete, verified commission ad goes to review
  api.route(
    {
      method: 'post',
      path: '/api/cottages/:id/send-for-review',
      auth: 'user',
      tag: 'cottages',
      summary: "Send for review (the terms dialog's three boxes ticked)",
      body: adTermsBody,
      response: cottageSchema,
    },
    async ({ db, user, params }) => sendForReview(db, await owned(db, user, params)),
  );

  // POST /api/cottages/:id/hide and /activate — a reviewed ad leaves or returns to the site
  for (const action of ['hide', 'activate'] as const) {
    api.route(
      { method: 'post', path: `/api/cottages/:id/${action}`, auth: 'user', tag: 'cottages', summary: action === 'hide' ? 'Hide an ad' : 'Show a hidden ad', response: cottageSchema },
      async ({ db, user, params }) => setHidden(db, await owned(db, user, params), action === 'hide'),
    );
  }

  // POST /api/cottages/:id/approve — an administrator approves an ad sent for review: it becomes public
  api.route({ method: 'post', path: '/api/cottages/:id/approve', auth: 'admin', tag: 'cottages', summary: 'Approve an ad (admin)', response: messageAnswer }, async ({ db, params }) => {
    await approveAd(db, idOf(params));
    return { message: 'success' };
  });

  // GET /api/admin/cottages/:id — what an administrator reviews
  api.route({ method: 'get', path: '/api/admin/cottages/:id', auth: 'admin', tag: 'cottages', summary: 'An ad, for review (admin)', response: cottageSchema }, async ({ db, params }) =>
    cottageDto(db, await loadAny(db, idOf(params))),
  );

  // POST /api/cottages/:id/verify — BankID identification: without a session it starts one (rate-limited per user), with one it completes
  api.route(
    { method: 'post', path: '/api/cottages/:id/verify', auth: 'user', tag: 'cottages', summary: 'Verify identity with BankID', body: verifyBody, response: z.union([bankIdStartDto, cottageSchema]) },
    async ({ db, user, params, body, address }) => verifyAd(db, user, await owned(db, user, params), body.session, address),
  );

  // GET /api/cottages/:id/stats — visits of the public page, last 60 days
  api.route({ method: 'get', path: '/api/cottages/:id/stats', auth: 'user', tag: 'cottages', summary: 'Visit statistics', response: visitStatsDto }, async ({ db, user, params }) =>
    visitStats(db, (await owned(db, user, params)).id),
  );

  // GET /api/cottages/:id/calendar
  api.route({ method: 'get', path: '/api/cottages/:id/calendar', auth: 'user', tag: 'cottages', summary: 'Calendar', response: calendarDto }, async ({ db, user, params }) =>
    readCalendar(db, (await owned(db, user, params)).id),
  );

  // PUT /api/cottages/:id/calendar — replaces the ranges from this month to 5 years ahead
  api.route(
    { method: 'put', path: '/api/cottages/:id/calendar', auth: 'user', tag: 'cottages', summary: 'Save the calendar', body: calendarSchema, response: calendarDto },
    async ({ db, user, params, body }) => saveCalendar(db, await owned(db, user, params), body.ranges),
  );

  // GET /api/cottages/:id/lastminutes
  api.route({ method: 'get', path: '/api/cottages/:id/lastminutes', auth: 'user', tag: 'cottages', summary: 'Last-minute deals', response: lastMinuteList }, async ({ db, user, params }) =>
    listLastMinutes(db, (await owned(db, user, params)).id),
  );

  // POST /api/cottages/:id/lastminutes — a deal within the next two months (checked after ownership, against today)
  api.route(
    { method: 'post', path: '/api/cottages/:id/lastminutes', auth: 'user', tag: 'cottages', summary: 'Create a last-minute deal', body: lastMinuteBody, response: lastMinuteList },
    async ({ db, user, params, body }) => {
      const row = await owned(db, user, params);
      await createLastMinute(db, row.id, validate(lastMinuteSchema(todayInStockholm()), body));
      return listLastMinutes(db, row.id);
    },
  );

  // DELETE /api/cottages/:id/lastminutes/:lid
  api.route(
    { method: 'delete', path: '/api/cottages/:id/lastminutes/:lid', auth: 'user', tag: 'cottages', summary: 'Delete a last-minute deal', response: lastMinuteList },
    async ({ db, user, params }) => {
      const row = await owned(db, user, params);
      await deleteLastMinute(db, row.id, idOf(params, 'lid'));
      return listLastMinutes(db, row.id);
    },
  );
}
