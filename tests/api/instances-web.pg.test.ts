// Issue 12: the whole app, as `npm start` runs it (Next, the BFF, the marketplace in process), as two
// processes on one PostgreSQL database, each with a disk of its own and no SESSION_SECRET: a session
// cookie sealed by A is opened by B (the seal's secret is the database's), a page renders on B for
// A's cookie, and a sign-out through B ends the session on A. Needs the production build (`npm run
// build`): .ci/run runs this after `npm test`, which builds.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseOfItsOwn, stopAll } from './instances-support';

if (!process.env.TEST_DATABASE_URL) throw new Error('This test needs PostgreSQL: set TEST_DATABASE_URL (npm run test:api:pg)');
if (!existsSync(path.join(process.cwd(), '.next', 'BUILD_ID'))) throw new Error('This test needs the production build: run `npm run build` first');

type Instance = { url: string; child: ChildProcess; output: () => string };
const instances: Instance[] = [];
let dropDatabase: (() => Promise<void>) | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startWeb(databaseUrl: string, seed: boolean): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    STUGA_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'stuga-web-')),
    STUGA_SEED: seed ? 'on' : 'off',
    STUGA_SANDBOX: '1',
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
  };
  delete env.SESSION_SECRET;
  delete env.TEST_DATABASE_URL;
  const child = spawn(process.execPath, ['server.mjs', '-p', String(port), '-H', '127.0.0.1'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const end = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`instance exited (${child.exitCode ?? child.signalCode}) before answering: ${out}`);
    try {
      if ((await fetch(`${url}/api/flags`)).ok) return { url, child, output: () => out };
    } catch {
      // not listening yet
    }
    if (Date.now() > end) throw new Error(`instance did not answer within 90 s: ${out}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

describe('two web instances (next start) on one database', () => {
  beforeAll(async () => {
    const own = await databaseOfItsOwn('stuga_web');
    dropDatabase = own.drop;
    // A first, so that one instance seeds the demo data; then B.
    instances.push(await startWeb(own.url, true));
    instances.push(await startWeb(own.url, false));
  }, 200_000);

  afterAll(async () => {
    await stopAll(instances.map((i) => i.child));
    await dropDatabase?.();
  }, 60_000);

  it('a cookie sealed by A opens on B, B renders the signed-in page, and a sign-out through B ends it on A', async () => {
    const [a, b] = instances as [Instance, Instance];
    const signedIn = await fetch(`${a.url}/api/auth/login`, {
      method: 'POST',
      headers: { origin: a.url, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'host@example.com', password: 'demo-host-1' }),
    });
    expect(signedIn.status, await signedIn.clone().text()).toBe(200);
    const cookie = cookieOf(signedIn);
    expect(cookie).toMatch(/=/);

    const user = await fetch(`${b.url}/api/user`, { headers: { cookie } });
    expect(user.status).toBe(200);
    expect(((await user.json()) as { username: string }).username).toBe('host@example.com');
    const page = await fetch(`${b.url}/dashboard/conversations`, { headers: { cookie }, redirect: 'manual' });
    expect(page.status).toBe(200);
    // The signed-in shell (its menu), not the sign-in page.
    expect(await page.text()).toContain('Mina bokningar');

    const out = await fetch(`${b.url}/api/auth/logout`, { headers: { cookie, referer: `${b.url}/dashboard/conversations` } });
    expect(out.status).toBeLessThan(400);
    await expect.poll(async () => (await fetch(`${a.url}/api/user`, { headers: { cookie } })).status, { timeout: 2000, interval: 100 }).toBe(401);
  }, 60_000);
});
