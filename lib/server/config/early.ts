import 'server-only';
import path from 'node:path';
import { LOG_LEVELS } from './values';

// Values read before the configuration is validated, by code that must work even when it is not
// valid (the logger that reports a bad configuration, the migrations of a test database). Like
// everything else that reads the environment, they live here (see index.ts for the rest).

/** LOG_LEVEL for the logger; an unknown value means `info` (getConfig() reports it). */
export function logLevelFromEnv(): string {
  const wanted = process.env.LOG_LEVEL?.trim().toLowerCase();
  return wanted && LOG_LEVELS.includes(wanted) ? wanted : 'info';
}

/** The generated SQL lives in drizzle/ at the repo root (Next runs from there); MIGRATIONS_DIR overrides it. */
export function migrationsFolderFromEnv(): string {
  const override = process.env.MIGRATIONS_DIR;
  return override ? path.resolve(override) : path.join(process.cwd(), 'drizzle');
}
