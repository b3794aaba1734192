import 'server-only';
import { desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

/** GET /api/dev/outbox: the sandbox's sent mail, newest first. */
export async function listOutbox(db: Db) {
  const rows = await db
    .select({ id: outbox.id, to: outbox.to, subject: outbox.subject, text: outbox.text, html: outbox.html, createdAt: outbox.createdAt })
    .from(outbox)
    .orderBy(desc(outbox.id))
    .limit(100);
  return rows.map(({ createdAt, ...mail }) => ({ ...mail, created_at: createdAt.toISOString() }));
}
