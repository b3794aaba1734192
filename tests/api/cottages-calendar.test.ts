// GET/PUT /api/cottages/:id/calendar (SPEC §4 calendar, §9 window and outdated calendars), the
// OUTDATED_COTTAGE to-do of GET /api/user/todo, last-minute deals and visit statistics.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { visitStatsSchema } from '@/lib/schemas/cottage-stats';
import type { Harness } from './harness';
import { asCottage, createCottage, host, row, setCottage, snapshot, startCottageApi } from './cottages-support';
import type { CalendarRange } from '@/lib/rules/calendar';

let h: Harness;
let stop: () => Promise<void>;
let rules: typeof import('@/lib/rules/dates');
let window: { from: string; to: string };
let today: string;
beforeAll(async () => {
  ({ h, stop } = await startCottageApi());
  rules = await import('@/lib/rules/dates');
  today = rules.todayInStockholm();
  window = (await import('@/lib/rules/calendar')).calendarWindow(today);
});
afterAll(async () => stop?.());

const day = (n: number) => rules.addDays(today, n);

async function calendarRows(cottageId: number) {
  const rows = await h.db.select().from(h.schema.cottageCalendar).where(eq(h.schema.cottageCalendar.cottageId, cottageId)).orderBy(asc(h.schema.cottageCalendar.fromDate));
  return rows.map((r) => ({ from: r.fromDate, to: r.toDate, state: r.state }));
}

async function putCalendar(token: string, id: number, ranges: unknown) {
  return h.call('PUT', `/api/cottages/${id}/calendar`, { token, body: { ranges } });
}

async function todosOf(userId: number) {
  return h.db
    .select()
    .from(h.schema.todos)
    .where(and(eq(h.schema.todos.userId, userId), eq(h.schema.todos.type, 'OUTDATED_COTTAGE')));
}

