import { describe, expect, it } from 'vitest';
import { SANDBOX_CARDS, SANDBOX_FAILURE_EXAMPLES, sandboxCardOutcome } from '@/lib/rules/sandbox-cards';

// Fixed clock: 15 June 2027.
const NOW = new Date('2027-06-15T12:00:00Z');
const card = (number: string, expiry = '12/29', cvc = '123') => ({ number, expiry, cvc });
const outcome = (number: string, expiry?: string, cvc?: string) => sandboxCardOutcome(card(number, expiry, cvc), NOW);
const failure = (code: string) => ({ kind: 'failure', code });

describe('sandbox test cards', () => {
  it('lists the documented cards', () => {
    expect(SANDBOX_CARDS).toEqual({ success: '4970105191923460', secure: '4970105181818183', failurePrefix: '4970100000' });
    expect([...SANDBOX_FAILURE_EXAMPLES]).toEqual(['001001', '101105', '105101', '008001']);
  });

  it('the success card pays', () => {
    expect(outcome('4970105191923460')).toEqual({ kind: 'success' });
  });

  it('the 3-D Secure card asks for authentication', () => {
    expect(outcome('4970105181818183')).toEqual({ kind: 'secure' });
  });

  it('the failure prefix followed by a result code fails with that code', () => {
    expect(outcome('4970100000001001')).toEqual(failure('001001'));
    expect(outcome('4970100000101105')).toEqual(failure('101105'));
    expect(outcome('4970100000105101')).toEqual(failure('105101'));
    expect(outcome('4970100000008001')).toEqual(failure('008001'));
    for (const code of SANDBOX_FAILURE_EXAMPLES) expect(outcome(`4970100000${code}`)).toEqual(failure(code));
  });

  it('accepts spaces (and dashes) in the number', () => {
    expect(outcome('4970 1051 9192 3460')).toEqual({ kind: 'success' });
    expect(outcome(' 4970 1051 8181 8183 ')).toEqual({ kind: 'secure' });
    expect(outcome('4970 1000 0000 1001')).toEqual(failure('001001'));
    expect(outcome('4970-1051-9192-3460')).toEqual({ kind: 'success' });
  });

  it('an expiry before this month is expired (101105); this month is still valid', () => {
    expect(outcome('4970105191923460', '05/27')).toEqual(failure('101105'));
    expect(outcome('4970105191923460', '12/26')).toEqual(failure('101105'));
    expect(outcome('4970105191923460', '06/27')).toEqual({ kind: 'success' });
    expect(outcome('4970105191923460', '07/27')).toEqual({ kind: 'success' });
    expect(outcome('4970105191923460', '01/28')).toEqual({ kind: 'success' });
    expect(outcome('4970105191923460', '06 / 27')).toEqual({ kind: 'success' });
  });

  it('the expiry is judged against the given clock', () => {
    expect(sandboxCardOutcome(card('4970105191923460', '06/27'), new Date('2027-07-01T00:00:00Z'))).toEqual(failure('101105'));
    expect(sandboxCardOutcome(card('4970105191923460', '05/27'), new Date('2027-05-31T23:59:59Z'))).toEqual({ kind: 'success' });
  });

  it('a malformed expiry fails with 105101', () => {
    for (const expiry of ['', '13/29', '00/29', '1/29', '12/2029', '1229', 'ab/cd', '12-29']) {
      expect(outcome('4970105191923460', expiry), expiry).toEqual(failure('105101'));
    }
  });

  it('a malformed CVC fails with 105101', () => {
    for (const cvc of ['', '12', '12345', '12a', 'abc']) {
      expect(outcome('4970105191923460', '12/29', cvc), cvc).toEqual(failure('105101'));
    }
    expect(outcome('4970105191923460', '12/29', '1234')).toEqual({ kind: 'success' });
    expect(outcome('4970105191923460', '12/29', ' 123 ')).toEqual({ kind: 'success' });
  });

  it('a malformed number fails with 105101', () => {
    for (const number of ['', '4970', '49701051919234', '49701051919234601', '4970105191923a60', '4970.1051.9192.3460']) {
      expect(outcome(number), number).toEqual(failure('105101'));
    }
  });

  it('a number the bank does not know fails with 105101', () => {
    expect(outcome('4111111111111111')).toEqual(failure('105101'));
    expect(outcome('4970105191923461')).toEqual(failure('105101'));
    // The failure prefix with only 5 more digits (15 in all) is not a failure-code card.
    expect(outcome('497010000000100')).toEqual(failure('105101'));
  });
});
