// Bounded input (issue 10 §2): body limits while streaming, JSON depth, NUL and lone surrogates,
// malformed URL encoding — each a clear translated 4xx, nothing stored, never a 500.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostWithAd } from './bookings-support';
import { host } from './cottages-support';
import { startApi, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startApi();
});
afterAll(async () => h?.close());

const conversationsOf = async (guestId: number) => (await h.db.select({ n: count() }).from(h.schema.conversations).where(eq(h.schema.conversations.guestId, guestId)))[0]!.n;

describe('request bodies', () => {
  it('refuses a JSON body over 1 MB with 413 while it streams, without a Content-Length', async () => {
    const chunk = new TextEncoder().encode(`"${'x'.repeat(64 * 1024)}",`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        // 300 MB if nobody stops reading; the server stops after 1 MB.
        if (sent > 300 * 1024 * 1024) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${h.url}/api/errors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: stream,
      duplex: 'half',
    } as RequestInit).catch((error: unknown) => error);
    // Either the 413 arrives, or the server closed the connection after answering it mid-upload.
    if (response instanceof Response) {
      expect(response.status).toBe(413);
      expect((await response.json()).message).toBe('The request is too large.');
    }
    expect(sent).toBeLessThan(50 * 1024 * 1024);
  });

  it('refuses a declared Content-Length over the limit before reading', async () => {
    const body = JSON.stringify({ message: 'x'.repeat(1024 * 1024 + 10) });
    const response = await fetch(`${h.url}/api/errors`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'sv' }, body });
    expect(response.status).toBe(413);
    expect((await response.json()).message).toBe('Förfrågan är för stor.');
  });

  it('refuses JSON nested deeper than 64 with 400, and accepts 64', async () => {
    const { token } = await host(h);
    const nested = (depth: number) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    const deep = await h.call('POST', '/api/user/events', { token, body: { type: 'deep', data: { a: nested(64) } } });
    expect(deep.status).toBe(400);
    expect(deep.json.message).toBe('The request is nested too deeply.');
    const veryDeep = await fetch(`${h.url}/api/user/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: `{"type":"deep","data":{"a":${'['.repeat(5000)}${']'.repeat(5000)}}}`,
    });
    expect(veryDeep.status).toBe(400);
    const fine = await h.call('POST', '/api/user/events', { token, body: { type: 'shallow', data: { a: nested(10) } } });
    expect(fine.status).toBe(200);
  });

  it('refuses invalid JSON and invalid UTF-8 with 400', async () => {
    for (const body of ['{"a":', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0x22, 0x7d])]) {
      const response = await fetch(`${h.url}/api/errors`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en' }, body });
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe('Error in form!');
    }
  });
});

describe('text', () => {
  it('refuses NUL and lone surrogates in any string, and a first contact stores nothing', async () => {
    const { ad } = await hostWithAd(h);
    const guest = await host(h);
    const before = await conversationsOf(guest.user.id);
    for (const text of ['Hej\u0000där', 'Hej \ud800 där', 'Hej \udc00']) {
      const started = await h.call('POST', '/api/conversations', { token: guest.token, body: { cottage_id: ad.id, text } });
      expect(started.status).toBe(400);
      expect(started.json.message).toBe('The text contains characters that are not allowed.');
    }
    // A key with NUL, and a NUL deep inside free-form data, too.
    const key = await h.call('POST', '/api/user/events', { token: guest.token, body: { type: 'x', data: { 'a\u0000': 1 } } });
    expect(key.status).toBe(400);
    const deep = await h.call('POST', '/api/user/events', { token: guest.token, body: { type: 'x', data: { a: [{ b: 'c\u0000' }] } } });
    expect(deep.status).toBe(400);
    expect(await conversationsOf(guest.user.id)).toBe(before);
    // A well-formed pair (an emoji) is text like any other.
    const emoji = await h.call('POST', '/api/conversations', { token: guest.token, body: { cottage_id: ad.id, text: 'Hej 🏡 där' } });
    expect(emoji.status).toBe(200);
  });
});

describe('URLs', () => {
  it('answers 400 for malformed percent-encoding and encoded NUL in paths and queries', async () => {
    const { token } = await host(h);
    for (const path of ['/api/cottages/%c0', '/api/news/%E0%A4%A', '/api/conversations/%00', '/api/user/bookings?order=%ff', '/api/cottages/1?x=%00', '/api/flags/%ed%a0%80']) {
      const response = await h.call('GET', path, { token });
      expect(response.status, path).toBe(400);
      expect(response.json.message, path).toBe('Bad URL. Please check the URL.');
    }
  });
});

describe('API response headers', () => {
  it('marks every answer nosniff and personal answers no-store', async () => {
    const { token } = await host(h);
    for (const path of ['/api/user', '/api/flags', '/api/does-not-exist']) {
      const response = await h.call('GET', path, { token });
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
  });
});
