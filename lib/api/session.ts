import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getIronSession, type SessionOptions } from 'iron-session';
import { cookies } from 'next/headers';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS } from '../constants';
import { webConfig } from './config';

export type SessionData = { token?: string };

let secret: string | null = null;

/** SESSION_SECRET, or a random one generated once and kept under ./data (with a warning). */
function sessionSecret(): string {
  if (secret) return secret;
  const fromEnv = webConfig.sessionSecret;
  if (fromEnv && fromEnv.length >= 32) return (secret = fromEnv);
  const dir = webConfig.dataDir;
  const file = path.join(dir, 'session-secret');
  try {
    secret = readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dir, { recursive: true });
    secret = randomBytes(32).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    console.warn(`SESSION_SECRET is not set (or shorter than 32 characters): generated one in ${file}`);
  }
  return secret;
}

function options(secure: boolean): SessionOptions {
  return {
    cookieName: SESSION_COOKIE,
    password: sessionSecret(),
    ttl: SESSION_MAX_AGE_MS / 1000,
    cookieOptions: { httpOnly: true, sameSite: 'lax', secure, path: '/' },
  };
}

/** The sealed session cookie of this request; `secure` when the site is served over HTTPS. */
export async function getSession(secure = false) {
  return getIronSession<SessionData>(await cookies(), options(secure));
}
