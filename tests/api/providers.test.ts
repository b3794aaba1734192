// The real adapters against local doubles of the providers: an SMTP server for mail, an HTTP
// server standing in for Sentry's envelope endpoint. Nothing here reaches the internet.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
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

describe('error reporting (SENTRY_DSN set)', () => {
  it("delivers a client's crash report as a Sentry envelope with the DSN's key", async () => {
    const response = await h.call('POST', '/api/errors', { body: { message: 'Boom in the calendar', digest: 'abc123', path: '/dashboard/to-do' } });
    expect(response.status).toBe(200);
    await expect.poll(() => envelopes.length, { timeout: 5000 }).toBeGreaterThan(0);
    const envelope = envelopes.at(-1)!;
    expect(envelope.url).toBe('/api/42/envelope/');
    expect(envelope.headers['x-sentry-auth']).toMatch(/sentry_key=publickey/);
    const [header, itemHeader, event] = envelope.body.split('\n').map((line) => JSON.parse(line));
    expect(header.event_id).toMatch(/^[0-9a-f]{32}$/);
    expect(itemHeader).toEqual({ type: 'event' });
    expect(event.exception.values[0].value).toBe('Boom in the calendar');
    expect(event.tags).toMatchObject({ source: 'client', digest: 'abc123' });
  });
});
