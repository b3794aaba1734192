// npm run bench — throughput and latency of the signed-in lists against a large data set (issue 12).
// Seeds BENCH_DATABASE_URL (scripts/bench-seed.ts: 10 k users, 20 k ads, 100 k conversations, 1 M
// messages, 100 k bookings; the demo host and guest own ~2 000 conversations and bookings each),
// builds, starts `node server.mjs` against it, and runs autocannon (10 connections, 30 s) on every
// target as the demo host, each alternating with its reference in 3 s runs: the floor (GET /api/flags, anonymous), or
// for pages the trivial page (signed-out /dashboard/login). Prints a table and exits 1 when a
// target misses the goal: lists ≥ 50 % of the floor's req/s and p99 ≤ 2× the floor's; the two pages
// ≥ 40 % of the trivial page's req/s; deep pages within 2× of page 1.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench [-- --no-seed] [-- --no-build]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const args = process.argv.slice(2);
const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) {
  console.error('Set BENCH_DATABASE_URL to a PostgreSQL database the bench may empty (e.g. postgres://postgres@127.0.0.1:5432/bench).');
  process.exit(2);
}
const port = Number(process.env.BENCH_PORT ?? 3400);
const base = `http://127.0.0.1:${port}`;
// 30 s per side: a major GC every ~10 s slows ~100 ms of requests, so a p99 over 10 s told mostly which
// side one such pause fell on (docs/performance.md, 2026-11-26).
const DURATION_S = Number(process.env.BENCH_DURATION ?? 30);
const CONNECTIONS = 10;
const WARM_S = Number(process.env.BENCH_WARM ?? 5);
const SLICES = Number(process.env.BENCH_SLICES ?? 10);
// BENCH_ONLY=regex: measure only the targets whose name matches (a quick A/B; the table says so).
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;

