// Several instances share the secrets that seal session cookies and sign upload tickets (and the
// calendar export URLs): made once in the database (app_secrets) when SESSION_SECRET is not set. A
// machine that kept them on disk before hands them over, so nothing signed with them stops working.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness } from './harness';

const KEPT = { session: 's'.repeat(20) + 'kept-session-secret', upload: 'u'.repeat(20) + 'kept-upload-secret' };

// On a shared PostgreSQL database the secrets were made long before this file: only a fresh database shows a takeover.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('secrets kept in the database', () => {
  let h: Harness;
  beforeAll(async () => {
    delete process.env.SESSION_SECRET;
    h = await startApi({
      beforeOpen: (dir) => {
        writeFileSync(path.join(dir, 'session-secret'), KEPT.session);
        writeFileSync(path.join(dir, 'upload-secret'), `${KEPT.upload}\n`);
      },
    });
  });
  afterAll(async () => h?.close());

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