describe('PUT /api/cottages/:id/calendar', () => {
  it('stores the ranges, answers them and GET reads them back; calendar_updated_at is set', async () => {
    const { token } = await host(h);
    const { id } = await createCottage(h, token);
    expect((await h.call('GET', `/api/cottages/${id}/calendar`, { token })).json).toEqual([]);
    const ranges: CalendarRange[] = [
      { from: day(1), to: day(8), state: 5 },
      { from: day(8), to: day(15), state: 1 },
      { from: day(20), to: day(22), state: 3 },
      { from: day(30), to: day(31), state: 2 },
    ];
    const before = Date.now();
    const result = await putCalendar(token, id, ranges);
    expect(result.status).toBe(200);
    expect(result.json).toEqual(ranges);
    expect(await calendarRows(id)).toEqual(ranges);
    const read = await h.call('GET', `/api/cottages/${id}/calendar`, { token });
    expect(read.status).toBe(200);
    expect(read.json).toEqual(ranges);
    const stored = await row(h, id);
    expect(stored?.calendarUpdatedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const ad = asCottage((await h.call('GET', `/api/cottages/${id}`, { token })).json);
    expect(ad.calendar).toEqual(ranges);
    expect(ad.steps.calendar).toBe(true);
    expect(ad.calendar_updated_at).toBe(stored?.calendarUpdatedAt?.toISOString());
  });

  it('merges contiguous same-state ranges; a later range wins where ranges overlap; state 0 is not stored', async () => {
    const { token } = await host(h);
    const { id } = await createCottage(h, token);
    const result = await putCalendar(token, id, [
      { from: day(10), to: day(20), state: 5 },
      { from: day(1), to: day(5), state: 5 },
      { from: day(5), to: day(10), state: 5 },
      { from: day(12), to: day(14), state: 1 },
      { from: day(16), to: day(17), state: 0 },
      { from: day(40), to: day(45), state: 0 },
    ]);
    expect(result.status).toBe(200);
    const expected = [
      { from: day(1), to: day(12), state: 5 },
      { from: day(12), to: day(14), state: 1 },
      { from: day(14), to: day(16), state: 5 },
      { from: day(17), to: day(20), state: 5 },
    ];
    expect(result.json).toEqual(expected);
    expect(await calendarRows(id)).toEqual(expected);
  });

  it('clamps the ranges to the window: from the first of this month to five years ahead', async () => {
    const { token } = await host(h);
    const { id } = await createCottage(h, token);
    expect(window.from).toBe(`${today.slice(0, 7)}-01`);
    expect(window.to).toBe(rules.addMonths(window.from, 60));
    const result = await putCalendar(token, id, [
      { from: rules.addDays(window.from, -40), to: rules.addDays(window.from, -10), state: 1 },
      { from: rules.addDays(window.from, -5), to: rules.addDays(window.from, 3), state: 2 },
      { from: rules.addDays(window.to, -2), to: rules.addDays(window.to, 30), state: 5 },
      { from: rules.addDays(window.to, 1), to: rules.addDays(window.to, 9), state: 5 },
    ]);
    expect(result.status).toBe(200);
    const expected = [
      { from: window.from, to: rules.addDays(window.from, 3), state: 2 },
      { from: rules.addDays(window.to, -2), to: window.to, state: 5 },
    ];
    expect(result.json).toEqual(expected);
    expect(await calendarRows(id)).toEqual(expected);
  });

  it('replaces the window on every save', async () => {
    const { token } = await host(h);
    const { id } = await createCottage(h, token);
    await putCalendar(token, id, [{ from: day(1), to: day(5), state: 5 }]);
    await putCalendar(token, id, [{ from: day(10), to: day(12), state: 1 }]);
    expect(await calendarRows(id)).toEqual([{ from: day(10), to: day(12), state: 1 }]);
    expect((await putCalendar(token, id, [])).json).toEqual([]);
    expect(await calendarRows(id)).toEqual([]);
  });

  it('keeps the history before the window: whole past ranges, and the past part of a range that crosses the start of this month', async () => {
    const { token } = await host(h);
    const { id } = await createCottage(h, token);
    const cal = h.schema.cottageCalendar;
    const past = { from: rules.addDays(window.from, -60), to: rules.addDays(window.from, -40), state: 1 };
    const endsAtWindow = { from: rules.addDays(window.from, -30), to: window.from, state: 2 };
    await h.db.insert(cal).values([past, endsAtWindow].map((r) => ({ cottageId: id, fromDate: r.from, toDate: r.to, state: r.state })));
    const crossing = { cottageId: id, fromDate: rules.addDays(window.from, -3), toDate: rules.addDays(window.from, 4), state: 5 };
    const crossingId = await h.db.insert(cal).values(crossing).returning({ id: cal.id });
    expect(crossingId).toHaveLength(1);

    const result = await putCalendar(token, id, [{ from: day(40), to: day(45), state: 5 }]);
    expect(result.status).toBe(200);
    expect(await calendarRows(id)).toEqual([past, endsAtWindow, { from: rules.addDays(window.from, -3), to: window.from, state: 5 }, { from: day(40), to: day(45), state: 5 }]);
  });

  it('refuses a reversed or empty range, a malformed day and an unknown state, changing nothing', async () => {
    const { token } = await host(h);
    const { id } = await createCottage(h, token);
    await putCalendar(token, id, [{ from: day(1), to: day(5), state: 5 }]);
    const cases: [unknown, string, string][] = [
      [[{ from: day(5), to: day(1), state: 5 }], 'ranges.0', 'Invalid date'],
      [
        [
          { from: day(2), to: day(9), state: 1 },
          { from: day(3), to: day(3), state: 5 },
        ],
        'ranges.1',
        'Invalid date',
      ],
      [[{ from: '2031-02-30', to: '2031-03-02', state: 5 }], 'ranges.0.from', 'Invalid date'],
      [[{ from: day(1), to: '20310302', state: 5 }], 'ranges.0.to', 'Invalid date'],
      [[{ from: day(1), to: day(3), state: 4 }], 'ranges.0.state', expect.any(String) as unknown as string],
      [undefined, 'ranges', expect.any(String) as unknown as string],
    ];
    for (const [ranges, field, message] of cases) {
      const before = await snapshot(h, id);
      const result = await h.call('PUT', `/api/cottages/${id}/calendar`, { token, body: ranges === undefined ? {} : { ranges } });
      expect(result.status, JSON.stringify(ranges)).toBe(400);
      expect(result.json.errors).toEqual(expect.arrayContaining([{ field, message }]));
      expect(await snapshot(h, id)).toEqual(before);
    }
  });

  it("refuses a commission ad's calendar without any available (state 5) period inside the window", async () => {
    const { token } = await host(h);
    const { id } = await createCottage(h, token);
    await setCottage(h, id, { commission: true });
    await putCalendar(token, id, [{ from: day(1), to: day(5), state: 5 }]);
    for (const ranges of [
      [],
      [{ from: day(1), to: day(9), state: 1 }],
      [{ from: rules.addDays(window.to, 1), to: rules.addDays(window.to, 5), state: 5 }],
      [
        { from: day(1), to: day(5), state: 5 },
        { from: day(1), to: day(5), state: 2 },
      ],
    ]) {
      const before = await snapshot(h, id);
      const result = await putCalendar(token, id, ranges);
      expect(result.status, JSON.stringify(ranges)).toBe(400);
      expect(result.json.message).toBe('A commission ad needs at least one available period');
      expect(result.json.errors).toEqual([{ field: 'ranges', message: 'A commission ad needs at least one available period' }]);
      expect(await snapshot(h, id)).toEqual(before);
    }
    expect((await putCalendar(token, id, [{ from: day(2), to: day(3), state: 5 }])).status).toBe(200);
    // Fixed-price and undecided ads may have no available period.
    const fixed = await createCottage(h, token, { commission: false });
    expect((await putCalendar(token, fixed.id, [{ from: day(1), to: day(9), state: 1 }])).status).toBe(200);
    const undecided = await createCottage(h, token);
    expect((await putCalendar(token, undecided.id, [])).status).toBe(200);
  });
});

describe('OUTDATED_COTTAGE to-do (GET /api/user/todo)', () => {
  const monthsAgo = (n: number) => {
    const d = new Date();
    d.setMonth(d.getMonth() - n);
    return d;
  };
  /** The ads the to-do list reminds about (read or unread). */
  const outdatedIds = async (token: string, read = false) => {
    const items = (await h.call('GET', '/api/user/todo', { token })).json as unknown as { type: string; value: { id: number; read: boolean } }[];
    return items.filter((i) => i.type === 'OUTDATED_COTTAGE' && i.value.read === read).map((i) => i.value.id);
  };

  it('appears for an ad whose calendar was saved more than 3 months ago, and saving the calendar removes it', async () => {
    const { user, token } = await host(h);
    const old = await createCottage(h, token);
    const recent = await createCottage(h, token);
    const c = h.schema.cottages;
    await h.db
      .update(c)
      .set({ calendarUpdatedAt: monthsAgo(4) })
      .where(eq(c.id, old.id));
    await h.db
      .update(c)
      .set({ calendarUpdatedAt: monthsAgo(2) })
      .where(eq(c.id, recent.id));

    const list = await h.call('GET', '/api/user/todo', { token });
    expect(list.status).toBe(200);
    const items = list.json as unknown as { type: string; value: { id: number; read: boolean } }[];
    expect(items.filter((i) => i.type === 'OUTDATED_COTTAGE')).toEqual([expect.objectContaining({ type: 'OUTDATED_COTTAGE', value: expect.objectContaining({ id: old.id, read: false }) })]);
    // Reading the list writes nothing (issue 12); asking again still shows one.
    expect(await todosOf(user.id)).toEqual([]);
    expect(await outdatedIds(token)).toEqual([old.id]);
    // Marking it read stores it read, once.
    expect((await h.call('PATCH', '/api/user/todo', { token, body: { type: 'OUTDATED_COTTAGE', id: old.id } })).status).toBe(200);
    expect(await todosOf(user.id)).toEqual([expect.objectContaining({ refId: old.id, read: true })]);
    expect(await outdatedIds(token, true)).toEqual([old.id]);

    expect((await putCalendar(token, old.id, [{ from: day(1), to: day(3), state: 5 }])).status).toBe(200);
    expect(await todosOf(user.id)).toEqual([]);
    const after = (await h.call('GET', '/api/user/todo', { token })).json as unknown as { type: string }[];
    expect(after.filter((i) => i.type === 'OUTDATED_COTTAGE')).toEqual([]);
  });

  it('appears for an ad created more than 3 months ago whose calendar was never saved', async () => {
    const { user, token } = await host(h);
    const ad = await createCottage(h, token);
    await h.db
      .update(h.schema.cottages)
      .set({ createdAt: monthsAgo(5), calendarUpdatedAt: null })
      .where(eq(h.schema.cottages.id, ad.id));
    expect(await outdatedIds(token)).toEqual([ad.id]);
    expect(await todosOf(user.id)).toEqual([]);
  });

  it("saving another host's calendar cannot remove the to-do; only the ad's own calendar does", async () => {
    const { user, token } = await host(h);
    const [a, b] = [await createCottage(h, token), await createCottage(h, token)];
    await h.db
      .update(h.schema.cottages)
      .set({ calendarUpdatedAt: monthsAgo(4) })
      .where(eq(h.schema.cottages.id, a.id));
    await h.db
      .update(h.schema.cottages)
      .set({ calendarUpdatedAt: monthsAgo(4) })
      .where(eq(h.schema.cottages.id, b.id));
    for (const id of [a.id, b.id]) await h.call('PATCH', '/api/user/todo', { token, body: { type: 'OUTDATED_COTTAGE', id } });
    await putCalendar(token, b.id, []);
    expect((await todosOf(user.id)).map((t) => t.refId)).toEqual([a.id]);
    expect(await outdatedIds(token, true)).toEqual([a.id]);
  });

  it('goes away with the ad: a deleted ad leaves no to-do behind', async () => {
    const { user, token } = await host(h);
    const ad = await createCottage(h, token);
    await h.db
      .update(h.schema.cottages)
      .set({ calendarUpdatedAt: monthsAgo(4) })
      .where(eq(h.schema.cottages.id, ad.id));
    await h.call('PATCH', '/api/user/todo', { token, body: { type: 'OUTDATED_COTTAGE', id: ad.id } });
    expect(await todosOf(user.id)).toHaveLength(1);
    expect((await h.call('DELETE', `/api/cottages/${ad.id}`, { token })).status).toBe(200);
    const items = (await h.call('GET', '/api/user/todo', { token })).json as unknown as { type: string; value: { id: number } }[];
    expect(items.filter((i) => i.type === 'OUTDATED_COTTAGE' && i.value.id === ad.id)).toEqual([]);
  });
});

describe('last-minute deals', () => {
  it('POST stores a deal (price in öre) and answers the list, GET lists by from date', async () => {
    const { token } = await host(h);
    const { id } = await createCottage(h, token);
    const late = await h.call('POST', `/api/cottages/${id}/lastminutes`, { token, body: { from_date: day(20), to_date: day(27), price: 350_000, title_sv: '  Sista minuten  ', title_en: '' } });
    expect(late.status).toBe(200);
    const early = await h.call('POST', `/api/cottages/${id}/lastminutes`, { token, body: { from_date: day(2), to_date: day(4), price: 100 } });
    expect(early.status).toBe(200);
    const list = early.json as unknown as { id: number }[];
    expect(list).toEqual([
      { id: expect.any(Number), from_date: day(2), to_date: day(4), price: 100, title_sv: null, title_en: null, title_de: null },
      { id: expect.any(Number), from_date: day(20), to_date: day(27), price: 350_000, title_sv: 'Sista minuten', title_en: null, title_de: null },
    ]);
    const stored = await h.db.select().from(h.schema.lastMinutes).where(eq(h.schema.lastMinutes.cottageId, id)).orderBy(asc(h.schema.lastMinutes.fromDate));
    expect(stored.map((r) => [r.id, r.fromDate, r.toDate, r.price, r.titleSv])).toEqual([
      [list[0]!.id, day(2), day(4), 100, null],
      [list[1]!.id, day(20), day(27), 350_000, 'Sista minuten'],
    ]);
    const read = await h.call('GET', `/api/cottages/${id}/lastminutes`, { token });
    expect(read.status).toBe(200);
    expect(read.json).toEqual(list);
  });

  it('accepts today up to two months ahead', async () => {
    const { token } = await host(h);
    const { id } = await createCottage(h, token);
    const last = rules.addMonths(today, 2);
    expect((await h.call('POST', `/api/cottages/${id}/lastminutes`, { token, body: { from_date: today, to_date: today, price: 999_999_900 } })).status).toBe(200);
    expect((await h.call('POST', `/api/cottages/${id}/lastminutes`, { token, body: { from_date: rules.addDays(last, -1), to_date: last, price: 50_000 } })).status).toBe(200);
  });

  it("refuses dates outside today … two months ahead ('Choose a date within the next two months'), missing dates and bad prices", async () => {
    const { token } = await host(h);
    const { id } = await createCottage(h, token);
    const last = rules.addMonths(today, 2);
    const window = 'Choose a date within the next two months';
    const range = 'Enter a price between 1 and 9 999 999 kr';
    const ok = { from_date: day(3), to_date: day(5), price: 100_000 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...ok, from_date: undefined }, 'from_date', 'From Date is required'],
      [{ ...ok, from_date: '' }, 'from_date', 'From Date is required'],
      [{ ...ok, to_date: undefined }, 'to_date', 'To Date is required'],
      [{ ...ok, to_date: '' }, 'to_date', 'To Date is required'],
      [{ ...ok, from_date: day(-1) }, 'from_date', window],
      [{ ...ok, from_date: last, to_date: last }, 'from_date', window],
      [{ ...ok, to_date: rules.addDays(last, 1) }, 'to_date', window],
      [{ ...ok, from_date: day(5), to_date: day(3) }, 'to_date', window],
      [{ ...ok, from_date: '2031-02-30' }, 'from_date', 'Invalid date'],
      [{ ...ok, price: 99 }, 'price', range],
      [{ ...ok, price: 999_999_901 }, 'price', range],
      [{ ...ok, price: 100.5 }, 'price', 'Invalid value'],
      [{ ...ok, price: undefined }, 'price', 'Invalid value'],
      [{ ...ok, title_sv: 't'.repeat(51) }, 'title_sv', 'Max number of chars: 50'],
    ];
    for (const [body, field, message] of cases) {
      const result = await h.call('POST', `/api/cottages/${id}/lastminutes`, { token, body });
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.json.errors, JSON.stringify(body)).toEqual(expect.arrayContaining([{ field, message }]));
    }
    expect((await h.call('POST', `/api/cottages/${id}/lastminutes`, { token, body: { ...ok, from_date: day(-1) } })).json.message).toBe(window);
    expect(await h.db.select().from(h.schema.lastMinutes).where(eq(h.schema.lastMinutes.cottageId, id))).toEqual([]);
  });

  it("DELETE removes the ad's deal; another ad's deal id, an unknown or a malformed one answers 404", async () => {
    const me = await host(h);
    const mine = await createCottage(h, me.token);
    const myOther = await createCottage(h, me.token);
    const stranger = await host(h);
    const theirs = await createCottage(h, stranger.token);
    const body = { from_date: day(1), to_date: day(2), price: 20_000 };
    await h.call('POST', `/api/cottages/${mine.id}/lastminutes`, { token: me.token, body });
    await h.call('POST', `/api/cottages/${mine.id}/lastminutes`, { token: me.token, body: { ...body, from_date: day(5), to_date: day(6) } });
    const [kept, second] = (await h.call('GET', `/api/cottages/${mine.id}/lastminutes`, { token: me.token })).json as unknown as { id: number }[];
    const toDelete = second!.id;
    const [foreign] = (await h.call('POST', `/api/cottages/${theirs.id}/lastminutes`, { token: stranger.token, body })).json as unknown as { id: number }[];
    const [otherOfMine] = (await h.call('POST', `/api/cottages/${myOther.id}/lastminutes`, { token: me.token, body })).json as unknown as { id: number }[];

    const deleted = await h.call('DELETE', `/api/cottages/${mine.id}/lastminutes/${toDelete}`, { token: me.token });
    expect(deleted.status).toBe(200);
    expect((deleted.json as unknown as { id: number }[]).map((d) => d.id)).toEqual([kept!.id]);
    expect((await h.db.select().from(h.schema.lastMinutes).where(eq(h.schema.lastMinutes.cottageId, mine.id))).map((d) => d.id)).toEqual([kept!.id]);

    for (const lid of [foreign!.id, otherOfMine!.id, toDelete, 'abc', '0']) {
      const result = await h.call('DELETE', `/api/cottages/${mine.id}/lastminutes/${lid}`, { token: me.token });
      expect(result.status, String(lid)).toBe(404);
    }
    expect(await h.db.select().from(h.schema.lastMinutes).where(eq(h.schema.lastMinutes.id, foreign!.id))).toHaveLength(1);
    expect(await h.db.select().from(h.schema.lastMinutes).where(eq(h.schema.lastMinutes.id, otherOfMine!.id))).toHaveLength(1);
  });
});

