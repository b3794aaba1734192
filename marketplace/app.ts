import 'server-only';
import { Api } from './http/api';
import { authRoutes } from './routes/auth';
import { profileRoutes } from './routes/profile';
import { bookingRoutes } from './routes/bookings';
import { conversationRoutes } from './routes/conversations';
import { cottageRoutes } from './routes/cottages';
import { uploadRoutes } from './routes/uploads';
import { userMiscRoutes } from './routes/user-misc';

/** The embedded marketplace API (SPEC §7): a Hono app, served in-process or standalone. */
export function createMarketplace() {
  const api = new Api();
  authRoutes(api);
  profileRoutes(api);
  userMiscRoutes(api);
  uploadRoutes(api);
  cottageRoutes(api);
  conversationRoutes(api);
  bookingRoutes(api);
  // GET /api/openapi.json — generated from the same zod schemas the routes validate with
  api.hono.get('/api/openapi.json', (c) => c.json(api.openapi()));
  return api;
}

const holder = globalThis as unknown as { __stugaApi?: ReturnType<typeof createMarketplace> };
export function marketplace() {
  holder.__stugaApi ??= createMarketplace();
  return holder.__stugaApi;
}
