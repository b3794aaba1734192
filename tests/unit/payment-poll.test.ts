import { describe, expect, it } from 'vitest';
import { paymentPollDelay, paymentPollTimedOut } from '@/lib/query/poll';

describe('payment return polling (SPEC §4)', () => {
  it('asks first after 700 ms, then every 1.5 s', () => {
    expect(paymentPollDelay(0, false)).toBe(700);
    expect(paymentPollDelay(1, false)).toBe(1500);
    expect(paymentPollDelay(12, false)).toBe(1500);
  });
  it('stops once the payment is settled', () => {
    expect(paymentPollDelay(0, true)).toBe(false);
    expect(paymentPollDelay(3, true)).toBe(false);
  });
  it('times out after 30 s', () => {
    const start = 1_000_000;
    expect(paymentPollTimedOut(start, start + 29_999)).toBe(false);
    expect(paymentPollTimedOut(start, start + 30_000)).toBe(true);
  });
  it('fits about 20 asks into the 30 s', () => {
    let elapsed = 0;
    let asked = 0;
    for (let wait = paymentPollDelay(asked, false); wait !== false && !paymentPollTimedOut(0, elapsed + wait); wait = paymentPollDelay(asked, false)) {
      elapsed += wait;
      asked += 1;
    }
    expect(asked).toBe(20);
  });
});
