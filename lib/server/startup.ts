import 'server-only';
import { getStorageConfig } from '@/lib/server/config/storage';
import { ConfigError, getConfig } from '@/lib/server/config';
import { log } from '@/lib/server/log';

/**
 * Validates every variable once, at start. A bad configuration ends the process with a message
 * naming each variable to fix: a server that cannot serve should not look healthy.
 */
export function checkConfigAtStartup(): void {
  try {
    getConfig();
    getStorageConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // Each message names its variable and never echoes a secret value (see config/index.ts).
    const list = error.issues.map(({ variable, message }) =>
      message.startsWith(variable) ? message : `${variable}: ${message}`,
    );
    log.fatal(
      { issues: list },
      `Cannot start: fix these environment variables, then start again.\n${list.map((m) => `  - ${m}`).join('\n')}`,
    );
    process.exit(1);
  }
}
