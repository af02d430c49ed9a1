import 'server-only';
import { ConfigError, getConfig } from '@/lib/server/config';

/**
 * Validates every variable once, at start. A bad configuration ends the process with a message
 * naming each variable to fix: a server that cannot serve should not look healthy.
 */
export function checkConfigAtStartup(): void {
  try {
    getConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const list = error.issues
      .map(({ variable, message }) =>
        message.startsWith(variable) ? `  - ${message}` : `  - ${variable}: ${message}`,
      )
      .join('\n');
    console.error(
      `[parley] Cannot start: fix these environment variables, then start again.\n${list}`,
    );
    process.exit(1);
  }
}
