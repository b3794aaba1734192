// Several app processes on one PostgreSQL database of their own (tests/api/instances*.pg.test.ts).
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';

/** A new database on TEST_DATABASE_URL's server: its URL, and how to drop it once its users are gone. */
export async function databaseOfItsOwn(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  const database = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  await admin.query(`CREATE DATABASE ${database}`);
  base.pathname = `/${database}`;
  return {
    url: base.toString(),
    async drop() {
      // Without FORCE while closed connections finish leaving (forcing would fail their goodbyes).
      for (let i = 0; ; i++) {
        try {
          await admin.query(`DROP DATABASE IF EXISTS ${database}${i < 20 ? '' : ' WITH (FORCE)'}`);
          break;
        } catch (error) {
          if (i >= 20) throw error;
          await new Promise((r) => setTimeout(r, 250));
        }
      }
      await admin.end();
    },
  };
}

/** Stops every process: SIGTERM, then SIGKILL after 10 s; resolves once all have exited. */
export function stopAll(children: ChildProcess[]): Promise<void> {
  return Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
        }),
    ),
  ).then(() => undefined);
}
