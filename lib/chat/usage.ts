import type { Usage } from './types';

/** A token count, or null for anything that is not a finite, non-negative number. */
export function tokenCount(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

/** Reasoning tokens, where the provider reports them (OpenAI's completion_tokens_details). */
export function reasoningTokens(usage: Usage): number | null {
  const details = usage.completion_tokens_details;
  if (typeof details !== 'object' || details === null || !('reasoning_tokens' in details)) {
    return null;
  }
  return tokenCount(details.reasoning_tokens);
}
