import { describe, expect, it } from 'vitest';
import { actionUrlValid, BANK_POLL_TRIES, initialSca, isTerminal, resumeNext, scaReducer, type ScaEvent, type ScaSync } from '@/lib/rules/sca';

const run = (events: ScaEvent[], from: ScaSync = initialSca()) => events.reduce(scaReducer, from);

describe('SCA sync (SPEC §4)', () => {
  it('is terminal on ACTIVE, CANCELED, DEACTIVATED or when the answer says so', () => {
    expect(['ACTIVE', 'CANCELED', 'DEACTIVATED'].map((s) => isTerminal(s as 'ACTIVE'))).toEqual([true, true, true]);
    expect(isTerminal('PENDING')).toBe(false);
    expect(isTerminal('PENDING', { terminal: true })).toBe(true);
    expect(isTerminal(null, { ready: true })).toBe(true);
  });

  it('start → polling; ACTIVE → polls the bank until the account is stored → ready', () => {
    const active = run([
      { type: 'start', rid: 'rcpt_1' },
      { type: 'status', remote_status: 'ACTIVE' },
    ]);
    expect(active).toMatchObject({ phase: 'polling', rid: 'rcpt_1', remote_status: 'ACTIVE' });
    const ready = run(
      [
        { type: 'bank', added_at: null },
        { type: 'bank', added_at: '2026-11-24T12:00:00Z' },
      ],
      active,
    );
    expect(ready).toMatchObject({ phase: 'ready', db_bank_account_added_at: '2026-11-24T12:00:00Z', bank_polls: 1 });
  });

  it('gives up on the bank after 5 polls', () => {
    const active = run([
      { type: 'start', rid: 'r' },
      { type: 'status', remote_status: 'ACTIVE' },
    ]);
    const polled = run(
      Array.from({ length: BANK_POLL_TRIES }, () => ({ type: 'bank', added_at: null }) as const),
      active,
    );
    expect(polled).toMatchObject({ phase: 'error', error: 'bank_not_ready', bank_polls: 5 });
  });

  it('PENDING after the return offers resume; CANCELED must start over; no recipient id is an error', () => {
    expect(
      run([
        { type: 'start', rid: 'r' },
        { type: 'status', remote_status: 'PENDING' },
      ]),
    ).toMatchObject({ phase: 'error', error: 'sca_failed' });
    expect(
      run([
        { type: 'start', rid: 'r' },
        { type: 'status', remote_status: 'CANCELED' },
      ]),
    ).toMatchObject({ phase: 'error', error: 'start_over' });
    expect(run([{ type: 'start', rid: null }])).toMatchObject({ phase: 'error', error: 'unknown' });
  });

  it('resume: one at a time, then a 5-second cooldown counted down each second', () => {
    const failed = run([
      { type: 'start', rid: 'r' },
      { type: 'status', remote_status: 'PENDING' },
    ]);
    const loading = scaReducer(failed, { type: 'resume' });
    expect(loading.resume_loading).toBe(true);
    expect(scaReducer(loading, { type: 'resume' })).toBe(loading);
    const after = scaReducer(loading, { type: 'resumed', next: 'next', sca_bank_action_url: '/sandbox/mangopay/sca/r' });
    expect(after).toMatchObject({ resume_loading: false, cooldown: 5, sca_bank_action_url: '/sandbox/mangopay/sca/r' });
    expect(scaReducer(after, { type: 'resume' })).toBe(after);
    expect(
      run(
        Array.from({ length: 5 }, () => ({ type: 'tick' }) as const),
        after,
      ).cooldown,
    ).toBe(0);
    expect(scaReducer(scaReducer(failed, { type: 'resume' }), { type: 'resumed', next: 'done' })).toMatchObject({ phase: 'polling', remote_status: 'ACTIVE' });
    expect(scaReducer(scaReducer(failed, { type: 'resume' }), { type: 'resumed', next: 'start_over' })).toMatchObject({ phase: 'error', error: 'start_over' });
  });

  it('the server decides a resume from the recipient and the 9.5-minute action URL', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(actionUrlValid(new Date(now.getTime() - 569_999), now)).toBe(true);
    expect(actionUrlValid(new Date(now.getTime() - 570_000), now)).toBe(false);
    expect(actionUrlValid(null, now)).toBe(false);
    expect(resumeNext('PENDING', true)).toBe('next');
    expect(resumeNext('PENDING', false)).toBe('start_over');
    expect(resumeNext('ACTIVE', false)).toBe('done');
    expect(resumeNext('DEACTIVATED', true)).toBe('start_over');
    expect(resumeNext(null, true)).toBe('resume_failed');
  });
});
