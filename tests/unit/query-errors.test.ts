import { describe, expect, it, vi } from 'vitest';
import { ApiClientError } from '@/lib/api/client';
import { errorText, fieldErrorsOf } from '@/lib/api/errors';
import { shouldRetry, retryDelay } from '@/lib/query/retry';
import { applyServerErrors } from '@/components/forms/server-errors';

const t = (key: string) => `t:${key}`;

describe('errorText (SPEC §8)', () => {
  it("shows the API's message when it chose one", () => {
    expect(errorText(new ApiClientError(400, 'Fel lösenord, försök igen'), t)).toBe('Fel lösenord, försök igen');
    expect(errorText(new ApiClientError(500, 'Down for maintenance'), t)).toBe('Down for maintenance');
  });
  it("says 'Bad URL.' for a 400 or 404 without a message, else the generic text", () => {
    expect(errorText(new ApiClientError(404, ''), t)).toBe('t:errors.badUrl');
    expect(errorText(new ApiClientError(400, ''), t)).toBe('t:errors.badUrl');
    expect(errorText(new ApiClientError(503, ''), t)).toBe('t:errors.generic');
    expect(errorText(new TypeError('Failed to fetch'), t)).toBe('t:errors.generic');
  });
});

describe('fieldErrorsOf', () => {
  const error = new ApiClientError(400, 'Error in form!', [
    { field: 'cities.0', message: 'first city' },
    { field: 'cities.1', message: 'second city' },
    { field: 'title_sv', message: 'Required' },
    { field: 'unknown_field', message: 'elsewhere' },
    { field: '', message: 'no field' },
  ]);
  it('files nested paths under their first segment, first message wins', () => {
    expect(fieldErrorsOf(error)).toEqual({ cities: 'first city', title_sv: 'Required', unknown_field: 'elsewhere' });
  });
  it('leaves out fields the form does not have', () => {
    expect(fieldErrorsOf(error, ['cities', 'title_sv'])).toEqual({ cities: 'first city', title_sv: 'Required' });
  });
  it('finds nothing in other errors', () => {
    expect(fieldErrorsOf(new Error('x'))).toEqual({});
    expect(fieldErrorsOf(new ApiClientError(500, 'x'))).toEqual({});
  });
});

describe('applyServerErrors', () => {
  it("sets the API's errors on the form's own fields and says whether any landed", () => {
    const setError = vi.fn();
    const form = { setError, getValues: () => ({ password: '', old_password: '' }) };
    const error = new ApiClientError(400, 'x', [
      { field: 'old_password', message: 'Your current password is incorrect' },
      { field: 'iban', message: 'no' },
    ]);
    expect(applyServerErrors(form, error)).toBe(true);
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith('old_password', { type: 'server', message: 'Your current password is incorrect' });
    expect(applyServerErrors(form, new ApiClientError(400, 'x', [{ field: 'iban', message: 'no' }]))).toBe(false);
  });
});

describe('query retries (SPEC §9: 3 attempts, 2 s apart, none on 4xx)', () => {
  it('retries a server or network failure twice, so three attempts in all', () => {
    const down = new ApiClientError(503, '');
    expect(shouldRetry(0, down)).toBe(true);
    expect(shouldRetry(1, down)).toBe(true);
    expect(shouldRetry(2, down)).toBe(false);
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retryDelay()).toBe(2000);
  });
  it('never retries a 4xx', () => {
    for (const status of [400, 401, 403, 404, 429]) expect(shouldRetry(0, new ApiClientError(status, ''))).toBe(false);
  });
});
