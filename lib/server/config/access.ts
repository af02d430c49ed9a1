import 'server-only';
import type { z } from 'zod';
import { badAllowedEmail, parseAllowedEmails } from '@/lib/server/config/allowed-emails';
import { type SsoProvider, ssoEnvShape, ssoProvidersFrom } from '@/lib/server/config/sso';
import { optionalText, wholeNumber } from '@/lib/server/config/values';

// The access-control part of the server configuration (index.ts spreads `accessEnvShape` into
// its schema and calls `accessConfigFrom`), kept apart to keep that file small.

export interface AccessConfig {
  /** ACCESS_CODES: any one of them lets a browser in; empty = no gate. */
  codes: string[];
  /** Wrong access codes per browser and address per hour, ×10 per address (RATE_LIMIT_ACCESS_CODE_PER_IP). */
  wrongCodesPerIp: number;
  /** ALLOWED_EMAILS: addresses and `@domain`s that may have an account; empty = anyone. */
  allowedEmails: string[];
  /** ALLOW_GUESTS (default true): false = an account is needed before chatting. */
  allowGuests: boolean;
  /** Wrong passwords per email and address per hour, ×10 per address (RATE_LIMIT_SIGN_IN_PER_IP). */
  wrongPasswordsPerIp: number;
  /** Messages a signed-in user may send per minute (RATE_LIMIT_CHAT_PER_ACCOUNT). */
  chatPerAccount: number;
  /** Single sign-on providers with all their variables set (OIDC_*, GITHUB_*). */
  sso: SsoProvider[];
}

const list = (value: string | undefined) => [
  ...new Set(
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  ),
];

export const accessEnvShape = {
  ACCESS_CODES: optionalText.transform(list),
  RATE_LIMIT_ACCESS_CODE_PER_IP: wholeNumber('RATE_LIMIT_ACCESS_CODE_PER_IP', 1, 1_000_000, 10, 10),
  ALLOWED_EMAILS: optionalText
    .transform(parseAllowedEmails)
    .refine((entries) => badAllowedEmail(entries) === null, {
      error: (issue) =>
        `ALLOWED_EMAILS must be a comma-separated list of addresses (ana@example.com) and domains (@example.com) (got ${JSON.stringify(badAllowedEmail(issue.input as string[]))})`,
    }),
  ALLOW_GUESTS: optionalText
    .refine((v) => v === undefined || v === 'true' || v === 'false', {
      error: (issue) =>
        `ALLOW_GUESTS must be true or false (got ${JSON.stringify(issue.input)}), or be left unset for true`,
    })
    .transform((v) => v !== 'false'),
  RATE_LIMIT_SIGN_IN_PER_IP: wholeNumber('RATE_LIMIT_SIGN_IN_PER_IP', 1, 1_000_000, 10, 10),
  RATE_LIMIT_CHAT_PER_ACCOUNT: wholeNumber('RATE_LIMIT_CHAT_PER_ACCOUNT', 0, 1_000_000, 60, 60),
  ...ssoEnvShape,
};

type AccessEnv = z.infer<z.ZodObject<typeof accessEnvShape>>;

export function accessConfigFrom(e: AccessEnv): AccessConfig {
  return {
    codes: e.ACCESS_CODES,
    wrongCodesPerIp: e.RATE_LIMIT_ACCESS_CODE_PER_IP,
    allowedEmails: e.ALLOWED_EMAILS,
    allowGuests: e.ALLOW_GUESTS,
    wrongPasswordsPerIp: e.RATE_LIMIT_SIGN_IN_PER_IP,
    chatPerAccount: e.RATE_LIMIT_CHAT_PER_ACCOUNT,
    sso: ssoProvidersFrom(e).providers,
  };
}

/** For the whole schema (index.ts): a half-configured provider names what is missing. */
export function checkAccessEnv(e: AccessEnv, ctx: z.RefinementCtx): void {
  const { error } = ssoProvidersFrom(e);
  if (error) ctx.addIssue({ code: 'custom', path: [error.variable], message: error.message });
}
