import 'server-only';
import { config } from '../config';
import { getDb } from '../db/client';
import { log } from '../log';
import { type JobDefinition, jobs } from './definitions';

export type JobRunner = { kind: 'pg-boss' | 'timer'; stop: () => Promise<void> };

/** The queue's tables live in their own schema, beside the app's. */
export const JOB_SCHEMA = 'pgboss';
/** Advisory lock key of the queue setup (any constant other code does not use). */
const QUEUE_SETUP_LOCK = 7_212_012;

/**
 * Starts the background jobs of this process. On PostgreSQL they go through pg-boss: every instance
 * schedules and works them, and the queue hands each run to exactly one instance (see docs/jobs.md).
 * On the embedded PGlite (one process by definition) the same definitions run on a timer here.
 * Each job also runs once at start, as the minute sweep always did.
 */
export async function startJobs(): Promise<JobRunner> {
  return config.databaseUrl ? startPgBoss(config.databaseUrl) : startTimers();
}

async function runLogged(job: JobDefinition, attempt: string) {
  const startedAt = Date.now();
  try {
    const result = await job.run(await getDb(), new Date());
    log.debug({ job: job.name, attempt, ms: Date.now() - startedAt, result }, 'job done');
    return result;
  } catch (error) {
    log.error({ err: error, job: job.name, attempt }, 'job failed');
    throw error;
  }
}

async function startPgBoss(connectionString: string): Promise<JobRunner> {
  const { default: PgBoss } = await import('pg-boss');
  const boss = new PgBoss({ connectionString, schema: JOB_SCHEMA, max: 3, application_name: 'stuga-jobs' });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  try {
    await setUp(boss, connectionString);
  } catch (error) {
    await boss.stop({ graceful: false }).catch(() => undefined); // the caller tries again with a new one
    throw error;
  }
  log.info({ jobs: jobs.map((j) => j.name) }, 'jobs scheduled on pg-boss');
  return { kind: 'pg-boss', stop: () => boss.stop({ graceful: true, wait: true }) };
}

async function setUp(boss: import('pg-boss'), connectionString: string) {
  // pg-boss 10 deadlocks when two instances create the same queues at once: create them one
  // instance at a time, under an advisory lock held on a connection of its own.
  const { Client } = await import('pg');
  const lock = new Client({ connectionString });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [QUEUE_SETUP_LOCK]);
    for (const job of jobs) {
      // stately: at most one run waiting and one running per job across all instances, so a slow
      // run is never overlapped by the next minute's.
      await boss.createQueue(job.name, {
        name: job.name,
        policy: 'stately',
        retryLimit: job.retryLimit,
        retryDelay: job.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: job.expireInSeconds,
      });
      await boss.schedule(job.name, job.cron);
    }
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [QUEUE_SETUP_LOCK]).catch(() => undefined);
    await lock.end();
  }
  for (const job of jobs) {
    await boss.work(job.name, { pollingIntervalSeconds: 2 }, async ([pgJob]) => runLogged(job, `${pgJob?.id ?? '?'}`));
    // The run at start: one per minute however many instances start together.
    await boss.send(job.name, {}, { singletonKey: 'start', singletonSeconds: 60 });
  }
}

function startTimers(): JobRunner {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<string>();
  const tick = async (job: JobDefinition) => {
    if (running.has(job.name)) return; // the previous run is still going
    running.add(job.name);
    try {
      for (let attempt = 0; attempt <= job.retryLimit; attempt++) {
        try {
          await runLogged(job, `${attempt + 1}/${job.retryLimit + 1}`);
          return;
        } catch {
          if (attempt < job.retryLimit) await new Promise((r) => setTimeout(r, job.retryDelaySeconds * 1000 * 2 ** attempt).unref());
        }
      }
    } finally {
      running.delete(job.name);
    }
  };
  for (const job of jobs) {
    void tick(job);
    timers.push(setInterval(() => void tick(job), job.everyMs).unref());
  }
  return {
    kind: 'timer',
    stop: async () => {
      for (const t of timers) clearInterval(t);
    },
  };
}
