import 'server-only';
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { getDb, type Db } from '../db/client';
import { sandboxBankidOrders } from '../db/schema';

/** An order nobody answers fails like BankID's: expiredTransaction after 3 minutes. */
const ORDER_LIFETIME_MS = 3 * 60_000;

/** What the tester does in the sandbox's stand-in for the BankID app. */
export type AppOutcome = { identify: { personalNumber: string; givenName: string; surname: string } } | { fail: 'userCancel' | 'startFailed' | 'expiredTransaction' | 'certificateErr' };

const invalid = (details: string) => ({ errorCode: 'invalidParameters', details });

/**
 * A local emulation of BankID's RP API v6.0 (auth, collect, cancel) over HTTP, answering like the
 * real service: the same adapter (providers/bankid-rp.ts) talks to it. Orders live in the database.
 */
function emulation() {
  const app = new Hono();
  app.post('/rp/v6.0/auth', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { endUserIp?: unknown } | null;
    if (!body || typeof body.endUserIp !== 'string' || !/^[0-9a-fA-F:.]{2,64}$/.test(body.endUserIp)) return c.json(invalid('Incorrect endUserIp'), 400);
    const order = { orderRef: randomUUID(), autoStartToken: randomUUID(), qrStartToken: randomUUID(), qrStartSecret: randomBytes(16).toString('hex') };
    await (await getDb()).insert(sandboxBankidOrders).values({ ...order, endUserIp: body.endUserIp });
    return c.json(order);
  });
  app.post('/rp/v6.0/collect', async (c) => {
    const orderRef = await orderRefOf(c.req.raw);
    if (!orderRef) return c.json(invalid('Incorrect orderRef'), 400);
    const db = await getDb();
    await expireOld(db, orderRef);
    const [order] = await db.select().from(sandboxBankidOrders).where(eq(sandboxBankidOrders.orderRef, orderRef)).limit(1);
    if (!order) return c.json(invalid('No such order'), 400);
    if (order.status !== 'complete') return c.json({ orderRef, status: order.status, hintCode: order.hintCode });
    const user = { personalNumber: order.personalNumber!, givenName: order.givenName!, surname: order.surname!, name: `${order.givenName} ${order.surname}` };
    return c.json({
      orderRef,
      status: 'complete',
      completionData: { user, device: { ipAddress: order.endUserIp, uhi: 'sandbox' }, bankIdIssueDate: '2024-01-01', signature: '', ocspResponse: '' },
    });
  });
  app.post('/rp/v6.0/cancel', async (c) => {
    const orderRef = await orderRefOf(c.req.raw);
    if (!orderRef) return c.json(invalid('Incorrect orderRef'), 400);
    const rows = await (
      await getDb()
    )
      .update(sandboxBankidOrders)
      .set({ status: 'failed', hintCode: 'cancelled', completedAt: new Date() })
      .where(and(eq(sandboxBankidOrders.orderRef, orderRef), eq(sandboxBankidOrders.status, 'pending')))
      .returning({ orderRef: sandboxBankidOrders.orderRef });
    return rows.length ? c.json({}) : c.json(invalid('No such order'), 400);
  });
  app.notFound((c) => c.json({ errorCode: 'notFound', details: 'Not found' }, 404));
  app.onError((_, c) => c.json({ errorCode: 'internalError', details: 'Internal error' }, 500));
  return app;
}

async function orderRefOf(request: Request): Promise<string | null> {
  const body = (await request.json().catch(() => null)) as { orderRef?: unknown } | null;
  return body && typeof body.orderRef === 'string' && /^[0-9a-f-]{36}$/.test(body.orderRef) ? body.orderRef : null;
}

async function expireOld(db: Db, orderRef: string) {
  const [order] = await db
    .select({ status: sandboxBankidOrders.status, createdAt: sandboxBankidOrders.createdAt })
    .from(sandboxBankidOrders)
    .where(eq(sandboxBankidOrders.orderRef, orderRef))
    .limit(1);
  if (order?.status === 'pending' && Date.now() - order.createdAt.getTime() > ORDER_LIFETIME_MS) {
    await answerOrder(db, orderRef, { fail: 'expiredTransaction' });
  }
}

/** The tester's answer in the sandbox app: only a pending order can be answered, once. */
export async function answerOrder(db: Db, orderRef: string, outcome: AppOutcome): Promise<boolean> {
  const values = 'identify' in outcome ? { status: 'complete' as const, hintCode: 'complete', ...outcome.identify } : { status: 'failed' as const, hintCode: outcome.fail };
  const rows = await db
    .update(sandboxBankidOrders)
    .set({ ...values, completedAt: new Date() })
    .where(and(eq(sandboxBankidOrders.orderRef, orderRef), eq(sandboxBankidOrders.status, 'pending')))
    .returning({ orderRef: sandboxBankidOrders.orderRef });
  return rows.length > 0;
}

/** In the app, the tester has opened the order: BankID's hint becomes "started". Answers the order's state. */
export async function openOrder(db: Db, orderRef: string) {
  await expireOld(db, orderRef);
  await db
    .update(sandboxBankidOrders)
    .set({ hintCode: 'started' })
    .where(and(eq(sandboxBankidOrders.orderRef, orderRef), eq(sandboxBankidOrders.status, 'pending'), eq(sandboxBankidOrders.hintCode, 'outstandingTransaction')));
  const [order] = await db.select({ status: sandboxBankidOrders.status }).from(sandboxBankidOrders).where(eq(sandboxBankidOrders.orderRef, orderRef)).limit(1);
  return order?.status ?? null;
}

let listening: Promise<string> | null = null;

/** The emulation's base URL: a listener on a free local port, started once per process. */
export function bankIdEmulationUrl(): Promise<string> {
  listening ??= new Promise((resolve, reject) => {
    // Inside the Next server: keep the global Response (Next checks instanceof against it).
    const server = serve({ fetch: emulation().fetch, port: 0, hostname: '127.0.0.1', overrideGlobalObjects: false });
    server.once('listening', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/rp/v6.0`));
    server.once('error', (error) => {
      listening = null;
      reject(error);
    });
    server.unref();
  });
  return listening;
}
