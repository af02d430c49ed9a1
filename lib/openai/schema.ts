// Runtime validation of wire JSON. Only fields the accumulator reads are typed; everything else
// passes through untouched (loose objects), so new provider fields never make a chunk invalid,
// while a wrongly typed content-bearing field does (better an `invalid` event than a crash).
import { z } from 'zod';
import type {
  ChatCompletion,
  ChatCompletionChunk,
  ContentPart,
  MessageFields,
  ToolCallFragment,
  WireUsage,
} from './types';

const str = z.string().nullish();
const num = z.number().nullish();

const contentPart: z.ZodType<ContentPart> = z.looseObject({
  type: z.string(),
  text: str,
  thinking: z.union([z.string(), z.array(z.looseObject({ type: str, text: str }))]).nullish(),
  refusal: str,
});

const toolCallFragment: z.ZodType<ToolCallFragment> = z.looseObject({
  index: z.number().int().nullish(),
  id: str,
  type: str,
  function: z
    .looseObject({
      name: str,
      arguments: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
    })
    .nullish(),
});

const messageFields: z.ZodType<MessageFields> = z.looseObject({
  role: str,
  content: z.union([z.string(), z.array(contentPart)]).nullish(),
  reasoning_content: str,
  reasoning: str,
  reasoning_details: z.array(z.looseObject({ type: str, text: str, summary: str })).nullish(),
  refusal: str,
  tool_calls: z.array(toolCallFragment).nullish(),
});

const usage: z.ZodType<WireUsage> = z.looseObject({
  prompt_tokens: num,
  completion_tokens: num,
  total_tokens: num,
});

const errorPayload = z.union([z.looseObject({}), z.string()]).nullish();

const envelope = {
  id: str,
  object: str,
  created: num,
  model: str,
  system_fingerprint: str,
  usage: usage.nullish(),
  error: errorPayload,
};

export const chatCompletionChunkSchema: z.ZodType<ChatCompletionChunk> = z.looseObject({
  ...envelope,
  choices: z
    .array(
      z.looseObject({
        index: z.number().int().nullish(),
        delta: messageFields.nullish(),
        finish_reason: str,
      }),
    )
    .nullish(),
});

export const chatCompletionSchema: z.ZodType<ChatCompletion> = z.looseObject({
  ...envelope,
  choices: z
    .array(
      z.looseObject({
        index: z.number().int().nullish(),
        message: messageFields.nullish(),
        finish_reason: str,
      }),
    )
    .nullish(),
});

export type ParseResult<T> = { ok: true; value: T } | { ok: false; reason: string };

function explain(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'schema mismatch';
  const path = issue.path.length > 0 ? issue.path.join('.') : '(root)';
  return `${path}: ${issue.message}`;
}

export function validateChunk(value: unknown): ParseResult<ChatCompletionChunk> {
  const result = chatCompletionChunkSchema.safeParse(value);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, reason: explain(result.error) };
}

/** Validates a parsed non-streaming response body. */
export function parseCompletion(value: unknown): ParseResult<ChatCompletion> {
  const result = chatCompletionSchema.safeParse(value);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, reason: explain(result.error) };
}
