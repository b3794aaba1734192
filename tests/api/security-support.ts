// Shared by the generated security suites (authz-matrix.test.ts, fuzz.test.ts): the route table as the
// app records it, a host/guest world with one of every resource, and a request helper that also sends
// raw bytes and bodies that are not JSON.
import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import { expect } from 'vitest';
import { inDays, offerBody } from './bookings-support';
import { addImage, createCottage, daysFromToday, fillAd, host, picture, setCottage, startBankId, uploadFile } from './cottages-support';
import type { Harness } from './harness';
import type { Booking } from '@/lib/schemas/booking-dto';

// The sandboxes (payments, BankID, outbox) exist only with STUGA_SANDBOX=1; the marketplace's config
// reads it when startApi() imports the app, so setting it here (module load) is early enough.
process.env.STUGA_SANDBOX = '1';
// Address-keyed rate limits: these suites send many failed sign-ins and resets. One trusted proxy hop
// lets each run (and each fuzz request) come from an address of its own, so that the counters of
// other test files sharing a PostgreSQL database (all 127.0.0.1 otherwise) are never touched.
process.env.TRUST_PROXY_HOPS = '1';
const octet = () => 1 + Math.floor(Math.random() * 254);
/** This run's client address (X-Forwarded-For with one trusted hop). */
export const RUN_ADDRESS = `10.${octet()}.${octet()}.${octet()}`;
/** A fresh client address. */
export const randomAddress = () => `10.${octet()}.${octet()}.${octet()}`;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteAuth = 'user' | 'public';

/** One route of the app's route table, from the OpenAPI document it builds from `Api.route`. */
export type Route = {
  key: string;
  method: Method;
  /** Hono form: `/api/cottages/:id`. */
  path: string;
  tag: string;
  /** 'user' when the document says it needs a session; 'public' for auth 'none' and 'optional'. */
  auth: RouteAuth;
  params: string[];
  /** The request body's JSON Schema, if the route takes a JSON body. */
  body: JsonSchema | null;
};

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: JsonSchema | boolean;
  default?: unknown;
  [key: string]: unknown;
};

type OpenApiOperation = { tags: string[]; security: unknown[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } };

/** Every route the app records (Api.route and api.docs.add), read from its OpenAPI document. */
export function routeTable(h: Harness): Route[] {
  const doc = h.api.openapi() as unknown as { paths: Record<string, Record<string, OpenApiOperation>> };
  const routes: Route[] = [];
  for (const [openapiPath, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const path = openapiPath.replace(/\{(\w+)\}/g, ':$1');
      const upper = method.toUpperCase() as Method;
      routes.push({
        key: `${upper} ${path}`,
        method: upper,
        path,
        tag: op.tags[0] ?? '',
        auth: op.security.length ? 'user' : 'public',
        params: [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!),
        body: op.requestBody?.content['application/json']?.schema ?? null,
      });
    }
  }
  return routes;
}

/** `/api/cottages/:id` with its params filled. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`no value for :${name} in ${path}`);
    return encodeURIComponent(String(params[name]));
  });
}

export type Answer = { status: number; json: Record<string, unknown> & { message?: unknown; code?: unknown }; text: string; contentType: string };

/**
 * One request over HTTP: a JSON value (`json`), or exact bytes/text (`raw`, sent as given with the
 * content type), an optional bearer token.
 */
