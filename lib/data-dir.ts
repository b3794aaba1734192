import 'server-only';
import path from 'node:path';

/** Where the embedded defaults keep their files: PGlite, the generated session secret, uploads. */
export const dataDir = () => path.resolve(/*turbopackIgnore: true*/ process.env.STUGA_DATA_DIR ?? 'data');
