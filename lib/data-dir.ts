import 'server-only';
import path from 'node:path';

/** Where the embedded defaults keep their files (PGlite, the generated secrets, uploads), from STUGA_DATA_DIR as each side's config reads it. */
export const dataDirOf = (setting: string | undefined) => path.resolve(/*turbopackIgnore: true*/ setting ?? 'data');
