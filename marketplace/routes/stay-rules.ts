import 'server-only';
import { eq } from 'drizzle-orm';
import { stayRulesBody, stayRulesDto } from '@/lib/schemas/stay-rules';
import type { Api } from '../http/api';
import { cottages } from '../db/schema';
import { loadAny } from '../services/cottages';
import { publicAd } from '../services/cottages-public';
import { idOf, owned } from './cottages';

/** Issue 18, stay rules of an ad: the host reads and saves them; anyone reads a public ad's. */
export function stayRuleRoutes(api: Api) {
  // GET /api/cottages/:id/stay-rules
  api.route({ method: 'get', path: '/api/cottages/:id/stay-rules', auth: 'user', tag: 'cottages', summary: 'Stay rules of an ad', response: stayRulesDto }, async ({ db, user, params }) => ({
    rules: (await owned(db, user, params)).stayRules,
  }));

  // PUT /api/cottages/:id/stay-rules — replaces them
  api.route(
    { method: 'put', path: '/api/cottages/:id/stay-rules', auth: 'user', tag: 'cottages', summary: 'Save the stay rules', body: stayRulesBody, response: stayRulesDto },
    async ({ db, user, params, body }) => {
      const row = await owned(db, user, params);
      await db.update(cottages).set({ stayRules: body.rules, updatedAt: new Date() }).where(eq(cottages.id, row.id));
      return { rules: body.rules };
    },
  );

  // GET /api/public/cottages/:id/stay-rules — shown on the public ad's calendar
  api.route(
    { method: 'get', path: '/api/public/cottages/:id/stay-rules', auth: 'optional', tag: 'public', summary: "A public ad's stay rules", response: stayRulesDto },
    async ({ db, user, params }) => {
      await publicAd(db, user, idOf(params), false);
      return { rules: (await loadAny(db, idOf(params))).stayRules };
    },
  );
}
