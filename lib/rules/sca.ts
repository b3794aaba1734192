// SPEC §3, §4 and §9: strong customer authentication of the host's payout bank account at the payment
// provider (a "recipient"), and the sync that follows the host's return from the bank's page. Pure:
// the payout page's component runs it, the tests drive it step by step.

/** SPEC §9: the stored action URL lives 9.5 minutes; resume waits 5 s between tries; the bank is polled 5 × 2 s. */
export const SCA_ACTION_URL_EXPIRY_MS = 570_000;
export const SCA_RESUME_COOLDOWN_S = 5;
export const BANK_POLL_TRIES = 5;
export const BANK_POLL_INTERVAL_MS = 2_000;

export const RECIPIENT_STATUSES = ['PENDING', 'ACTIVE', 'CANCELED', 'DEACTIVATED'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/** SPEC §4: the sync ends when the provider's recipient is ACTIVE, CANCELED or DEACTIVATED (or the answer says so). */
export const isTerminal = (remote: RecipientStatus | null, payload: { terminal?: boolean; ready?: boolean } = {}) =>
  remote === 'ACTIVE' || remote === 'CANCELED' || remote === 'DEACTIVATED' || payload.terminal === true || payload.ready === true;

/** The stored action URL may be used again while it has not expired. */
export const actionUrlValid = (storedAt: Date | null, now: Date) => storedAt !== null && now.getTime() - storedAt.getTime() < SCA_ACTION_URL_EXPIRY_MS;

/** POST /api/mango/recipients/resume answers what to do next (SPEC §4). */
export const RESUME_NEXT = ['next', 'done', 'start_over', 'resume_failed'] as const;
export type ResumeNext = (typeof RESUME_NEXT)[number];

/** The server's decision for a resume: the recipient's state and whether its action URL still holds. */
export function resumeNext(remote: RecipientStatus | null, urlValid: boolean): ResumeNext {
  if (remote === 'ACTIVE') return 'done';
  if (remote === 'PENDING') return urlValid ? 'next' : 'start_over';
  if (remote === 'CANCELED' || remote === 'DEACTIVATED') return 'start_over';
  return 'resume_failed';
}

export type ScaError = 'sca_failed' | 'bank_not_ready' | 'resume_failed' | 'start_over' | 'server_error' | 'unknown';

/** SPEC §3 "SCA sync state". */
export type ScaSync = {
  phase: 'idle' | 'polling' | 'ready' | 'error';
  rid: string | null;
  remote_status: RecipientStatus | null;
  sca_bank_action_url: string | null;
  db_bank_account_added_at: string | null;
  /** Bank-status polls done after the recipient became active. */
  bank_polls: number;
  resume_loading: boolean;
  error: ScaError | null;
  /** Seconds before resume may be pressed again (counts down each second). */
  cooldown: number;
};

export type ScaEvent =
  | { type: 'start'; rid: string | null }
  | { type: 'status'; remote_status: RecipientStatus | null; sca_bank_action_url?: string | null; terminal?: boolean; ready?: boolean }
  | { type: 'bank'; added_at: string | null }
  | { type: 'resume' }
  | { type: 'resumed'; next: ResumeNext; sca_bank_action_url?: string | null }
  | { type: 'failed'; error: ScaError }
  | { type: 'tick' };

export const initialSca = (rid: string | null = null): ScaSync => ({
  phase: 'idle',
  rid,
  remote_status: null,
  sca_bank_action_url: null,
  db_bank_account_added_at: null,
  bank_polls: 0,
  resume_loading: false,
  error: null,
  cooldown: 0,
});

/**
 * The sync as a reducer: start → polling the recipient; ACTIVE → polling the bank status until the
 * account is stored (at most 5 tries) → ready; CANCELED/DEACTIVATED → error; PENDING after the return
 * → error 'sca_failed' with resume offered. Resume: 'next' sends the browser to the action URL (the
 * component does), 'done' → polling again, 'start_over' / 'resume_failed' → error; a cooldown of 5 s
 * follows every resume.
 */
export function scaReducer(state: ScaSync, event: ScaEvent): ScaSync {
  switch (event.type) {
    case 'start':
      if (!event.rid) return { ...state, phase: 'error', error: 'unknown' };
      return { ...initialSca(event.rid), phase: 'polling' };
    case 'status': {
      const next = { ...state, remote_status: event.remote_status, sca_bank_action_url: event.sca_bank_action_url ?? state.sca_bank_action_url };
      if (!isTerminal(event.remote_status, event)) return { ...next, phase: 'error', error: 'sca_failed' };
      if (event.remote_status === 'ACTIVE' || event.ready) return { ...next, phase: 'polling', error: null };
      return { ...next, phase: 'error', error: 'start_over' };
    }
    case 'bank': {
      if (event.added_at) return { ...state, phase: 'ready', db_bank_account_added_at: event.added_at, error: null };
      const polls = state.bank_polls + 1;
      return polls >= BANK_POLL_TRIES ? { ...state, bank_polls: polls, phase: 'error', error: 'bank_not_ready' } : { ...state, bank_polls: polls };
    }
    case 'resume':
      if (state.resume_loading || state.cooldown > 0) return state;
      return { ...state, resume_loading: true, error: null };
    case 'resumed': {
      const after = { ...state, resume_loading: false, cooldown: SCA_RESUME_COOLDOWN_S };
      if (event.next === 'next') return { ...after, sca_bank_action_url: event.sca_bank_action_url ?? null };
      if (event.next === 'done') return { ...after, phase: 'polling', bank_polls: 0, remote_status: 'ACTIVE' };
      return { ...after, phase: 'error', error: event.next };
    }
    case 'failed':
      return { ...state, resume_loading: false, phase: 'error', error: event.error, cooldown: state.resume_loading ? SCA_RESUME_COOLDOWN_S : state.cooldown };
    case 'tick':
      return state.cooldown > 0 ? { ...state, cooldown: state.cooldown - 1 } : state;
  }
}
