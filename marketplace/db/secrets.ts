import 'server-only';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { config } from '../config';
import type { Db } from './client';
import { appSecrets } from './schema';

/** The secrets made here where SESSION_SECRET is not set: the BFF's cookie seal and the upload tickets' MAC. */
export type SecretName = 'session' | 'upload';
const NAMES: SecretName[] = ['session', 'upload'];

// On globalThis, like the database handle: the server bundles this module into more than one chunk.
const holder = globalThis as unknown as { __stugaSecrets?: Map<SecretName, string> };

/** Where a secret was kept on disk before the database kept it (lib/api/session.ts, services/image-files.ts). */
const FILES: Record<SecretName, string> = { session: 'session-secret', upload: 'upload-secret' };

/** The secret this machine kept on disk, if any: taken over, so that cookies, upload tickets and calendar export URLs made with it keep working. */
function keptOnDisk(name: SecretName): string | null {
  try {
    const value = readFileSync(path.join(config.dataDir, FILES[name]), 'utf8').trim();
    return value.length >= 32 ? value : null;
  } catch {
    return null;
  }
}

/**
 * Reads this database's secrets, making each the first time (whichever instance inserts first wins,
 * the others read its value): the one this machine kept on disk before, else a random one. Called
 * once when the database is opened; they never change after.
 */
export async function loadSecrets(db: Db): Promise<void> {
  await db
    .insert(appSecrets)
    .values(NAMES.map((name) => ({ name, value: keptOnDisk(name) ?? randomBytes(32).toString('base64url') })))
    .onConflictDoNothing();
  const rows = await db.select({ name: appSecrets.name, value: appSecrets.value }).from(appSecrets).where(inArray(appSecrets.name, NAMES));
  holder.__stugaSecrets = new Map(rows.map((r) => [r.name as SecretName, r.value]));
}

/** A secret of the open database (every instance on it has the same); throws before the database is open. */
export function storedSecret(name: SecretName): string {
  const value = holder.__stugaSecrets?.get(name);
  if (!value) throw new Error(`secret ${name} read before the database was opened`);
  return value;
}
