import type { Usage } from '@/lib/chat/types';
import { reasoningTokens, tokenCount as count } from '@/lib/chat/usage';

// Pure text formatting for message metadata.

const numbers = new Intl.NumberFormat('en-US');

/** "12 in · 34 out · 46 tokens" (plus " · 20 reasoning"), or null when nothing is known. */
export function formatUsage(usage: Usage | null): string | null {
  if (!usage) return null;
  const prompt = count(usage.prompt_tokens);
  const completion = count(usage.completion_tokens);
  const total =
    count(usage.total_tokens) ??
    (prompt !== null && completion !== null ? prompt + completion : null);
  const reasoning = reasoningTokens(usage);
  const parts: string[] = [];
  if (prompt !== null) parts.push(`${numbers.format(prompt)} in`);
  if (completion !== null) parts.push(`${numbers.format(completion)} out`);
  if (reasoning !== null) parts.push(`${numbers.format(reasoning)} reasoning`);
  if (total !== null) parts.push(`${numbers.format(total)} tokens`);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** "Thought for 4s" / "Thought for 1m 5s"; sub-second durations round up to 1s. */
export function formatThoughtFor(durationMs: number | null): string {
  if (durationMs === null || !Number.isFinite(durationMs) || durationMs < 0) return 'Thoughts';
  const seconds = Math.max(1, Math.round(durationMs / 1000));
  if (seconds < 60) return `Thought for ${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? `Thought for ${minutes}m` : `Thought for ${minutes}m ${rest}s`;
}
