import type { ChatMessage } from '@/lib/chat/types';

// Fitting a conversation into a model's context window. Tokens are estimated, not counted: a
// tokenizer per provider is out of reach, and a slight under-estimate only means the provider's
// own context-length error (mapped to a clear message) instead of a silent cut. Pure.

/** Role markers and separators every message costs on top of its text. */
export const MESSAGE_OVERHEAD_TOKENS = 4;
/** The reply's priming tokens, counted once per request. */
export const REQUEST_OVERHEAD_TOKENS = 3;
/** Largest share kept free for the reply when the conversation sets no max tokens. */
export const DEFAULT_REPLY_TOKENS = 4_096;

/**
 * About 4 characters per token for ASCII text; any other character (CJK, emoji halves,
 * accented letters) counted as a whole token, which over-estimates Latin text a little and keeps
 * Chinese or Japanese from being under-estimated fourfold.
 */
export function estimateTextTokens(text: string): number {
  let ascii = 0;
  let other = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) < 128) ascii++;
    else other++;
  }
  return Math.ceil(ascii / 4) + other;
}

type Sized = Pick<ChatMessage, 'role' | 'content' | 'toolCalls'> &
  Partial<Pick<ChatMessage, 'attachments'>>;

/**
 * A flat guess for one image: providers charge from ~85 (low detail) to ~1,500 tokens (large
 * tiles); images are downscaled before upload, so the middle of that range is about right.
 */
export const IMAGE_TOKENS = 1_000;

/** What one message costs as sent (an empty answer is not sent at all, see toWireMessages). */
export function estimateMessageTokens(m: Sized): number {
  const calls = m.toolCalls ?? [];
  if (m.role === 'assistant' && !m.content && calls.length === 0) return 0;
  let tokens = MESSAGE_OVERHEAD_TOKENS + estimateTextTokens(m.content);
  for (const a of m.attachments ?? []) {
    // Text is at most what is sent (it is trimmed to the window): assume ASCII-like text.
    tokens += a.kind === 'image' ? IMAGE_TOKENS : Math.ceil((a.chars ?? 0) / 4) + a.name.length;
  }
  for (const call of calls) {
    tokens +=
      MESSAGE_OVERHEAD_TOKENS + estimateTextTokens(call.function.name + call.function.arguments);
  }
  return tokens;
}

/** Tokens kept free for the answer: its max tokens, else a quarter of the window up to 4,096. */
export function replyReserve(contextWindow: number, maxTokens?: number): number {
  return maxTokens ?? Math.min(DEFAULT_REPLY_TOKENS, Math.floor(contextWindow / 4));
}

export interface FitInput<M extends Sized & { id: string }> {
  /** The branch the model would see, oldest first (without the system prompt). */
  branch: readonly M[];
  contextWindow: number;
  /** The conversation's max tokens, if set. */
  maxTokens?: number;
  /** Tokens sent besides the branch: the system prompt, tool definitions. */
  fixedTokens: number;
}

export interface FitResult<M> {
  /** What to send: system messages, then the newest messages that fit. */
  messages: M[];
  /** The first message of the kept part; null when nothing was left out. */
  startId: string | null;
  /** How many messages were left out. */
  dropped: number;
}

/**
 * Leaves out the OLDEST messages until the rest fits the window (minus the reply's reserve and
 * the fixed part). Messages are dropped in units: an assistant message with its tool results is
 * one unit, so a tool call never reaches the model without its result. The kept part starts at a
 * user message whenever one fits, since some providers require that. When even the newest unit
 * does not fit, it is sent alone and the provider's context-length error tells the user.
 */
export function fitToContext<M extends Sized & { id: string }>(input: FitInput<M>): FitResult<M> {
  const system = input.branch.filter((m) => m.role === 'system');
  const rest = input.branch.filter((m) => m.role !== 'system');
  const budget =
    input.contextWindow -
    replyReserve(input.contextWindow, input.maxTokens) -
    input.fixedTokens -
    REQUEST_OVERHEAD_TOKENS -
    system.reduce((n, m) => n + estimateMessageTokens(m), 0);

  // Units: a tool message belongs with the message before it.
  const starts: number[] = [];
  rest.forEach((m, i) => {
    if (m.role !== 'tool' || i === 0) starts.push(i);
  });
  const sizes = rest.map(estimateMessageTokens);
  const total = sizes.reduce((a, b) => a + b, 0);
  if (total <= budget || starts.length <= 1) {
    return { messages: [...input.branch], startId: null, dropped: 0 };
  }

  // suffix[k] = tokens of units k… (to the end).
  const suffix: number[] = new Array(starts.length).fill(0);
  let running = 0;
  for (let k = starts.length - 1; k >= 0; k--) {
    const from = starts[k] ?? 0;
    const to = starts[k + 1] ?? rest.length;
    for (let i = from; i < to; i++) running += sizes[i] ?? 0;
    suffix[k] = running;
  }
  let first = starts.findIndex((_, k) => k > 0 && (suffix[k] ?? 0) <= budget);
  if (first === -1) first = starts.length - 1;
  const userStart = starts.findIndex((s, k) => k >= first && rest[s]?.role === 'user');
  if (userStart !== -1) first = userStart;

  const kept = rest.slice(starts[first]);
  return {
    messages: [...system, ...kept],
    startId: kept[0]?.id ?? null,
    dropped: rest.length - kept.length,
  };
}
