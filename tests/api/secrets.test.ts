// Several instances share the secrets that seal session cookies and sign upload tickets (and the
// calendar export URLs): made once in the database (app_secrets) when SESSION_SECRET is not set. A
// machine that kept them on disk before hands them over, so nothing signed with them stops working.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness } from './harness';
import { databaseOfItsOwn } from './instances-support';

const KEPT = { session: 's'.repeat(20) + 'kept-session-secret', upload: 'u'.repeat(20) + 'kept-upload-secret' };

describe('secrets kept in the database', () => {
  let h: Harness;
  let dataDir: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    delete process.env.SESSION_SECRET;
    // A database that has no secrets yet: on PostgreSQL one of its own (the shared one made them long ago).
    if (process.env.TEST_DATABASE_URL) {
      const own = await databaseOfItsOwn('stuga_secrets');
      process.env.TEST_DATABASE_URL = own.url;
      dropDatabase = own.drop;
    }
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'stuga-secrets-'));
    process.env.STUGA_DATA_DIR = dataDir;
    h = await startApi({
      beforeOpen: (dir) => {
        writeFileSync(path.join(dir, 'session-secret'), KEPT.session);
        writeFileSync(path.join(dir, 'upload-secret'), `${KEPT.upload}\n`);
      },
    });
  });
  afterAll(async () => {
    await h?.close();
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('takes over the secrets this machine kept on disk, and answers the same ones on every read', async () => {
    const rows = await h.db.select().from(h.schema.appSecrets);
    expect(Object.fromEntries(rows.map((r) => [r.name, r.value]))).toEqual(KEPT);
    const { storedSecret } = await import('@/marketplace/db/secrets');
    expect(storedSecret('session')).toBe(KEPT.session);
    expect(storedSecret('upload')).toBe(KEPT.upload);
    // A second instance on the same database (loading again) gets the same, whatever its own disk holds.
    const { loadSecrets } = await import('@/marketplace/db/secrets');
    await loadSecrets(h.db);
    expect(storedSecret('upload')).toBe(KEPT.upload);
  });
});
