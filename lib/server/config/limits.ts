// The limit parts of the server configuration (see index.ts), kept apart to keep that file small.
import { wholeNumber } from './values';

export interface RateLimitConfig {
  /** POST /api/chat per user per minute (RATE_LIMIT_CHAT_PER_USER). */
  chatPerUser: number;
  /** POST /api/chat per client address per minute, all its users together (RATE_LIMIT_CHAT_PER_IP). */
  chatPerIp: number;
  /** New guests per client address per hour (RATE_LIMIT_GUESTS_PER_IP). */
  guestsPerIp: number;
  /** Uploaded files per user / per client address per hour (RATE_LIMIT_UPLOADS_PER_*). */
  uploadsPerUser: number;
  uploadsPerIp: number;
  /** Uploaded bytes per user / per client address per hour (RATE_LIMIT_UPLOAD_MB_PER_*). */
  uploadBytesPerUser: number;
  uploadBytesPerIp: number;
  /** New accounts per client address per hour (RATE_LIMIT_ACCOUNTS_PER_IP). */
  accountsPerIp: number;
  /** Imports per user / per client address per hour (RATE_LIMIT_IMPORTS_PER_*). */
  importsPerUser: number;
  importsPerIp: number;
  /** Copies of shared conversations per user / per address per hour (RATE_LIMIT_FORKS_PER_*). */
  forksPerUser: number;
  forksPerIp: number;
  /** Tokens a guest / an account may spend per day (TOKEN_BUDGET_*); 0 = no budget. */
  tokensPerGuest: number;
  tokensPerAccount: number;
  /**
   * X-Forwarded-For names the client (VERCEL=1 or TRUST_PROXY=true); otherwise the address of
   * the connection is the client's (lib/server/limits/client-address.ts).
   */
  trustProxy: boolean;
}

export interface Limits {
  /** A whole non-streamed body: model lists, titles, MCP responses (UPSTREAM_BODY_MAX_BYTES). */
  upstreamBodyBytes: number;
  /** One server-sent event of a streamed answer (UPSTREAM_EVENT_MAX_BYTES). */
  upstreamEventBytes: number;
  /** One answer: text, reasoning and tool-call arguments together (ANSWER_MAX_CHARS). */
  answerChars: number;
  /** Silence from a provider mid-answer before the answer is cut as stalled (UPSTREAM_IDLE_TIMEOUT_MS). */
  upstreamIdleMs: number;
}

/** The variables behind `Limits`, validated with the rest of the environment (index.ts). */
export const limitsEnvShape = {
  UPSTREAM_BODY_MAX_BYTES: wholeNumber(
    'UPSTREAM_BODY_MAX_BYTES',
    1024,
    1024 ** 3,
    8 * 1024 ** 2,
    8388608,
  ),
  UPSTREAM_EVENT_MAX_BYTES: wholeNumber(
    'UPSTREAM_EVENT_MAX_BYTES',
    1024,
    256 * 1024 ** 2,
    1024 ** 2,
    1048576,
  ),
  UPSTREAM_IDLE_TIMEOUT_MS: wholeNumber('UPSTREAM_IDLE_TIMEOUT_MS', 1000, 600_000, 120_000, 120000),
  ANSWER_MAX_CHARS: wholeNumber('ANSWER_MAX_CHARS', 1000, 100_000_000, 1_000_000, 1000000),
};

export function limitsFrom(e: {
  UPSTREAM_BODY_MAX_BYTES: number;
  UPSTREAM_EVENT_MAX_BYTES: number;
  ANSWER_MAX_CHARS: number;
  UPSTREAM_IDLE_TIMEOUT_MS: number;
}): Limits {
  return {
    upstreamBodyBytes: e.UPSTREAM_BODY_MAX_BYTES,
    upstreamEventBytes: e.UPSTREAM_EVENT_MAX_BYTES,
    answerChars: e.ANSWER_MAX_CHARS,
    upstreamIdleMs: e.UPSTREAM_IDLE_TIMEOUT_MS,
  };
}