describe('GET /api/cottages/:id/stats and visits of the public page', () => {
  it('answers 60 days, zeros included, ending today, with their total', async () => {
    const { token } = await host(h);
    const { id } = await createCottage(h, token);
    const result = await h.call('GET', `/api/cottages/${id}/stats`, { token });
    expect(result.status).toBe(200);
    const stats = z.parse(visitStatsSchema, result.json);
    expect(stats.total).toBe(0);
    expect(stats.rows).toHaveLength(60);
    expect(stats.rows[0]).toEqual({ date: day(-59), visits: 0 });
    expect(stats.rows[59]).toEqual({ date: today, visits: 0 });
    expect(stats.rows.every((r, i) => r.date === day(i - 59) && r.visits === 0)).toBe(true);

    const v = h.schema.cottageVisits;
    await h.db.insert(v).values([
      { cottageId: id, day: day(-10), visits: 4 },
      { cottageId: id, day: day(-59), visits: 2 },
      { cottageId: id, day: day(-60), visits: 100 },
    ]);
    const counted = z.parse(visitStatsSchema, (await h.call('GET', `/api/cottages/${id}/stats`, { token })).json);
    expect(counted.total).toBe(6);
    expect(counted.rows.find((r) => r.date === day(-10))?.visits).toBe(4);
    expect(counted.rows[0]).toEqual({ date: day(-59), visits: 2 });
  });

  it('a visit of the public page counts for today, except for the owner and with ?count=0', async () => {
    const owner = await host(h);
    const visitor = await host(h);
    const { id } = await createCottage(h, owner.token);
    await h.db.update(h.schema.cottages).set({ reviewedAt: new Date() }).where(eq(h.schema.cottages.id, id));

    expect((await h.call('GET', `/api/public/cottages/${id}`)).status).toBe(200);
    expect((await h.call('GET', `/api/public/cottages/${id}?count=1`, { token: visitor.token })).status).toBe(200);
    expect((await h.call('GET', `/api/public/cottages/${id}`, { token: owner.token })).status).toBe(200);
    expect((await h.call('GET', `/api/public/cottages/${id}?count=0`)).status).toBe(200);
    expect((await h.call('GET', `/api/public/cottages/${id}?count=0`, { token: visitor.token })).status).toBe(200);
    expect((await h.call('GET', `/api/public/cottages/${id}?count=yes`)).status).toBe(400);

    expect(await h.db.select().from(h.schema.cottageVisits).where(eq(h.schema.cottageVisits.cottageId, id))).toEqual([{ cottageId: id, day: today, visits: 2 }]);
    const stats = (await h.call('GET', `/api/cottages/${id}/stats`, { token: owner.token })).json as unknown as { total: number; rows: { date: string; visits: number }[] };
    expect(stats.total).toBe(2);
    expect(stats.rows[59]).toEqual({ date: today, visits: 2 });
  });

  it('an unpublished ad refused to a stranger (404) counts no visit', async () => {
    const owner = await host(h);
    const { id } = await createCottage(h, owner.token);
    expect((await h.call('GET', `/api/public/cottages/${id}`)).status).toBe(404);
    expect(await h.db.select().from(h.schema.cottageVisits).where(eq(h.schema.cottageVisits.cottageId, id))).toEqual([]);
  });
});

describe('DTO calendar facts', () => {
  it('GET /api/cottages/:id shows the saved calendar in the calendar step', async () => {
    const { token } = await host(h);
    const { id } = await createCottage(h, token);
    await putCalendar(token, id, [{ from: day(1), to: day(2), state: 1 }]);
    const ad = asCottage((await h.call('GET', `/api/cottages/${id}`, { token })).json);
    expect(ad.calendar).toEqual([{ from: day(1), to: day(2), state: 1 }]);
    expect(ad.steps.calendar).toBe(true);
  });
});