export async function send(
  h: Harness,
  method: string,
  path: string,
  options: { token?: string | null; json?: unknown; raw?: string | Uint8Array; contentType?: string; lang?: string; address?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'accept-language': options.lang ?? 'en', 'x-forwarded-for': options.address ?? RUN_ADDRESS };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (options.raw !== undefined) {
    body = typeof options.raw === 'string' ? options.raw : new Uint8Array(options.raw);
    headers['content-type'] = options.contentType ?? 'application/json';
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(h.url + path, { method, headers, body });
  const contentType = response.headers.get('content-type') ?? '';
  const text = await response.text();
  let json: Answer['json'] = {};
  if (contentType.includes('json')) {
    try {
      json = JSON.parse(text) as Answer['json'];
    } catch {
      json = {};
    }
  }
  return { status: response.status, json, text, contentType };
}

export type Actor = { user: Awaited<ReturnType<Harness['createUser']>>; token: string };

/**
 * A host and a guest with one of every resource between them, plus a stranger host and an
 * administrator. Names say what each resource is for (the matrix spends some of them).
 */
export async function createWorld(h: Harness) {
  const owner = await host(h);
  const guest = await host(h);
  const otherHost = await host(h);
  const admin = await host(h, { admin: true });

  // The host's ad: complete, verified, sent for review and reviewed (public), commission.
  const ad = await createCottage(h, owner.token);
  await fillAd(h, owner.token, ad.id);
  const now = new Date();
  await setCottage(h, ad.id, { commission: true, commissionPercentage: 12, verifiedAt: now, verifiedBy: 'BANKID', askedForReviewAt: now, reviewedAt: now });
  const adImage = (await h.db.select().from(h.schema.cottageImages).where(eq(h.schema.cottageImages.cottageId, ad.id)))[0]!;
  const imageToDelete = await addImage(h, owner.token, ad.id);
  const unregisteredImage = await uploadFile(h, owner.token, ad.id);
  const imageTicket = await h.call('POST', `/api/cottages/${ad.id}/images/upload`, { token: owner.token, body: { fileName: 'matrix.jpg' } });
  expect(imageTicket.status).toBe(200);
  const imageUploadToken = String(imageTicket.json.url).split('/').pop()!;
  const deal = await h.call('POST', `/api/cottages/${ad.id}/lastminutes`, { token: owner.token, body: { from_date: await daysFromToday(2), to_date: await daysFromToday(4), price: 150_000 } });
  expect(deal.status, JSON.stringify(deal.json)).toBe(200);
  const dealToDelete = await h.call('POST', `/api/cottages/${ad.id}/lastminutes`, { token: owner.token, body: { from_date: await daysFromToday(6), to_date: await daysFromToday(8), price: 150_000 } });
  expect(dealToDelete.status, JSON.stringify(dealToDelete.json)).toBe(200);
  const deals = dealToDelete.json as unknown as { id: number }[];

  // More ads of the host: a reviewed one to hide/show, a fresh draft (commission not chosen, not
  // verified), one to delete, and a spare for state-destroying calls.
  const shown = await createCottage(h, owner.token);
  await setCottage(h, shown.id, { reviewedAt: now });
  const draft = await createCottage(h, owner.token);
  const doomed = await createCottage(h, owner.token);
  const spare = await createCottage(h, owner.token);
  const bankidToRead = await startBankId(h, owner.token, draft.id);
  const bankidToAnswer = await startBankId(h, owner.token, draft.id);

  // The guest contacts the host about the ad: one conversation between them.
  const contact = await h.call('POST', '/api/conversations', { token: guest.token, body: { cottage_id: ad.id, text: 'Hej! Är stugan ledig i sommar?' } });
  expect(contact.status, JSON.stringify(contact.json)).toBe(200);
  const conversationId = contact.json.id as number;
  const guestMessage = await postMessage(h, guest.token, conversationId, 'Ett meddelande att ta bort');
  const hostMessage = await postMessage(h, owner.token, conversationId, 'Välkommen!');
  const chatFile = await uploadChatFile(h, guest.token, conversationId);
  const registered = await h.call('POST', `/api/conversations/${conversationId}/files`, { token: guest.token, body: { path: chatFile, fileName: 'karta.pdf' } });
  expect(registered.status, JSON.stringify(registered.json)).toBe(200);
  const [fileRow] = await h.db.select().from(h.schema.conversationFiles).where(eq(h.schema.conversationFiles.conversationId, conversationId));
  const unregisteredChatFile = await uploadChatFile(h, guest.token, conversationId);
  const chatTicket = await h.call('POST', `/api/conversations/${conversationId}/upload`, { token: guest.token, body: { fileName: 'bild.png' } });
  expect(chatTicket.status).toBe(200);
  const chatUploadToken = String(chatTicket.json.url).split('/').pop()!;
  const ownTag = await h.call('POST', '/api/tags', { token: guest.token, body: { tag: 'Sommar' } });
  expect(ownTag.status, JSON.stringify(ownTag.json)).toBe(200);

  // Offers from the host to the guest, on nights of their own (pending offers may overlap, paid ones may
  // not). They stay open until the day before check-in: other test files sharing a PostgreSQL database
  // run the expiry sweep with clocks weeks ahead, which must not expire these.
  const offer = async (days: number) => {
    const sent = await h.call('POST', '/api/bookings', {
      token: owner.token,
      body: offerBody({ conversationId, guestId: guest.user.id, cottageId: ad.id, checkIn: inDays(days), checkOut: inDays(days + 3), expiry: inDays(days - 1) }),
    });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    return sent.json as unknown as Booking;
  };
  const booking = await offer(40);
  const bookingToPay = await offer(50);
  const bookingGuestCancels = await offer(60);
  const bookingHostCancels = await offer(70);
  const bookingWithPayin = await offer(80);
  const spareBooking = await offer(90);
  const started = await h.call('POST', `/api/bookings/${bookingWithPayin.id}/payment`, { token: guest.token, body: { card_type: 'CB_VISA_MASTERCARD', accept_terms: true } });
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  const payinId = String(started.json.RedirectURL).split('/').pop()!;

  const [guestTodo] = await h.db.select().from(h.schema.todos).where(eq(h.schema.todos.userId, guest.user.id)).orderBy(asc(h.schema.todos.id));
  const [news] = await h.db
    .insert(h.schema.news)
    .values({ title: 'Nyhet', body: '<p>Hej</p>', publishedFrom: new Date(Date.now() - 60_000) })
    .returning();

  // An account nobody in the matrix is signed in as (login, reset, login links).
  const bystander = await h.createUser();

  return {
    owner,
    guest,
    otherHost,
    admin,
    bystander,
    ad,
    adImageId: adImage.id,
    adImageFilename: adImage.filename,
    imageToDeleteId: imageToDelete.id,
    unregisteredImage,
    imageUploadToken,
    dealId: deals[0]!.id,
    dealToDeleteId: deals[deals.length - 1]!.id,
    shown,
    draft,
    doomed,
    spare,
    bankidToRead,
    bankidToAnswer,
    conversationId,
    guestMessageId: guestMessage,
    hostMessageId: hostMessage,
    fileId: fileRow!.id,
    unregisteredChatFile,
    chatUploadToken,
    guestTagId: (ownTag.json as { id: number }).id,
    booking,
    bookingToPay,
    bookingGuestCancels,
    bookingHostCancels,
    bookingWithPayin,
    spareBooking,
    payinId,
    guestTodo: guestTodo ?? null,
    newsId: news!.id,
  };
}

export type World = Awaited<ReturnType<typeof createWorld>>;

async function postMessage(h: Harness, token: string, conversationId: number, text: string): Promise<number> {
  const sent = await h.call('POST', `/api/conversations/${conversationId}/messages`, { token, body: { text } });
  expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  const m = h.schema.messages;
  const [row] = await h.db
    .select({ id: m.id })
    .from(m)
    .where(and(eq(m.conversationId, conversationId), eq(m.text, text)))
    .orderBy(desc(m.id))
    .limit(1);
  return row!.id;
}

/** Ticket and bytes of a chat attachment, not registered: answers its path. */
export async function uploadChatFile(h: Harness, token: string, conversationId: number): Promise<string> {
  const ticket = await h.call('POST', `/api/conversations/${conversationId}/upload`, { token, body: { fileName: 'karta.pdf' } });
  expect(ticket.status, JSON.stringify(ticket.json)).toBe(200);
  const put = await send(h, 'PUT', String(ticket.json.url), { token, raw: new Uint8Array(Buffer.from('%PDF-1.4 stuga')), contentType: 'application/octet-stream' });
  expect(put.status, put.text).toBe(200);
  return String(ticket.json.path);
}

/** A JPEG the image upload accepts. */
export const uploadablePicture = () => picture();

/** Everything stored about the host/guest pair's resources, per area, to show a refused write changed nothing. */
export async function areaSnapshot(h: Harness, w: World, area: 'cottage' | 'conversation' | 'booking' | 'user') {
  const s = h.schema;
  const db = h.db;
  const cottageIds = [w.ad.id, w.shown.id, w.draft.id, w.doomed.id, w.spare.id];
  const userIds = [w.owner.user.id, w.guest.user.id];
  switch (area) {
    case 'cottage':
      return {
        cottages: await db.select().from(s.cottages).where(inArray(s.cottages.id, cottageIds)).orderBy(asc(s.cottages.id)),
        images: await db.select().from(s.cottageImages).where(inArray(s.cottageImages.cottageId, cottageIds)).orderBy(asc(s.cottageImages.id)),
        calendar: await db.select().from(s.cottageCalendar).where(inArray(s.cottageCalendar.cottageId, cottageIds)).orderBy(asc(s.cottageCalendar.id)),
        lastMinutes: await db.select().from(s.lastMinutes).where(inArray(s.lastMinutes.cottageId, cottageIds)).orderBy(asc(s.lastMinutes.id)),
        amenities: await db.select().from(s.cottageAmenities).where(inArray(s.cottageAmenities.cottageId, cottageIds)).orderBy(asc(s.cottageAmenities.cottageId), asc(s.cottageAmenities.key)),
        bankid: await db.select().from(s.bankidSessions).where(inArray(s.bankidSessions.cottageId, cottageIds)).orderBy(asc(s.bankidSessions.id)),
      };
    case 'conversation':
      return {
        conversation: await db.select().from(s.conversations).where(eq(s.conversations.id, w.conversationId)),
        messages: await db.select().from(s.messages).where(eq(s.messages.conversationId, w.conversationId)).orderBy(asc(s.messages.id)),
        tags: await db.select().from(s.conversationTags).where(eq(s.conversationTags.conversationId, w.conversationId)).orderBy(asc(s.conversationTags.tagId)),
        reads: await db.select().from(s.conversationReads).where(eq(s.conversationReads.conversationId, w.conversationId)).orderBy(asc(s.conversationReads.userId)),
        files: await db.select().from(s.conversationFiles).where(eq(s.conversationFiles.conversationId, w.conversationId)).orderBy(asc(s.conversationFiles.id)),
        reviews: await db.select().from(s.hostReviews).where(eq(s.hostReviews.conversationId, w.conversationId)),
      };
    case 'booking': {
      const bookings = await db
        .select()
        .from(s.bookings)
        .where(or(inArray(s.bookings.hostId, userIds), inArray(s.bookings.guestId, userIds)))
        .orderBy(asc(s.bookings.id));
      const ids = bookings.map((b) => b.id);
      return {
        bookings,
        events: ids.length ? await db.select().from(s.bookingEvents).where(inArray(s.bookingEvents.bookingId, ids)).orderBy(asc(s.bookingEvents.id)) : [],
        payins: ids.length ? await db.select().from(s.payins).where(inArray(s.payins.bookingId, ids)).orderBy(asc(s.payins.id)) : [],
      };
    }
    case 'user':
      return {
        users: await db.select().from(s.users).where(inArray(s.users.id, userIds)).orderBy(asc(s.users.id)),
        todos: await db.select().from(s.todos).where(inArray(s.todos.userId, userIds)).orderBy(asc(s.todos.id)),
        events: await db.select().from(s.userEvents).where(inArray(s.userEvents.userId, userIds)).orderBy(asc(s.userEvents.id)),
      };
  }
}
