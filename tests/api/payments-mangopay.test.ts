// The real MangoPay adapter (used when MANGOPAY_* keys are set), through the official SDK, against a
// local double of MangoPay's REST API: what it sends, and what it makes of the answers.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApi, type Harness } from './harness';

type Seen = { method: string; path: string; body: Record<string, unknown>; auth: string | undefined; idempotencyKey: string | undefined };
let h: Harness;
let server: Server;
let base: string;
const seen: Seen[] = [];
let payInStatus: Record<string, unknown> = { Id: 'pi_1', Status: 'SUCCEEDED', ResultCode: '000000', ResultMessage: 'Success', DebitedFunds: { Currency: 'SEK', Amount: 1_250_000 } };

async function read(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString();
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return { raw: text };
  }
}

beforeAll(async () => {
  h = await startApi();
  server = createServer(async (req, res) => {
    const body = await read(req);
    const path = (req.url ?? '').split('?')[0]!;
    seen.push({ method: req.method!, path, body, auth: req.headers.authorization, idempotencyKey: req.headers['idempotency-key'] as string | undefined });
    const json = (status: number, data: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(data));
    };
    if (path === '/v2.01/oauth/token') return json(200, { access_token: 'token-1', token_type: 'Bearer', expires_in: 3600 });
    if (path === '/v2.01/stuga-client/users/natural') return json(200, { Id: 'user_77', PersonType: 'NATURAL' });
    if (path === '/v2.01/stuga-client/payins/card/web/') return json(200, { Id: 'pi_1', Status: 'CREATED', RedirectURL: 'https://secure.mangopay.example/pay/pi_1' });
    if (path === '/v2.01/stuga-client/payins/pi_1') return json(200, payInStatus);
    if (path === '/v2.01/stuga-client/payins/pi_1/refunds') return json(200, { Id: 'rf_1', Status: 'SUCCEEDED' });
    // MangoPay keeps the response to each Idempotency-Key it has seen.
    if (path === '/v2.01/stuga-client/responses/0123456789abcdef0123456789abcdef')
      return json(200, { StatusCode: '200', ContentLength: '0', ContentType: 'application/json', Date: '', Resource: { Id: 'rf_1', Status: 'SUCCEEDED' } });
    if (path.startsWith('/v2.01/stuga-client/responses/')) return json(404, { Message: 'not found', errors: {} });
    return json(404, { Message: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await h?.close();
});

it('creates the payer, a web card pay-in with the return URL, reads its status and refunds it', async () => {
  const { mangopayProvider } = await import('@/marketplace/providers/payments');
  const provider = mangopayProvider({ clientId: 'stuga-client', apiKey: 'secret-key', baseUrl: base, walletId: 'wallet_9', platformUserId: 'platform_1' });
  const user = await h.createUser({ firstName: 'Erik', lastName: 'Johansson' });
  const payer = { id: user.id, mangoUserId: null, firstName: 'Erik', lastName: 'Johansson', username: user.username, language: 'sv' };

  const created = await provider.createCardPayIn(h.db, { payer, amount: 1_250_000, cardType: 'CB_VISA_MASTERCARD', returnUrl: '/dashboard/payment-return/5', bookingId: 5 });
  expect(created).toEqual({ id: 'pi_1', redirectUrl: 'https://secure.mangopay.example/pay/pi_1' });
  // The payer was created once at MangoPay and remembered.
  const [stored] = await h.db.select().from(h.schema.users).where(eq(h.schema.users.id, user.id));
  expect(stored!.mangoUserId).toBe('user_77');
  const payIn = seen.find((s) => s.path === '/v2.01/stuga-client/payins/card/web/')!;
  expect(payIn.auth).toBe('Bearer token-1');
  expect(payIn.body).toMatchObject({
    AuthorId: 'user_77',
    CreditedWalletId: 'wallet_9',
    DebitedFunds: { Currency: 'SEK', Amount: 1_250_000 },
    Fees: { Currency: 'SEK', Amount: 0 },
    CardType: 'CB_VISA_MASTERCARD',
    Culture: 'SV',
    ReturnURL: 'http://localhost:3000/dashboard/payment-return/5',
  });

  expect(await provider.getPayIn(h.db, 'pi_1')).toEqual({ id: 'pi_1', status: 'SUCCEEDED', amount: 1_250_000, resultCode: '000000', resultMessage: 'Success' });
  payInStatus = { Id: 'pi_1', Status: 'FAILED', ResultCode: '001001', ResultMessage: 'Unsufficient wallet balance', DebitedFunds: { Currency: 'SEK', Amount: 1_250_000 } };
  expect(await provider.getPayIn(h.db, 'pi_1')).toMatchObject({ status: 'FAILED', resultCode: '001001' });
  // An unknown pay-in is nobody's payment.
  expect(await provider.getPayIn(h.db, 'pi_unknown')).toBeNull();

  const key = '0123456789abcdef0123456789abcdef';
  const refund = await provider.refund(h.db, { payInId: 'pi_1', amount: 625_000, payer: { ...payer, mangoUserId: 'user_77' }, idempotencyKey: key });
  expect(refund).toEqual({ id: 'rf_1', status: 'SUCCEEDED' });
  const sent = seen.find((s) => s.path === '/v2.01/stuga-client/payins/pi_1/refunds')!;
  expect(sent.body).toMatchObject({ AuthorId: 'user_77', DebitedFunds: { Currency: 'SEK', Amount: 625_000 } });
  // The refund carries its idempotency key, and is read back by it for reconciliation.
  expect(sent.idempotencyKey).toBe(key);
  expect(await provider.findByKey(h.db, 'REFUND', key)).toEqual({ id: 'rf_1', status: 'SUCCEEDED' });
  expect(await provider.findByKey(h.db, 'REFUND', 'ffffffffffffffffffffffffffffffff')).toBeNull();
  expect(seen.filter((s) => s.path === '/v2.01/stuga-client/users/natural')).toHaveLength(1);
});

it('a host without a MangoPay account or bank account waits for the payout', async () => {
  const { mangopayProvider } = await import('@/marketplace/providers/payments');
  const provider = mangopayProvider({ clientId: 'stuga-client', apiKey: 'secret-key', baseUrl: base, walletId: 'wallet_9', platformUserId: 'platform_1' });
  const result = await provider.payout(h.db, {
    host: { id: 1, mangoUserId: null, firstName: null, lastName: null, username: 'h@example.com', language: 'sv' },
    amount: 100,
    bookingId: 1,
    idempotencyKey: 'fedcba9876543210fedcba9876543210',
  });
  expect(result.status).toBe('WAITING');
});
