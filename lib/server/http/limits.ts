import 'server-only';
import type { Caller } from '@/lib/server/auth/current';
import { getConfig } from '@/lib/server/config';
import { clientAddress } from '@/lib/server/limits/client-address';
import { HOUR, type Limit, MINUTE } from '@/lib/server/limits/rate-limit';
import { tokenCounter } from '@/lib/server/limits/counters';
import { accountTokenBudgetSql } from '@/lib/server/db/repository';

// What each route is limited by, per user and per client address (every user behind it
// together); counted in the database by lib/server/limits/rate-limit.ts. Routes name these in `limits`.

interface LimitInput<C extends Caller | null = Caller> {
  caller: C;
  request: Request;
  /** The request's body, parsed by the route's schema (undefined for routes without one). */
  body?: unknown;
}

const ip = (request: Request) => clientAddress(request.headers);

/**
 * The day's token budget of a user: guests and accounts have their own (TOKEN_BUDGET_*), and an
 * admin may give an account one of its own (/admin), which replaces the default.
 */
export function tokenBudget(caller: Caller): Limit {
  const { tokensPerGuest, tokensPerAccount } = getConfig().rateLimits;
  const account = caller.kind === 'account';
  return {
    ...tokenCounter(caller.userId),
    max: account ? tokensPerAccount : tokensPerGuest,
    ...(account ? { maxOf: accountTokenBudgetSql(caller.userId) } : {}),
    what: 'tokens',
    budget: true,
  };
}

/** POST /api/chat and a tool decision: messages per minute, and the token budget. */
export function chatLimits({ caller, request }: LimitInput): Limit[] {
  const { chatPerUser, chatPerIp } = getConfig().rateLimits;
  // Guests and signed-in users have limits of their own (RATE_LIMIT_CHAT_PER_ACCOUNT).
  const perUser = caller.kind === 'account' ? getConfig().access.chatPerAccount : chatPerUser;
  return [
    tokenBudget(caller),
    {
      key: `chat:${caller.kind}:${caller.userId}`,
      max: perUser,
      windowMs: MINUTE,
      what: 'messages',
    },
    {
      key: `chat:ip:${ip(request)}`,
      max: chatPerIp,
      windowMs: MINUTE,
      what: 'messages from your network',
    },
  ];
}

/**
 * POST /api/chat/compare: every answer of a comparison counts as a message (a question to three
 * models costs three), and the token budget, spent per answer as each is written.
 */
export function compareLimits(input: LimitInput): Limit[] {
  const { models } = (input.body ?? {}) as { models?: unknown[] };
  const cost = Math.max(1, models?.length ?? 1);
  return chatLimits(input).map((limit) => (limit.budget ? limit : { ...limit, cost }));
}

/** A tool decision continues a turn: only the budget, the decision itself is not a message. */
export function toolDecisionLimits({ caller }: LimitInput): Limit[] {
  return [tokenBudget(caller)];
}

/** POST /api/attachments, before the body is read: files per hour. */
export function uploadLimits({ caller, request }: LimitInput): Limit[] {
  const { uploadsPerUser, uploadsPerIp } = getConfig().rateLimits;
  return [
    { key: `upload:user:${caller.userId}`, max: uploadsPerUser, windowMs: HOUR, what: 'uploads' },
    {
      key: `upload:ip:${ip(request)}`,
      max: uploadsPerIp,
      windowMs: HOUR,
      what: 'uploads from your network',
    },
  ];
}

/** POST /api/account/sign-up: new accounts per address (a person has no user before it). */
export function signUpLimits({ request }: LimitInput<Caller | null>): Limit[] {
  const { accountsPerIp } = getConfig().rateLimits;
  return [
    {
      key: `sign-up:ip:${ip(request)}`,
      max: accountsPerIp,
      windowMs: HOUR,
      what: 'new accounts from your network',
    },
  ];
}

/** POST /api/import. */
export function importLimits({ caller, request }: LimitInput): Limit[] {
  const { importsPerUser, importsPerIp } = getConfig().rateLimits;
  return [
    { key: `import:user:${caller.userId}`, max: importsPerUser, windowMs: HOUR, what: 'imports' },
    {
      key: `import:ip:${ip(request)}`,
      max: importsPerIp,
      windowMs: HOUR,
      what: 'imports from your network',
    },
  ];
}

/** POST /api/shares/[id]/fork: copies of shared conversations. */
export function forkLimits({ caller, request }: LimitInput): Limit[] {
  const { forksPerUser, forksPerIp } = getConfig().rateLimits;
  return [
    {
      key: `fork:user:${caller.userId}`,
      max: forksPerUser,
      windowMs: HOUR,
      what: 'copies of shared conversations',
    },
    {
      key: `fork:ip:${ip(request)}`,
      max: forksPerIp,
      windowMs: HOUR,
      what: 'copies of shared conversations from your network',
    },
  ];
}

/** Writes of assistants (create, edit, copy): per user per hour. Their count is limited apart. */
export const ASSISTANT_WRITES_PER_HOUR = 120;

export function assistantLimits({ caller }: LimitInput): Limit[] {
  return [
    {
      key: `assistant:user:${caller.userId}`,
      max: ASSISTANT_WRITES_PER_HOUR,
      windowMs: HOUR,
      what: 'changes to assistants',
    },
  ];
}
