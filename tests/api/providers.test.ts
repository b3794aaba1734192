// The real adapters against local doubles of the providers: an SMTP server for mail, an HTTP
// server standing in for Sentry's ingest (envelope endpoint). Nothing here reaches the internet.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness } from './harness';

type Received = { from: string; to: string[]; raw: string };
const mails: Received[] = [];
const envelopes: { headers: IncomingMessage['headers']; url: string; body: string }[] = [];
let smtp: SMTPServer;
let sentry: Server;
let h: Harness;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  sentry = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = (req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
      envelopes.push({ headers: req.headers, url: req.url ?? '', body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => sentry.listen(0, '127.0.0.1', () => resolve()));
  const sentryPort = (sentry.address() as AddressInfo).port;

  process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
  process.env.MAIL_FROM = 'Stuga <no-reply@stuga.example>';
  process.env.SENTRY_DSN = `http://publickey@127.0.0.1:${sentryPort}/42`;
  h = await startApi();
});

afterAll(async () => {
  await h?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise<void>((resolve) => sentry.close(() => resolve()));
});

describe('mail over SMTP (SMTP_URL set)', () => {
  it('sends the reset mail through the SMTP server, in the user language, with a working link', async () => {
    const user = await h.createUser({ language: 'en' });
    const response = await h.call('POST', '/api/auth/request-reset-password', { body: { username: user.username }, address: '10.77.0.1' });
    expect(response.status).toBe(200);
    await expect.poll(() => mails.find((m) => m.to.includes(user.username)), { timeout: 5000 }).toBeTruthy();
    const mail = mails.find((m) => m.to.includes(user.username))!;
    expect(mail.from).toBe('no-reply@stuga.example');
    expect(mail.raw).toMatch(/Subject: Reset your Stuga password/);
    const token = /reset-password\/([A-Za-z0-9_-]{40,})/.exec(mail.raw.replace(/=\r?\n/g, ''))?.[1];
    expect(token).toBeTruthy();
    expect((await h.call('GET', `/api/user/resetPassword/${token}`)).status).toBe(200);
    // Nothing went to the local outbox.
    expect(await h.lastMailTo(user.username)).toBeNull();
  });

  it('has no outbox: GET /api/dev/outbox answers 404', async () => {
    expect((await h.call('GET', '/api/dev/outbox')).status).toBe(404);
  });
});

describe('error reporting (SENTRY_DSN set): the official Sentry SDK over HTTP to a local ingest', () => {
  /** The events that reached the fake ingest: each envelope is a header line, then item header and payload lines. */
  const events = () =>
    envelopes.flatMap((envelope) => {
      const lines = envelope.body
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      return lines.flatMap((line, i) => (line.type === 'event' && lines[i + 1] ? [{ envelope, header: lines[0]!, event: lines[i + 1] as SentryEvent }] : []));
    });
  type SentryEvent = {
    event_id: string;
    exception: { values: { type: string; value: string; stacktrace?: { frames: { function?: string }[] } }[] };
    tags: Record<string, string>;
    user?: { id: string };
  };

  it("delivers a client's crash report to the DSN's project with the DSN's key", async () => {
    const response = await h.call('POST', '/api/errors', { body: { message: 'Boom in the calendar', digest: 'abc123', path: '/dashboard/to-do' } });
    expect(response.status).toBe(200);
    await expect.poll(() => events().find((e) => e.event.exception.values.at(-1)?.value === 'Boom in the calendar'), { timeout: 10_000 }).toBeTruthy();
    const { envelope, header, event } = events().find((e) => e.event.exception.values.at(-1)?.value === 'Boom in the calendar')!;
    expect(envelope.url).toMatch(/^\/api\/42\/envelope\/\?/);
    expect(new URLSearchParams(envelope.url.split('?')[1]).get('sentry_key')).toBe('publickey');
    expect(header.event_id).toBe(event.event_id);
    expect((header.sdk as { name: string }).name).toMatch(/^sentry\.javascript\./);
    expect(event.tags).toMatchObject({ source: 'client', digest: 'abc123', path: '/dashboard/to-do' });
  });

  it('delivers an error thrown on the server with its stack', async () => {
    const { reportError } = await import('@/marketplace/providers/error-reporting');
    function failingQuery(): never {
      throw new TypeError('Boom in a server query');
    }
    try {
      failingQuery();
    } catch (error) {
      await reportError({ message: (error as Error).message, source: 'server', path: '/api/cottages/1', error, userId: 7 });
    }
    await expect.poll(() => events().find((e) => e.event.exception.values.at(-1)?.value === 'Boom in a server query'), { timeout: 10_000 }).toBeTruthy();
    const { event } = events().find((e) => e.event.exception.values.at(-1)?.value === 'Boom in a server query')!;
    const exception = event.exception.values.at(-1)!;
    expect(exception.type).toBe('TypeError');
    expect(exception.stacktrace?.frames.some((f) => f.function?.includes('failingQuery'))).toBe(true);
    expect(event.tags).toMatchObject({ source: 'server', path: '/api/cottages/1' });
    expect(event.user).toEqual({ id: '7' });
  });
});
