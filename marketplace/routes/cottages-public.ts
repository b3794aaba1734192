import 'server-only';
import { CITIES, REGIONS } from '@/lib/data/regions';
import { publicCottageQuery } from '@/lib/schemas/cottage';
import { cityList, cottageTagList, publicCottageDto, regionList } from '@/lib/schemas/cottage-dto';
import type { Api } from '../http/api';
import { listPublicTags } from '../services/cottage-ads';
import { publicAd } from '../services/cottages-public';
import { idOf } from './cottages';

/** What anyone may read about ads: the public ad page, its tags, the counties and places. */
export function publicCottageRoutes(api: Api) {
  // GET /api/regions — the 21 Swedish counties of the position step
  api.route({ method: 'get', path: '/api/regions', auth: 'none', tag: 'cottages', summary: 'Counties', response: regionList }, async () => [...REGIONS]);

  // GET /api/cities — the places of the location step
  api.route({ method: 'get', path: '/api/cities', auth: 'none', tag: 'cottages', summary: 'Places', response: cityList }, async () => CITIES);

  // GET /api/public/cottages/tags — tags of public ads
  api.route({ method: 'get', path: '/api/public/cottages/tags', auth: 'none', tag: 'public', summary: 'Tags in use', response: cottageTagList }, async ({ db }) => listPublicTags(db));

  // GET /api/public/cottages/:id — a public ad (reviewed, not hidden); its owner also sees an unfinished one
  api.route(
    { method: 'get', path: '/api/public/cottages/:id', auth: 'optional', tag: 'public', summary: 'A public ad', query: publicCottageQuery, response: publicCottageDto },
    async ({ db, user, params, query }) => publicAd(db, user, idOf(params), query.count !== '0'),
  );
}