function run(command, argv, env = {}) {
  const r = spawnSync(command, argv, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${command} ${argv.join(' ')} exited with ${r.status}`);
}

if (!args.includes('--no-seed')) run(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/bench-seed.ts']);
if (!args.includes('--no-build')) run('npx', ['next', 'build']);

// The app, as `npm start` runs it, on the bench database (the demo seed is already there).
const server = spawn(process.execPath, ['server.mjs', '-p', String(port), '-H', '127.0.0.1'], {
  env: { ...process.env, NODE_ENV: 'production', STUGA_SANDBOX: '1', DATABASE_URL: databaseUrl, STUGA_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'stuga-bench-')), LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => server.exitCode === null && server.kill('SIGTERM');
process.on('exit', stop);

async function waitReady() {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error('the server exited');
    try {
      if ((await fetch(`${base}/api/flags`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not start');
}

async function signIn(username, password) {
  const r = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { origin: base, 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (!r.ok) throw new Error(`sign-in failed: ${r.status} ${await r.text()}`);
  return r.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** A few sequential requests: the target answers 2xx, and first-request costs are out of the way. */
async function warm(target) {
  for (let i = 0; i < 5; i++) {
    const r = await fetch(base + target.path, { headers: target.headers, redirect: 'manual' });
    await r.arrayBuffer();
    if (r.status < 200 || r.status >= 300) throw new Error(`${target.name}: ${target.path} answered ${r.status}`);
  }
}

/** One autocannon run of `seconds` on a target: its answers, its latencies and its length. */
function slice(target, seconds) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    let bad = 0;
    const instance = autocannon({ url: base + target.path, connections: CONNECTIONS, duration: seconds, headers: target.headers }, (error, result) => {
      if (error) reject(error);
      else resolve({ latencies, seconds: result.duration, bad: bad + result.errors + result.timeouts });
    });
    instance.on('response', (client, statusCode, bytes, responseTime) => {
      latencies.push(responseTime);
      if (statusCode < 200 || statusCode >= 300) bad++;
    });
  });
}

function summary(slices) {
  const latencies = slices.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  const seconds = slices.reduce((sum, s) => sum + s.seconds, 0);
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), bad: slices.reduce((sum, s) => sum + s.bad, 0) };
}

/** A target for a few seconds under load (the warm-up). */
const measure = async (target, seconds) => summary([await slice(target, seconds)]);

/**
 * A target and its reference, side by side: SLICES alternating runs of each (DURATION_S in all per
 * side), so that the machine's speed drifting over seconds (it does, here, by ±30 %) falls on both
 * alike; req/s is all answers over all seconds, the percentiles are over all answers.
 */
async function pair(reference, target) {
  const seconds = DURATION_S / SLICES;
  const runs = { reference: [], target: [] };
  for (let i = 0; i < SLICES; i++) {
    runs.reference.push(await slice(reference, seconds));
    runs.target.push(await slice(target, seconds));
  }
  return { reference: summary(runs.reference), result: summary(runs.target) };
}

try {
  await waitReady();
  const cookie = await signIn('host@example.com', 'demo-host-1');
  const auth = { cookie };
  // The host's longest conversation (the seed's 3 000 messages), asked of the database: the most recent
  // one is another after anyone writes to the host (scripts/measure-chat.mjs does).
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows: conversationRows } = await db.query(
    `select m.conversation_id as id, count(*)::int as n from messages m join conversations c on c.id = m.conversation_id
     join users u on u.id = c.host_id where u.username = 'host@example.com' group by 1 order by 2 desc limit 1`,
  );
  await db.end();
  const [{ id: longest, n: longestCount }] = conversationRows;

  const targets = [
    { name: 'floor: GET /api/flags (anonymous)', path: '/api/flags', kind: 'floor' },
    { name: 'GET /api/user', path: '/api/user', kind: 'list' },
    { name: 'GET /api/conversations', path: '/api/conversations', kind: 'list', id: 'conv1' },
    { name: 'GET /api/conversations offset 1000', path: '/api/conversations?offset=1000', kind: 'list', deepOf: 'conv1' },
    { name: 'GET /api/user/bookings', path: '/api/user/bookings', kind: 'list', id: 'book1' },
    { name: 'GET /api/user/bookings offset 1000', path: '/api/user/bookings?offset=1000', kind: 'list', deepOf: 'book1' },
    { name: `GET /api/conversations/${longest}/messages (latest of ${longestCount.toLocaleString('en').replace(',', ' ')})`, path: `/api/conversations/${longest}/messages`, kind: 'list' },
    { name: "GET /api/cottages (the host's ads)", path: '/api/cottages', kind: 'list' },
    { name: 'GET /api/user/orders (receipts)', path: '/api/user/orders', kind: 'list', id: 'ord1' },
    { name: 'GET /api/user/orders offset 1000', path: '/api/user/orders?offset=1000', kind: 'list', deepOf: 'ord1' },
    { name: 'GET /api/user/reviews', path: '/api/user/reviews', kind: 'list', id: 'rev1' },
    { name: 'GET /api/user/reviews offset 500', path: '/api/user/reviews?offset=500', kind: 'list', deepOf: 'rev1' },
    { name: 'page: /dashboard/login (signed out, trivial)', path: '/dashboard/login', kind: 'trivial' },
    { name: 'page: /dashboard/conversations', path: '/dashboard/conversations', kind: 'page' },
    { name: 'page: /dashboard/bookings', path: '/dashboard/bookings', kind: 'page' },
  ].map((t) => ({ ...t, headers: t.kind === 'floor' || t.kind === 'trivial' ? {} : auth }));

  // Each target is measured alternately with its reference (the floor, or the trivial page for
  // pages): this machine's speed drifts over a run by more than the differences being judged (a
  // reference measured once at the start made the ratios noise; one 10 s run of each, one after the
  // other, still moved a page's ratio by ±0.05 between runs).
  const floorTarget = targets.find((t) => t.kind === 'floor');
  const trivialTarget = targets.find((t) => t.kind === 'trivial');
  // First every target under load for a few seconds: the JIT and the pool's prepared statements are
  // warm for all of them before anything is measured (a reference measured again and again would
  // otherwise warm up more than the targets it is compared with).
  for (const t of targets.filter((t) => !ONLY || ONLY.test(t.name) || t.kind === 'floor' || t.kind === 'trivial')) {
    await warm(t);
    await measure(t, WARM_S);
  }
  const results = new Map();
  for (const t of targets.filter((t) => (t.kind === 'list' || t.kind === 'page') && (!ONLY || ONLY.test(t.name)))) {
    const reference = t.kind === 'page' ? trivialTarget : floorTarget;
    await warm(reference);
    await warm(t);
    Object.assign(t, await pair(reference, t));
    t.ratio = t.result.rps / t.reference.rps;
    process.stderr.write(`${t.name}: ${t.result.rps.toFixed(0)} req/s, p50 ${t.result.p50} ms, p99 ${t.result.p99} ms; reference ${t.reference.rps.toFixed(0)} req/s; ratio ${t.ratio.toFixed(2)}\n`);
    results.set(t.id ?? t.name, t);
  }

  let failed = 0;
  const rows = targets
    .filter((t) => t.result)
    .map((t) => {
      const r = t.result;
      const ref = t.reference;
      const checks = [];
      if (r.bad) checks.push(`${r.bad} non-2xx/errors`);
      if (t.kind === 'list') {
        if (t.ratio < 0.5) checks.push('< 50 % of floor req/s');
        if (r.p99 > 2 * Math.max(ref.p99, 1)) checks.push('p99 > 2× floor');
      }
      if (t.kind === 'page' && t.ratio < 0.4) checks.push('< 40 % of trivial page req/s');
      if (t.deepOf && results.has(t.deepOf)) {
        const first = results.get(t.deepOf);
        if (t.ratio < 0.5 * first.ratio || r.p99 > 2 * Math.max(first.result.p99, 1)) checks.push('deep > 2× page 1');
      }
      if (checks.length) failed++;
      const verdict = checks.length ? `FAIL (${checks.join('; ')})` : 'pass';
      return `| ${t.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${ref.rps.toFixed(0)} / ${ref.p99} | ${t.ratio.toFixed(2)} | ${verdict} |`;
    });
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION_S} s per target and per reference, in ${SLICES} alternating runs of ${DURATION_S / SLICES} s (references: the floor GET /api/flags, anonymous; pages: the signed-out /dashboard/login); ratio = req/s ÷ the reference's\n`,
  );
  console.log('| target | req/s | p50 ms | p99 ms | reference req/s / p99 ms | ratio | goal |\n| --- | ---: | ---: | ---: | ---: | ---: | --- |');
  console.log(rows.join('\n'));
  if (ONLY) console.log(`\nonly the targets matching BENCH_ONLY=${ONLY.source}`);
  console.log(failed ? `\n${failed} target(s) under the goal` : '\nall targets meet the goal');
  stop();
  process.exit(failed ? 1 : 0);
} catch (error) {
  console.error(error);
  stop();
  process.exit(2);
}
