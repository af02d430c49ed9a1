import 'server-only';
import type { ChatMessage } from '@/lib/chat/types';
import {
  cleanGeneratedTitle,
  provisionalTitle,
  TITLE_INSTRUCTION,
  TITLE_SYSTEM_PROMPT,
} from '@/lib/chat/title-text';
import { foldCompletion } from '@/lib/openai/completion';
import { parseCompletion } from '@/lib/openai/schema';
import { getConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { saveGeneratedTitle } from '@/lib/server/db/repository';
import { readBoundedJson } from '@/lib/server/upstream/bounded-body';
import type { ChatCompletionRequest, Upstream } from '@/lib/server/upstream/types';

// After a conversation's first exchange, the model that answered writes a short title for it.
// Best effort: any failure (timeout, HTTP error, an empty answer) keeps the provisional title,
// which is the first message.

export const TITLE_TIMEOUT_MS = 10_000;
/** Enough for 3–6 words in most languages; a long exchange is cut to keep the request cheap. */
const MAX_TITLE_TOKENS = 20;
const MAX_EXCERPT_CHARS = 2_000;

const excerpt = (text: string) =>
  text.length > MAX_EXCERPT_CHARS ? `${text.slice(0, MAX_EXCERPT_CHARS)}…` : text;

export function titleRequest(
  model: string,
  question: string,
  answer: string,
): ChatCompletionRequest {
  return {
    model,
    messages: [
      { role: 'system', content: TITLE_SYSTEM_PROMPT },
      { role: 'user', content: excerpt(question) },
      { role: 'assistant', content: excerpt(answer) },
      { role: 'user', content: TITLE_INSTRUCTION },
    ],
    max_tokens: MAX_TITLE_TOKENS,
    stream: false,
  };
}

/** Asks the model for a title; null when it could not give a usable one in time. */
export async function generateTitle(o: {
  upstream: Upstream;
  model: string;
  question: string;
  answer: string;
  timeoutMs?: number;
}): Promise<string | null> {
  const signal = AbortSignal.timeout(o.timeoutMs ?? TITLE_TIMEOUT_MS);
  const request = titleRequest(o.model, o.question, o.answer);
  try {
    let res = await o.upstream.chatCompletions(request, signal);
    // Some models refuse `max_tokens` (OpenAI's reasoning models want `max_completion_tokens`,
    // and spend part of it thinking): ask again without a limit rather than lose the title.
    if (res.status === 400 || res.status === 422) {
      await res.body?.cancel();
      const { max_tokens: _limit, ...unlimited } = request;
      res = await o.upstream.chatCompletions(unlimited, signal);
    }
    if (!res.ok) {
      await res.body?.cancel();
      return null;
    }
    const parsed = parseCompletion(
      await readBoundedJson(res, getConfig().limits.upstreamBodyBytes),
    );
    if (!parsed.ok) return null;
    const state = foldCompletion(parsed.value);
    return cleanGeneratedTitle(state.choices[0]?.content ?? '');
  } catch {
    return null;
  }
}

/**
 * Titles a conversation after its first turn: only when the branch holds a single user message,
 * the answer completed, and the title is still the provisional one (a rename wins).
 */
export async function titleAfterFirstTurn(o: {
  db: Db;
  upstream: Upstream;
  model: string;
  conversationId: string;
  /** What the model saw: the history and the user message that started the turn. */
  branch: readonly ChatMessage[];
  /** The turn's messages as saved. */
  turn: readonly ChatMessage[];
  timeoutMs?: number;
}): Promise<boolean> {
  const users = o.branch.filter((m) => m.role === 'user');
  const question = users[0];
  if (users.length !== 1 || !question) return false;
  const answer = o.turn.findLast((m) => m.role === 'assistant');
  if (answer?.status !== 'complete' || answer.content.trim() === '') return false;
  const title = await generateTitle({
    upstream: o.upstream,
    model: o.model,
    question: question.content,
    answer: answer.content,
    timeoutMs: o.timeoutMs,
  });
  const expected = provisionalTitle(question.content);
  if (!title || title === expected) return false;
  return saveGeneratedTitle(o.db, { conversationId: o.conversationId, expected, title });
}
