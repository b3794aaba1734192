import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { jobCursors } from './schema';

/**
 * A page of the rows a job takes in turns: those after where the last run (on any instance) stopped,
 * by id; when the page comes back short, the next run starts from the beginning again. The place is
 * kept in the database (job_cursors), so every row gets its turn however the runs fall on instances.
 */
export async function inTurns<T extends { id: number }>(db: Db, name: string, limit: number, page: (after: number, limit: number) => Promise<T[]>): Promise<T[]> {
  if (limit <= 0) return [];
  const [kept] = await db.select({ after: jobCursors.after }).from(jobCursors).where(eq(jobCursors.name, name)).limit(1);
  const rows = await page(kept?.after ?? 0, limit);
  const after = rows.length < limit ? 0 : rows.at(-1)!.id;
  await db
    .insert(jobCursors)
    .values({ name, after })
    .onConflictDoUpdate({ target: jobCursors.name, set: { after, updatedAt: sql`now()` } });
  return rows;
}
