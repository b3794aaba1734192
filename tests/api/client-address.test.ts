// Who is asking (issue 10 §3): without TRUST_PROXY_HOPS the address is the socket's peer, so a
// client-chosen X-Forwarded-For cannot spread one client over many per-address limits.
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHECK_USERNAME_PER_ADDRESS } from '@/lib/constants';
import { startApi, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  process.env.TRUST_PROXY_HOPS = '0';
  h = await startApi();
  // The socket's address is this machine's: on a PostgreSQL database kept between runs, start its count afresh.
  await h.db.delete(h.schema.rateLimits).where(and(eq(h.schema.rateLimits.bucket, 'check-username/address'), like(h.schema.rateLimits.key, 'address:%')));
});
afterAll(async () => h?.close());

it('counts spoofed X-Forwarded-For addresses as the one socket they came from', async () => {
  const statuses: number[] = [];
  for (let i = 0; i <= CHECK_USERNAME_PER_ADDRESS; i++) {
    const response = await h.call('POST', '/api/user/checkUsername', { body: { username: `nobody-${i}@example.com` }, address: `198.51.100.${i % 250}` });
    statuses.push(response.status);
  }
  // One socket, one budget: the calls past it are refused whatever address they claimed. (Other test
  // files sharing a PostgreSQL database may spend the same socket's budget meanwhile, so the count of
  // 200s is not asserted exactly; that no spoofed address got a budget of its own is.)
  expect(statuses.at(-1)).toBe(429);
  expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(CHECK_USERNAME_PER_ADDRESS);
  const spoofed = await h.db
    .select()
    .from(h.schema.rateLimits)
    .where(and(eq(h.schema.rateLimits.bucket, 'check-username/address'), like(h.schema.rateLimits.key, 'address:198.51.100.%')));
  expect(spoofed).toEqual([]);
});
