import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getIronSession, type IronSession, type SessionOptions } from 'iron-session';
import { cookies } from 'next/headers';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS } from '../constants';
import { webConfig } from './config';

export type SessionData = { token?: string };

let secret: Promise<string> | null = null;

/**
 * SESSION_SECRET; else, with the marketplace in this process, its database's own secret (the same for
 * every instance on that database); else, over HTTP, one generated once and kept under ./data (with a warning).
 */
function sessionSecret(): Promise<string> {
  if (!secret) {
    secret = findSecret();
    // A database that could not be opened is asked again by the next request.
    secret.catch(() => (secret = null));
  }
  return secret;
}

async function findSecret(): Promise<string> {
  const fromEnv = webConfig.sessionSecret;
  if (fromEnv && fromEnv.length >= 32) return fromEnv;
  // Imported when first needed: the bridge itself imports this module.
  const { marketplaceSecret } = await import('./server');
  const stored = await marketplaceSecret('session');
  if (stored) return stored;
  const file = path.join(webConfig.dataDir, 'session-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(webConfig.dataDir, { recursive: true });
    const made = randomBytes(32).toString('base64url');
    writeFileSync(file, made, { mode: 0o600 });
    console.warn(`SESSION_SECRET is not set (or shorter than 32 characters): generated one in ${file}; instances of the web tier need the same one`);
    return made;
  }
}

async function options(secure: boolean): Promise<SessionOptions> {
  return {
    cookieName: SESSION_COOKIE,
    password: await sessionSecret(),
    ttl: SESSION_MAX_AGE_MS / 1000,
    cookieOptions: { httpOnly: true, sameSite: 'lax', secure, path: '/' },
  };
}

/** The session of a request: its token, and the two ways to change the cookie. */
export type Session = SessionData & { save(): Promise<void>; destroy(): Promise<void> };

/** How long an opened cookie is remembered, and how many are: a sealed cookie is opened once a minute, not on every request. */
const OPENED_FOR_MS = 60_000;
const OPENED_MAX = 10_000;
const opened = new Map<string, { token: string | undefined; until: number }>();

/**
 * The sealed session cookie of this request; `secure` when the site is served over HTTPS. Opening a
 * seal derives two keys (PBKDF2) and checks an HMAC: about a tenth of a signed-in API request's work
 * on the bench (docs/performance.md). The same sealed value always opens to the same token, so it is
 * remembered for a minute; the token itself is checked by the marketplace on every request.
 */
export async function getSession(secure = false): Promise<Session> {
  const jar = await cookies();
  const sealed = jar.get(SESSION_COOKIE)?.value;
  const now = Date.now();
  const known = sealed ? opened.get(sealed) : undefined;
  let iron: IronSession<SessionData> | null = null;
  if (!known || known.until < now) {
    iron = await getIronSession<SessionData>(jar, await options(secure));
    if (sealed) remember(sealed, iron.token, now);
  }
  const ironSession = async () => (iron ??= await getIronSession<SessionData>(jar, await options(secure)));
  const session: Session = {
    token: iron ? iron.token : known!.token,
    async save() {
      const cookie = await ironSession();
      cookie.token = session.token;
      await cookie.save();
    },
    async destroy() {
      if (sealed) opened.delete(sealed);
      (await ironSession()).destroy();
    },
  };
  return session;
}

function remember(sealed: string, token: string | undefined, now: number) {
  opened.delete(sealed);
  opened.set(sealed, { token, until: now + OPENED_FOR_MS });
  // The oldest first (a Map keeps insertion order).
  if (opened.size > OPENED_MAX) opened.delete(opened.keys().next().value!);
}
