import 'server-only';
import * as z from 'zod/mini';
import { fileAnswer, type Api } from '../http/api';
import { ApiError } from '../http/errors';
import { dac7Report, dac7Years } from '../services/dac7';

/** SPEC §7 DAC7: the years with a report, and one year's report as DPI XML (the caller's own data only). */
export function dac7Routes(api: Api) {
  api.route({ method: 'get', path: '/api/dac-seven/available-years', auth: 'user', tag: 'dac7', summary: 'Years with a DAC7 report', response: z.array(z.int()) }, async ({ db, user }) =>
    dac7Years(db, user),
  );
  api.route(
    { method: 'get', path: '/api/dac-seven/info/:year', auth: 'user', tag: 'dac7', summary: "A year's DAC7 report", response: fileAnswer('application/xml', 'The DPI XML report of the year') },
    async ({ db, user, params }) => {
      if (!/^\d{4}$/.test(params.year ?? '')) throw new ApiError(400, 'dac7.noData');
      const xml = await dac7Report(db, user, Number(params.year));
      return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
    },
  );
}
