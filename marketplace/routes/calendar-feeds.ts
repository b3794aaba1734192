import 'server-only';
import { exportUrlDto, feedBody, feedsDto } from '@/lib/schemas/calendar-feeds';
import { fileAnswer, type Api } from '../http/api';
import { notFound } from '../http/errors';
import { addFeed, exportCalendar, feedOf, feedsOf, removeFeed, revokeExport, syncFeed } from '../services/calendar-feeds';
import { idOf, owned } from './cottages';

/** Issue 18, calendar sync: an ad's exported iCalendar feed and the feeds of other sites it imports. */
export function calendarFeedRoutes(api: Api) {
  // GET /api/cottages/:id/feeds — the export URL, the imported feeds with their health, the imported periods
  api.route({ method: 'get', path: '/api/cottages/:id/feeds', auth: 'user', tag: 'calendar', summary: 'Calendar sync of an ad', response: feedsDto }, async ({ db, user, params }) =>
    feedsOf(db, await owned(db, user, params)),
  );

  // POST /api/cottages/:id/feeds — import another site's calendar (fetched at once)
  api.route(
    { method: 'post', path: '/api/cottages/:id/feeds', auth: 'user', tag: 'calendar', summary: 'Import a calendar feed', body: feedBody, response: feedsDto },
    async ({ db, user, params, body }) => addFeed(db, await owned(db, user, params), body),
  );

  // POST /api/cottages/:id/feeds/:fid/sync — fetch a feed now
  api.route({ method: 'post', path: '/api/cottages/:id/feeds/:fid/sync', auth: 'user', tag: 'calendar', summary: 'Fetch a calendar feed now', response: feedsDto }, async ({ db, user, params }) => {
    const row = await owned(db, user, params);
    await syncFeed(db, (await feedOf(db, row, idOf(params, 'fid'))).id);
    return feedsOf(db, row);
  });

  // DELETE /api/cottages/:id/feeds/:fid — stop importing (its nights are freed)
  api.route({ method: 'delete', path: '/api/cottages/:id/feeds/:fid', auth: 'user', tag: 'calendar', summary: 'Remove a calendar feed', response: feedsDto }, async ({ db, user, params }) =>
    removeFeed(db, await owned(db, user, params), idOf(params, 'fid')),
  );

  // POST /api/cottages/:id/ical/revoke — a new export URL; the old one stops working
  api.route({ method: 'post', path: '/api/cottages/:id/ical/revoke', auth: 'user', tag: 'calendar', summary: 'Revoke the export URL', response: exportUrlDto }, async ({ db, user, params }) => ({
    export_url: await revokeExport(db, (await owned(db, user, params)).id),
  }));

  // GET /api/ical/:cottageId/:file — the exported feed ('{token}.ics'), with ETag and 304
  api.route(
    {
      method: 'get',
      path: '/api/ical/:cottageId/:file',
      auth: 'none',
      tag: 'calendar',
      summary: "An ad's exported iCalendar feed",
      response: fileAnswer('text/calendar', 'RFC 5545 all-day events: Booked, Blocked'),
    },
    async ({ db, params, c }) => {
      const match = /^([A-Za-z0-9_-]{32})\.ics$/.exec(params.file ?? '');
      if (!match) throw notFound();
      const { body, etag } = await exportCalendar(db, idOf(params, 'cottageId'), match[1]!);
      const headers = { etag, 'cache-control': 'private, no-cache' };
      if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
      return new Response(body, { headers: { ...headers, 'content-type': 'text/calendar; charset=utf-8', 'content-disposition': 'inline; filename="calendar.ics"' } });
    },
  );
}
