import 'server-only';
import type { z } from 'zod';
import type { RateLimitConfig } from './limits';
import { optionalText, wholeNumber } from './values';

// The RATE_LIMIT_*, TOKEN_BUDGET_* and TRUST_PROXY variables (index.ts spreads the shape into its
// schema and calls `rateLimitConfigFrom`). Every value is "per window"; 0 turns that limit off.

const MB = 1024 * 1024;
const MAX = 1_000_000;

export const rateLimitEnvShape = {
  RATE_LIMIT_CHAT_PER_USER: wholeNumber('RATE_LIMIT_CHAT_PER_USER', 0, MAX, 30, 30),
  RATE_LIMIT_CHAT_PER_IP: wholeNumber('RATE_LIMIT_CHAT_PER_IP', 0, MAX, 120, 120),
  RATE_LIMIT_GUESTS_PER_IP: wholeNumber('RATE_LIMIT_GUESTS_PER_IP', 0, MAX, 60, 60),
  RATE_LIMIT_UPLOADS_PER_USER: wholeNumber('RATE_LIMIT_UPLOADS_PER_USER', 0, MAX, 60, 60),
  RATE_LIMIT_UPLOADS_PER_IP: wholeNumber('RATE_LIMIT_UPLOADS_PER_IP', 0, MAX, 240, 240),
  RATE_LIMIT_UPLOAD_MB_PER_USER: wholeNumber('RATE_LIMIT_UPLOAD_MB_PER_USER', 0, MAX, 100, 100),
  RATE_LIMIT_UPLOAD_MB_PER_IP: wholeNumber('RATE_LIMIT_UPLOAD_MB_PER_IP', 0, MAX, 400, 400),
  RATE_LIMIT_ACCOUNTS_PER_IP: wholeNumber('RATE_LIMIT_ACCOUNTS_PER_IP', 0, MAX, 10, 10),
  RATE_LIMIT_IMPORTS_PER_USER: wholeNumber('RATE_LIMIT_IMPORTS_PER_USER', 0, MAX, 20, 20),
  RATE_LIMIT_IMPORTS_PER_IP: wholeNumber('RATE_LIMIT_IMPORTS_PER_IP', 0, MAX, 60, 60),
  RATE_LIMIT_FORKS_PER_USER: wholeNumber('RATE_LIMIT_FORKS_PER_USER', 0, MAX, 30, 30),
  RATE_LIMIT_FORKS_PER_IP: wholeNumber('RATE_LIMIT_FORKS_PER_IP', 0, MAX, 120, 120),
  TOKEN_BUDGET_GUEST: wholeNumber('TOKEN_BUDGET_GUEST', 0, 1e12, 200_000, 200000),
  TOKEN_BUDGET_ACCOUNT: wholeNumber('TOKEN_BUDGET_ACCOUNT', 0, 1e12, 2_000_000, 2000000),
  TRUST_PROXY: optionalText
    .refine((v) => v === undefined || /^(true|false)$/i.test(v), {
      error: (issue) =>
        `TRUST_PROXY must be true (a proxy in front sets X-Forwarded-For; per-address limits use its last entry) or false (the connection's own address) (got ${JSON.stringify(issue.input)}), or be left unset for false (true on Vercel)`,
    })
    .transform((v) => v?.toLowerCase() === 'true'),
};

type RateLimitEnv = z.infer<z.ZodObject<typeof rateLimitEnvShape>> & { VERCEL?: string };

export function rateLimitConfigFrom(e: RateLimitEnv): RateLimitConfig {
  return {
    chatPerUser: e.RATE_LIMIT_CHAT_PER_USER,
    chatPerIp: e.RATE_LIMIT_CHAT_PER_IP,
    guestsPerIp: e.RATE_LIMIT_GUESTS_PER_IP,
    uploadsPerUser: e.RATE_LIMIT_UPLOADS_PER_USER,
    uploadsPerIp: e.RATE_LIMIT_UPLOADS_PER_IP,
    uploadBytesPerUser: e.RATE_LIMIT_UPLOAD_MB_PER_USER * MB,
    uploadBytesPerIp: e.RATE_LIMIT_UPLOAD_MB_PER_IP * MB,
    accountsPerIp: e.RATE_LIMIT_ACCOUNTS_PER_IP,
    importsPerUser: e.RATE_LIMIT_IMPORTS_PER_USER,
    importsPerIp: e.RATE_LIMIT_IMPORTS_PER_IP,
    forksPerUser: e.RATE_LIMIT_FORKS_PER_USER,
    forksPerIp: e.RATE_LIMIT_FORKS_PER_IP,
    tokensPerGuest: e.TOKEN_BUDGET_GUEST,
    tokensPerAccount: e.TOKEN_BUDGET_ACCOUNT,
    // Vercel's edge sets X-Forwarded-For itself; a client's own value never reaches the function.
    trustProxy: e.VERCEL === '1' || e.TRUST_PROXY,
  };
}
