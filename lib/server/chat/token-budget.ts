import 'server-only';
import type { ChatMessage } from '@/lib/chat/types';
import { tokenCount } from '@/lib/chat/usage';
import type { Db } from '@/lib/server/db/types';
import { tokenCounter } from '@/lib/server/limits/counters';
import { spend } from '@/lib/server/limits/rate-limit';
import { log } from '@/lib/server/log';
import { estimateTextTokens } from './context-window';

// The daily token budget (TOKEN_BUDGET_*) is checked before a turn starts (lib/server/http/
// limits.ts) and spent here after each model call, from the provider's usage, or from an
// estimate when it reported none. A turn that starts under the budget finishes: an answer is
// never cut off half-way because of it.

/** What one model call cost: the provider's count, else prompt and answer estimated. */
export function stepTokens(answer: ChatMessage, promptEstimate: number): number {
  const usage = answer.usage;
  const total = tokenCount(usage?.total_tokens);
  if (total !== null) return total;
  const prompt = tokenCount(usage?.prompt_tokens);
  const completion = tokenCount(usage?.completion_tokens);
  if (prompt !== null || completion !== null) return (prompt ?? 0) + (completion ?? 0);
  const written = [
    answer.content ?? '',
    answer.reasoning ?? '',
    ...(answer.toolCalls ?? []).map((call) => `${call.function.name}${call.function.arguments}`),
  ].join('');
  return promptEstimate + estimateTextTokens(written);
}

/** Adds a call's tokens to its user's day; a failure is logged, the answer is not touched. */
export async function spendTokens(db: Db, userId: string, tokens: number): Promise<void> {
  try {
    await spend(db, tokenCounter(userId), tokens);
  } catch (error) {
    log.warn({ err: error, tokens }, 'counting tokens against the budget failed');
  }
}
