import 'server-only';
import { getStorageConfig } from '@/lib/server/config/storage';
import { ConfigError, getConfig } from '@/lib/server/config';
import { log } from '@/lib/server/log';
import { PASSWORDS_OFF_MESSAGE, passwordAccounts } from '@/lib/server/auth/options';

/**
 * Validates every variable once, at start. A bad configuration ends the process with a message
 * naming each variable to fix: a server that cannot serve should not look healthy.
 */
export function checkConfigAtStartup(): void {
  try {
    getConfig();
    getStorageConfig();
    if (passwordAccounts() === 'off') {
      // ALLOWED_EMAILS without mail: single sign-on only (config-mail.ts refuses to start
      // when there is no single sign-on either).
      log.warn(
        `${PASSWORDS_OFF_MESSAGE} Set SMTP_URL and MAIL_FROM to offer password accounts (README "Accounts").`,
      );
    }
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
