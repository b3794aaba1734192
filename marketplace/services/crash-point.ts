import 'server-only';
import { config } from '../config';

/**
 * A named point where the crash tests kill the process (tests/api/money-crash.pg.test.ts): with
 * STUGA_CRASH_AT naming it (comma-separated names allowed), the process exits at once as `kill -9`
 * would leave it, with no cleanup. Without that variable, which production never sets, it does nothing.
 */
export function crashPoint(name: string): void {
  if (!config.crashAt.includes(name)) return;
  process.stderr.write(`crash point ${name}\n`);
  process.exit(137);
}
