// Issue 12: the list queries (and the to-do list every dashboard page reads) are served by indexes. Inside one transaction that is rolled back, the
// test seeds a data set large enough that the planner would scan whole tables without the indexes
// (a host and a guest each in 2 000 conversations and bookings among 20 000, 60 000 messages, one
// conversation of 3 000), analyzes it, prints the EXPLAIN plan of each list query and fails on a
// sequential scan of a large table.
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness } from './harness';

let h: Harness;
let dropDatabase: (() => Promise<void>) | null = null;
let seeded: Awaited<ReturnType<typeof seed>>;
beforeAll(async () => {
  // On PostgreSQL, a database of its own: the planner must see exactly the rows seeded here, not
  // what other test files (sharing TEST_DATABASE_URL at the same time) have left or are writing.
  if (process.env.TEST_DATABASE_URL) {
    const base = new URL(process.env.TEST_DATABASE_URL);
    const admin = new pg.Client({ connectionString: base.toString() });
    await admin.connect();
    const database = `stuga_plans_${process.pid}_${Date.now().toString(36)}`;
    await admin.query(`CREATE DATABASE ${database}`);
    base.pathname = `/${database}`;
    process.env.TEST_DATABASE_URL = base.toString();
    dropDatabase = async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    };
  }
  h = await startApi();
  // Committed: the second test reads it over HTTP (the database is this file's own).
  seeded = await h.db.transaction((tx) => seed(tx as unknown as typeof h.db));
}, 120_000);
afterAll(async () => {
  await h?.close();
  await dropDatabase?.();
});

const LARGE_TABLES = ['messages', 'bookings', 'conversations', 'conversation_reads', 'users', 'cottages', 'orders', 'reviews'];

type Explained = { name: string; plan: string };

async function seed(tx: typeof h.db) {
  const one = async <T>(query: SQL) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows[0]!;
  const tag = `plan-${process.pid}-${Date.now().toString(36)}`;
  const { lo } = await one<{ lo: number }>(sql`
    with ins as (insert into users (username, first_name, last_name, type)
      select ${tag} || '-' || g || '@example.com', 'Förnamn' || g, 'Efternamn' || g, 'STRICT' from generate_series(1, 3000) g returning id)
    select min(id)::int as lo from ins`);
  const host = lo;
  const guest = lo + 1;
  const { clo } = await one<{ clo: number }>(sql`
    with ins as (insert into cottages (user_id, title_sv, commission, commission_percentage)
      select case when g <= 20 then ${host}::int else ${lo}::int + 2 + g % 2998 end, 'Stuga ' || g, true, 10 from generate_series(1, 3000) g returning id)
    select min(id)::int as clo from ins`);
  await tx.execute(sql`
    insert into conversations (cottage_id, host_id, guest_id, commission, last_message_at)
    select s.c, co.user_id, s.gu, true, now() - ((hashint4(s.k) & 1048575) * interval '30 seconds')
    from (select k,
        case when k <= 2000 then ${clo}::int + k % 20 when k <= 4000 then ${clo}::int + 20 + (k - 2001) else ${clo}::int + 20 + k % 2980 end as c,
        case when k <= 2000 then ${lo}::int + 2 + k when k <= 4000 then ${guest}::int else ${lo}::int + 2 + ((k / 2980) * 100 + k) % 2998 end as gu
      from generate_series(1, 20000) k) s
    join cottages co on co.id = s.c
    where co.user_id <> s.gu
    on conflict do nothing`);
  const { first, last } = await one<{ first: number; last: number }>(sql`
    select min(id)::int as first, max(id)::int as last from conversations where cottage_id >= ${clo}`);
  const span = last - first + 1;
  await tx.execute(sql`
    insert into messages (conversation_id, user_id, type, text)
    select c.id, case when g % 2 = 0 then c.host_id else c.guest_id end, 'text', 'Meddelande ' || g
    from generate_series(1, 60000) g join conversations c on c.id = ${first}::int + (hashint4(g) & 2147483647) % ${span}::int`);
  const { longest } = await one<{ longest: number }>(sql`select min(id)::int as longest from conversations where host_id = ${host}`);
  await tx.execute(sql`
    insert into messages (conversation_id, user_id, type, text)
    select ${longest}::int, case when g % 2 = 0 then ${host}::int else c.guest_id end, 'text', 'Långt samtal ' || g
    from generate_series(1, 3000) g join conversations c on c.id = ${longest}::int`);
  await tx.execute(sql`
    insert into conversation_reads (conversation_id, user_id, last_seen_message_id)
    select m.conversation_id, c.host_id, max(m.id) - 1 from messages m join conversations c on c.id = m.conversation_id
    where c.id between ${first}::int and ${last}::int group by m.conversation_id, c.host_id
    on conflict do nothing`);
  await tx.execute(sql`
    insert into bookings (conversation_id, cottage_id, host_id, guest_id, status, check_in, check_out, number_of_guests, cleaning_policy,
      cancellation_policy_id, total_price, fee_percentage, booking_expiration_date, paid_at, paid_out_at)
    select c.id, c.cottage_id, c.host_id, c.guest_id, (array['PENDING', 'EXPIRED', 'PAID', 'FINISHED', 'CANCELLED'])[1 + c.id % 5],
      current_date - 400 + (hashint4(c.id) & 1023) % 800, current_date - 397 + (hashint4(c.id) & 1023) % 800, 2, 'guest',
      1 + c.id % 3, 100000, 10, now() + interval '5 days',
      case when c.id % 5 in (2, 3, 4) then now() - interval '30 days' end,
      case when c.id % 10 = 3 then now() - interval '1 day' end
    from conversations c where c.id between ${first}::int and ${last}::int`);
  // Receipts: every paid or finished stay's card payment (the guest's) and payout (the host's).
  await tx.execute(sql`
    insert into orders (user_id, type, amount, status, source, booking_id, created_at, paid_at)
    select u.user_id, u.type, u.amount, 'paid', 'mangopay', b.id, b.paid_at, b.paid_at
    from bookings b cross join lateral (values (b.guest_id, 'PAYIN', b.total_price), (b.host_id, 'PAYOUT', b.total_price * 9 / 10)) u(user_id, type, amount)
    where b.conversation_id between ${first}::int and ${last}::int and b.status in ('PAID', 'FINISHED')`);
  // Reviews: of every finished stay, two in three approved.
  await tx.execute(sql`
    insert into reviews (user_id, cottage_id, booking_id, reviewed_user_id, body, score, accuracy, cleanliness, location, year, reviewed_at)
    select b.guest_id, b.cottage_id, b.id, b.host_id, 'Ett fint omdöme', 5, 4, 5, 4, 2026, case when b.id % 3 > 0 then now() end
    from bookings b where b.conversation_id between ${first}::int and ${last}::int and b.status = 'FINISHED'`);
  for (const table of LARGE_TABLES) await tx.execute(sql.raw(`analyze ${table}`));
  return { host, guest, longest };
}

