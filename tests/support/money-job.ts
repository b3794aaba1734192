// One cycle of the background job (the minute sweep: pay-ins never returned from, refunds and
// payouts, due payouts) as its own process, for tests/api/money-crash.pg.test.ts. AHEAD_MS moves its
// clock forward (a pay-in is asked about once it is a minute old). A crash point in STUGA_CRASH_AT kills it.
import { closeDb, getDb } from '@/marketplace/db/client';
import { sweepBookings } from '@/marketplace/jobs/bookings-sweep';

const db = await getDb();
const result = await sweepBookings(db, new Date(Date.now() + Number(process.env.AHEAD_MS ?? 0)));
process.stdout.write(`${JSON.stringify(result)}\n`);
await closeDb();
process.exit(0);
