import 'server-only';
import { z } from 'zod';
import { optionalText, schemeOf, wholeNumber } from './values';

// Outgoing mail (config.ts spreads `mailEnvShape` into its schema and calls `mailConfigFrom`):
// SMTP_URL and MAIL_FROM, and how many account mails (verification, reset, "you already have an
// account") one address and one network may cause per hour.

export interface MailConfig {
  /** SMTP_URL, e.g. smtps://user:password@smtp.example.com:465; null when unset. */
  smtpUrl: string | null;
  /** MAIL_FROM, e.g. `Parley <parley@example.com>`. */
  from: string | null;
  /** No SMTP under `npm run dev` (NODE_ENV=development): mails are written to the log instead. */
  logOnly: boolean;
  /** Account mails per e-mail address per hour (RATE_LIMIT_MAILS_PER_ADDRESS). */
  perAddress: number;
  /** Account mails per client address per hour (RATE_LIMIT_MAILS_PER_IP). */
  perIp: number;
}

const FROM = /^(?:[^<>]*<[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+>|[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+)$/;

export const mailEnvShape = {
  SMTP_URL: optionalText.refine((v) => v === undefined || /^smtps?:\/\/[^/\s]+/i.test(v), {
    // Never echo the value: it carries the SMTP password. The scheme is enough to debug.
    error: (issue) =>
      `SMTP_URL must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465 (got scheme ${JSON.stringify(schemeOf(String(issue.input)))})`,
  }),
  MAIL_FROM: optionalText.refine((v) => v === undefined || FROM.test(v), {
    error: (issue) =>
      `MAIL_FROM must be an address such as parley@example.com or "Parley <parley@example.com>" (got ${JSON.stringify(issue.input)})`,
  }),
  RATE_LIMIT_MAILS_PER_ADDRESS: wholeNumber('RATE_LIMIT_MAILS_PER_ADDRESS', 0, 1_000_000, 5, 5),
  RATE_LIMIT_MAILS_PER_IP: wholeNumber('RATE_LIMIT_MAILS_PER_IP', 0, 1_000_000, 20, 20),
};

const mailEnv = z.object(mailEnvShape);
type MailEnv = z.infer<typeof mailEnv> & { NODE_ENV?: string };

export function mailConfigFrom(e: MailEnv): MailConfig {
  return {
    smtpUrl: e.SMTP_URL ?? null,
    from: e.MAIL_FROM ?? null,
    logOnly: !e.SMTP_URL && e.NODE_ENV === 'development',
    perAddress: e.RATE_LIMIT_MAILS_PER_ADDRESS,
    perIp: e.RATE_LIMIT_MAILS_PER_IP,
  };
}

interface MailCheckEnv extends MailEnv {
  ALLOWED_EMAILS: string[];
}

/**
 * SMTP_URL needs MAIL_FROM. ALLOWED_EMAILS without any way to send mail cannot prove that a
 * password account's address is its owner's: with single sign-on configured, password accounts
 * are then off (startup.ts says so); without it, nobody could sign in, so the server refuses to
 * start. `ssoConfigured` comes from the access part of the configuration.
 */
export function mailIssues(
  e: MailCheckEnv,
  ssoConfigured: boolean,
): { variable: string; message: string }[] {
  if (e.SMTP_URL && !e.MAIL_FROM) {
    return [
      {
        variable: 'MAIL_FROM',
        message:
          'MAIL_FROM must be set with SMTP_URL: the address Parley sends from, such as "Parley <parley@example.com>"',
      },
    ];
  }
  const mail = mailConfigFrom(e);
  if (e.ALLOWED_EMAILS.length > 0 && !mail.smtpUrl && !mail.logOnly && !ssoConfigured) {
    return [
      {
        variable: 'SMTP_URL',
        message:
          'SMTP_URL: ALLOWED_EMAILS is set, so a password account must prove its address by e-mail, and no mail can be sent. Set SMTP_URL and MAIL_FROM (README "Accounts"), or sign in with single sign-on (OIDC_* or GITHUB_*) instead',
      },
    ];
  }
  return [];
}
