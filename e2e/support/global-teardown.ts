// Playwright global teardown (before the web servers stop): an ordinary run of the suite must
// leave no warning in the app servers' logs. Each one names its cause, so it is fixed, not muted.
import { existsSync, readFileSync } from 'node:fs';
import { APP_PORT, DEMO_APP_PORT } from './env';
import { findWarnings, serverLogPath } from './server-log.mjs';

export default function checkServerLogs(): void {
  const found: string[] = [];
  for (const port of [APP_PORT, DEMO_APP_PORT]) {
    const path = serverLogPath(port);
    // No log means the check would pass without looking: serve-app.mjs always writes one.
    if (!existsSync(path)) throw new Error(`No server log at ${path}: nothing was checked`);
    for (const line of findWarnings(readFileSync(path, 'utf8'))) found.push(`[:${port}] ${line}`);
  }
  if (found.length > 0) {
    throw new Error(`The app servers logged ${found.length} warning(s):\n${found.join('\n')}`);
  }
}