/** Each sequential scan of a large table in the plans, named with its plan. */
const seqScansOfLargeTables = (plans: Explained[]) =>
  plans.flatMap((p) => [...p.plan.matchAll(/Seq Scan on (\w+)/g)].filter((m) => LARGE_TABLES.includes(m[1]!)).map((m) => `${p.name}: ${m[0]}\n${p.plan}`));

async function explain(tx: typeof h.db, name: string, statement: SQL): Promise<Explained> {
  const rows = ((await tx.execute(sql`explain ${statement}`)) as unknown as { rows: Record<string, string>[] }).rows;
  return { name, plan: rows.map((r) => Object.values(r)[0]).join('\n') };
}

describe('query plans of the list endpoints (issue 12)', () => {
  it('inbox, My Bookings, a conversation’s latest messages, receipts and reviews use indexes, never a sequential scan of a large table', async () => {
    const { inboxQuery } = await import('@/marketplace/services/conversations/inbox');
    const { messagesStatement } = await import('@/marketplace/services/conversations/messages');
    const { bookingListStatement } = await import('@/marketplace/services/bookings/list');
    const { receiptsPage } = await import('@/marketplace/services/receipts');
    const { reviewListStatement } = await import('@/marketplace/services/reviews');
    const { todoListStatement } = await import('@/marketplace/services/todos');
    const plans: Explained[] = [];
    const db = h.db;
    const { host, guest, longest } = seeded;
    plans.push(await explain(db, 'inbox, host, page 1', inboxQuery(host, {}).statement));
    plans.push(await explain(db, 'inbox, host, 1 000 deep', inboxQuery(host, { offset: '1000' }).statement));
    plans.push(await explain(db, 'inbox, guest, page 1', inboxQuery(guest, {}).statement));
    plans.push(await explain(db, 'inbox, host, tag filter', inboxQuery(host, { tags: '1' }).statement));
    for (const order of ['check_in_asc', 'check_in_desc', 'id_asc', 'paid_at_asc'] as const) {
      plans.push(await explain(db, `bookings, host, ${order}`, bookingListStatement(host, { order }).statement));
    }
    plans.push(await explain(db, 'bookings, guest, 1 000 deep', bookingListStatement(guest, { offset: '1000' }).statement));
    plans.push(await explain(db, 'bookings, host, paid from a day', bookingListStatement(host, { paid: '1', checkInFrom: '2026-01-01' }).statement));
    plans.push(await explain(db, 'latest messages of a 3 000-message conversation', messagesStatement(host, longest, {})));
    plans.push(await explain(db, 'older messages', messagesStatement(host, longest, { before: String(Number.MAX_SAFE_INTEGER) })));
    plans.push(await explain(db, 'receipts, host, page 1', receiptsPage(db, host, {}).getSQL()));
    plans.push(await explain(db, 'receipts, guest, 1 000 deep', receiptsPage(db, guest, { offset: '1000' }).getSQL()));
    plans.push(await explain(db, 'receipts, host, by amount', receiptsPage(db, host, { order: 'amount_desc' }).getSQL()));
    plans.push(await explain(db, 'reviews, host, page 1', reviewListStatement(db, host, {}).getSQL()));
    plans.push(await explain(db, 'reviews, guest, 500 deep', reviewListStatement(db, guest, { offset: '500' }).getSQL()));
    plans.push(await explain(db, 'to-do list, host (stored items and old calendars)', todoListStatement(host)));
    for (const p of plans) console.log(`— ${p.name}\n${p.plan}\n`);
    expect(seqScansOfLargeTables(plans)).toEqual([]);
    expect(plans).toHaveLength(18);
  }, 120_000);

  it('every statement a signed-in list request sends is served by an index, and their number does not grow with the page or its depth', async () => {
    const { hashPassword } = await import('@/marketplace/services/crypto');
    const { pollOpenOrders } = await import('@/marketplace/services/ad-orders');
    const { host, guest, longest } = seeded;
    await h.db
      .update(h.schema.users)
      .set({ passwordHash: await hashPassword('plan-pass-1') })
      .where(inArray(h.schema.users.id, [host, guest]));
    const tokenOf = async (id: number) => {
      const [user] = await h.db.select({ username: h.schema.users.username }).from(h.schema.users).where(eq(h.schema.users.id, id));
      return (await h.login(user!.username, 'plan-pass-1')).token!;
    };
    const tokens = { host: await tokenOf(host), guest: await tokenOf(guest) };
    const requests: [who: keyof typeof tokens, path: string, deepOf?: string][] = [
      ['host', '/api/user'],
      ['host', '/api/user/todo'],
      ['host', '/api/conversations'],
      ['host', '/api/conversations?offset=1000', '/api/conversations'],
      ['guest', '/api/conversations'],
      ['host', '/api/user/bookings'],
      ['host', '/api/user/bookings?offset=1000', '/api/user/bookings'],
      ['guest', '/api/user/bookings?order=paid_at_asc'],
      ['host', `/api/conversations/${longest}/messages`],
      ['host', '/api/cottages'],
      ['host', '/api/user/orders'],
      ['host', '/api/user/orders?offset=1000', '/api/user/orders'],
      ['guest', '/api/user/reviews'],
      ['guest', '/api/user/reviews?offset=500', '/api/user/reviews'],
    ];
    const counts = new Map<string, number>();
    const statements: { name: string; sent: Sent }[] = [];
    for (const [who, path, deepOf] of requests) {
      // Twice: the first may read the session; the second is what every later request costs.
      for (const round of [1, 2]) {
        const sent = await capturing(() => h.call('GET', path, { token: tokens[who] }).then((r) => expect(r.status, `${path}: ${JSON.stringify(r.json).slice(0, 200)}`).toBe(200)));
        statements.push(...sent.map((one) => ({ name: `${who} GET ${path}`, sent: one })));
        // The session is read when this instance does not keep it (first use, or told of a change): not the list's cost.
        if (round === 2) counts.set(path, sent.filter((one) => !/^select .* from "sessions" /.test(one.text)).length);
      }
      // One statement whatever the page: never one per row.
      expect(counts.get(path), path).toBe(1);
      if (deepOf) expect(counts.get(path), `${path} against ${deepOf}`).toBe(counts.get(deepOf));
    }
    // The ad-orders job's read.
    statements.push(...(await capturing(() => pollOpenOrders(h.db))).map((one) => ({ name: 'ad-orders job', sent: one })));
    const plans: Explained[] = [];
    for (const { name, sent } of statements) {
      if (!/^\s*(select|with)\b/i.test(sent.text)) continue;
      const rows = (await rawClient().query(`explain ${sent.text}`, sent.values)) as { rows: Record<string, string>[] };
      plans.push({ name, plan: `${sent.text.slice(0, 160)}…\n${rows.rows.map((r) => Object.values(r)[0]).join('\n')}` });
    }
    console.log(`statements per request besides the session's: ${JSON.stringify(Object.fromEntries(counts))}`);
    expect(seqScansOfLargeTables(plans)).toEqual([]);
    expect(plans.length).toBeGreaterThanOrEqual(requests.length);
    // The job's read was among them (it reads nothing without Stripe).
    expect(plans.filter((p) => p.name === 'ad-orders job' && p.plan.includes('orders_open_stripe_idx'))).toHaveLength(1);
  }, 120_000);
});

type Sent = { text: string; values: unknown[] };
type RawClient = { query: (query: unknown, values?: unknown, ...rest: unknown[]) => Promise<unknown> };
/** The driver under drizzle (a pg Pool, or PGlite): every statement of the API goes through its query(). */
const rawClient = () => (h.db as unknown as { $client: RawClient }).$client;

/** The statements sent to the database while `run` runs (statements inside a transaction are not seen). */
async function capturing(run: () => Promise<unknown>): Promise<Sent[]> {
  const client = rawClient();
  const original = client.query;
  const sent: Sent[] = [];
  client.query = function (this: unknown, query: unknown, values?: unknown, ...rest: unknown[]) {
    sent.push({ text: typeof query === 'string' ? query : (query as { text: string }).text, values: Array.isArray(values) ? values : [] });
    return original.call(this, query, values, ...rest);
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return sent;
}
