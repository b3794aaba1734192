import 'server-only';
import { openApiDocument } from '@/lib/schemas/user-dto';
import { Api } from './http/api';
import { authRoutes } from './routes/auth';
import { profileRoutes } from './routes/profile';
import { bookingRoutes } from './routes/bookings';
import { conversationRoutes } from './routes/conversations';
import { cottageImageRoutes } from './routes/cottage-images';
import { cottageRoutes } from './routes/cottages';
import { publicCottageRoutes } from './routes/cottages-public';
import { dac7Routes } from './routes/dac7';
import { mangoRoutes } from './routes/mango';
import { orderRoutes } from './routes/orders';
import { calendarFeedRoutes } from './routes/calendar-feeds';
import { stayRuleRoutes } from './routes/stay-rules';
import { reviewRoutes } from './routes/reviews';
import { sandboxRoutes } from './routes/sandbox';
import { sandboxStripeRoutes } from './routes/sandbox-stripe';
import { uploadRoutes } from './routes/uploads';
import { userMiscRoutes } from './routes/user-misc';

/** The embedded marketplace API (SPEC §7): a Hono app, served in-process or standalone. */
export function createMarketplace() {
  const api = new Api();
  authRoutes(api);
  profileRoutes(api);
  userMiscRoutes(api);
  uploadRoutes(api);
  publicCottageRoutes(api);
  cottageRoutes(api);
  cottageImageRoutes(api);
  conversationRoutes(api);
  bookingRoutes(api);
  mangoRoutes(api);
  dac7Routes(api);
  orderRoutes(api);
  calendarFeedRoutes(api);
  stayRuleRoutes(api);
  reviewRoutes(api);
  sandboxRoutes(api);
  sandboxStripeRoutes(api);
  // GET /api/openapi.json — generated from the same zod schemas the routes validate with and answer by
  api.route({ method: 'get', path: '/api/openapi.json', auth: 'none', tag: 'meta', summary: 'This API as an OpenAPI 3.1 document', response: openApiDocument }, async () => api.openapi());
  return api;
}

const holder = globalThis as unknown as { __stugaApi?: ReturnType<typeof createMarketplace> };
export function marketplace() {
  holder.__stugaApi ??= createMarketplace();
  return holder.__stugaApi;
}
