// The profile form's body for a complete person (SPEC §5), matching COMPLETE_PROFILE's stored values.
import type { Harness } from './harness';

export const PROFILE_BODY = {
  first_name: 'Astrid',
  last_name: 'Lindqvist',
  birthday: '1985-04-12',
  nationality: 'SE',
  country_of_residence: 'SE',
  language: 'en',
  phone_1: '+46701234567',
  u_address1: 'Storgatan 1',
  u_postal_code: '11122',
  u_city: 'Stockholm',
  u_region: 'Stockholms län',
  u_country: 'SE',
} as const;

export const profileBody = (username: string, extra: Record<string, unknown> = {}) => ({ ...PROFILE_BODY, username, ...extra });

/** Starts a BankID sign-in and answers it in the sandbox app: the profile's own identity, a stranger's, or a failure. */
export async function bankIdSignIn(h: Harness, token: string, answer: 'own' | 'stranger' | 'userCancel' | 'expiredTransaction') {
  const started = await h.call('GET', '/api/auth/bankid/token', { token });
  if (started.status !== 200) throw new Error(`bankid token: ${started.status} ${JSON.stringify(started.json)}`);
  const session = String(started.json.token);
  const app = await h.call('GET', `/api/sandbox/bankid/${session}`, { token });
  const identities = app.json.identities as { personal_number: string }[];
  const body = answer === 'own' ? { personal_number: identities[0]!.personal_number } : answer === 'stranger' ? { personal_number: identities[1]!.personal_number } : { outcome: answer };
  const answered = await h.call('POST', `/api/sandbox/bankid/${session}`, { token, body });
  if (answered.status !== 200) throw new Error(`bankid answer: ${answered.status}`);
  return { session, started, login: await h.call('POST', '/api/auth/bankid/login', { token, body: { token: session } }) };
}
