import { describe, expect, it, vi } from 'vitest';
import { rememberAnswers } from '@/lib/api/remember-answers';
import { QueryClient } from '@tanstack/react-query';
import { shouldRetry } from '@/lib/query/retry';

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
    const client = new QueryClient();
    const answer = await client.fetchQuery({ queryKey: ['b'], queryFn: () => rememberAnswers(memo, '/b', load), retry: shouldRetry, retryDelay: 0 });
    expect(answer).toBe('ok');
    expect(calls).toBe(2);
  });
});
