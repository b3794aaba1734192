import { describe, expect, it, vi } from 'vitest';
import { rememberAnswers } from '@/lib/api/remember-answers';
import { withRetries } from '@/lib/api/retry';

describe('rememberAnswers', () => {
  it('loads a key once while it succeeds', async () => {
    const memo = new Map<string, Promise<unknown>>();
    const load = vi.fn(async () => 42);
    expect(await rememberAnswers(memo, '/a', load)).toBe(42);
    expect(await rememberAnswers(memo, '/a', load)).toBe(42);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failure, so that a retry in the same request can succeed', async () => {
    const memo = new Map<string, Promise<unknown>>();
    let calls = 0;
    const load = async () => {
      calls += 1;
      if (calls === 1) throw new Error('down');
      return 'ok';
    };
    const answer = await withRetries(() => rememberAnswers(memo, '/b', load), 3, 0);
    expect(answer).toBe('ok');
    expect(calls).toBe(2);
  });
});
