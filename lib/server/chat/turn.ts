import 'server-only';
import { encodeSSE } from '@/lib/chat/events';
import type { ChatMessage, ConversationSettings } from '@/lib/chat/types';
import { getConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { insertMessage, updateMessage } from '@/lib/server/db/repository';
import { toOpenAITools } from '@/lib/server/tools';
import type { Tool } from '@/lib/server/tools/types';
import {
  type ChatCompletionParams,
  type Upstream,
  type WireMessage,
  wireText,
} from '@/lib/server/upstream/types';
import type { ClientSink } from './client-sink';
import {
  estimateMessageTokens,
  estimateTextTokens,
  type FitResult,
  fitToContext,
} from './context-window';
import { type GenerateOptions, generate } from './generate';
import { attachmentParts } from './attachment-parts';
import { loadAttachmentContents } from '@/lib/server/attachments/content';
import { toWireMessages } from './history';
import { requestParams, systemPromptMessage } from './request-params';
import { runToolStep } from './run-tools';
import { spendTokens, stepTokens } from './token-budget';

export interface TurnOptions {
  db: Db;
  /** Whose daily token budget the model calls are spent from. */
  userId: string;
  upstream: Upstream;
  conversationId: string;
  /** Everything the model should see before the first step, oldest first. */
  branch: ChatMessage[];
  /** The already-saved, still empty answer that the first step fills in. */
  assistant: ChatMessage;
  model: string;
  params?: ChatCompletionParams;
  /** The conversation's settings: system prompt, sampling, reasoning effort. */
  settings?: ConversationSettings;
  /** Reference files of the assistant the conversation started from (its own copies). */
  references?: readonly { id: string; name: string }[];
  /** The model's context size in tokens; older messages are left out beyond it. */
  contextWindow?: number;
  /** Whether the model accepts `reasoning_effort`. */
  reasoningEffort?: boolean;
  /** Whether the model accepts image parts; without it images go as descriptions. */
  vision?: boolean;
  tools: ReadonlyMap<string, Tool>;
  sink: ClientSink;
  signal: AbortSignal;
  secrets: readonly string[];
  timeZone?: string;
}

/** What every step of a turn sends besides the history: fixed once per turn. */
interface TurnRequest {
  system: WireMessage | null;
  wireTools: ReturnType<typeof toOpenAITools> | null;
  params: ReturnType<typeof requestParams>;
  userParts: Awaited<ReturnType<typeof attachmentParts>>['build'];
  /** Tokens of the system prompt and the tool definitions. */
  fixedTokens: number;
}

/**
 * One turn: call the model; while it asks for tools Parley can run, run them, append the results
 * and call it again, up to TOOL_MAX_STEPS. Every step is saved as it happens. Returns every
 * message the turn created, as saved.
 */
export async function runTurn(o: TurnOptions): Promise<ChatMessage[]> {
  const config = getConfig();
  const { request, branch: prepared, marked } = await prepareTurn(o);
  const changed: ChatMessage[] = [...marked];
  let branch = prepared;
  let assistant = o.assistant;

  for (let step = 1; ; step++) {
    const { message, failure } = await runStep(o, request, branch, assistant);
    changed.push(message);
    branch = [...branch, message];
    o.sink.send(encodeSSE({ message }, 'message'));
    // Some servers say `stop` while sending tool calls: the calls are what count.
    const calls = message.toolCalls ?? [];
    if (failure || message.status !== 'complete' || calls.length === 0 || o.signal.aborted) break;

    const tools = await runToolStep({
      db: o.db,
      conversationId: o.conversationId,
      assistant: message,
      calls,
      tools: o.tools,
      sink: o.sink,
      signal: o.signal,
      timeZone: o.timeZone,
      timeoutMs: config.toolTimeoutMs,
    });
    changed.push(...tools.messages);
    branch = [...branch, ...tools.messages];
    if (tools.halted || o.signal.aborted) break;

    if (step >= config.toolMaxSteps) {
      changed[changed.indexOf(message)] = await stopAtStepLimit(o, message, step);
      break;
    }
    assistant = await nextAssistant(o, branch, message);
  }
  return changed;
}

/** Everything a turn's model request is built from (its history and what the model accepts). */
export type TurnRequestInput = Pick<
  TurnOptions,
  | 'db'
  | 'conversationId'
  | 'branch'
  | 'model'
  | 'params'
  | 'settings'
  | 'references'
  | 'contextWindow'
  | 'reasoningEffort'
  | 'vision'
  | 'tools'
>;

/**
 * The request the turn's first step will send, built as runTurn builds it: a caller may send it
 * before the turn's rows are saved (head-start.ts).
 */
export async function firstStepRequest(o: TurnRequestInput): Promise<StepRequest> {
  const { request, branch } = await prepareTurn(o);
  return stepRequest(o, request, branch).request;
}

/** The request parts fixed for the whole turn, and the branch with its attachments marked. */
async function prepareTurn(o: TurnRequestInput) {
  const offered = [...o.tools.values()];
  const settings = o.settings ?? {};
  const system = systemPromptMessage(settings, await referenceTexts(o));
  const wireTools = offered.length > 0 ? toOpenAITools(offered) : null;
  const params = requestParams({
    model: o.model,
    settings,
    overrides: o.params,
    reasoningEffort: o.reasoningEffort ?? false,
  });
  const attached = await attachmentParts({
    db: o.db,
    conversationId: o.conversationId,
    branch: o.branch,
    vision: o.vision ?? false,
    contextWindow: o.contextWindow,
  });
  const fixedTokens =
    (system
      ? estimateMessageTokens({
          role: 'system',
          content: wireText(system.content),
          toolCalls: null,
        })
      : 0) + (wireTools ? estimateTextTokens(JSON.stringify(wireTools)) : 0);
  const request: TurnRequest = {
    system,
    wireTools,
    params,
    userParts: attached.build,
    fixedTokens,
  };
  return { request, branch: attached.branch, marked: attached.marked };
}

type StepRequest = GenerateOptions['request'];

/** A step's request: the history fitted to the context window, with the turn's fixed parts. */
function stepRequest(
  o: Pick<TurnOptions, 'contextWindow' | 'model'>,
  { system, wireTools, params, userParts, fixedTokens }: TurnRequest,
  branch: ChatMessage[],
): { fit: Pick<FitResult<ChatMessage>, 'messages' | 'startId'>; request: StepRequest } {
  // The history grows with every tool step, so each step is fitted again.
  const fit = o.contextWindow
    ? fitToContext({
        branch,
        contextWindow: o.contextWindow,
        maxTokens: params.max_tokens ?? params.max_completion_tokens,
        fixedTokens,
      })
    : { messages: branch, startId: null };
  const request: StepRequest = {
    model: o.model,
    // The system prompt is never a stored message: it is added to each request.
    messages: [...(system ? [system] : []), ...toWireMessages(fit.messages, { userParts })],
    ...(wireTools ? { tools: wireTools } : {}),
    ...params,
  };
  return { fit, request };
}

/** One model call: the history fitted to the context window, the answer streamed and saved. */
async function runStep(
  o: TurnOptions,
  turnRequest: TurnRequest,
  branch: ChatMessage[],
  assistant: ChatMessage,
) {
  const { fit, request } = stepRequest(o, turnRequest, branch);
  let answer = assistant;
  if (fit.startId !== (answer.contextStartId ?? null)) {
    // Saved with the answer, so the screen can mark where the model's view began.
    answer = (await updateMessage(o.db, answer.id, { contextStartId: fit.startId })) ?? {
      ...answer,
      contextStartId: fit.startId,
    };
  }
  const result = await generate({
    db: o.db,
    upstream: o.upstream,
    assistant: answer,
    request,
    sink: o.sink,
    signal: o.signal,
    secrets: o.secrets,
  });
  const prompt = fit.messages.reduce(
    (sum, m) => sum + estimateMessageTokens(m),
    turnRequest.fixedTokens,
  );
  await spendTokens(o.db, o.userId, stepTokens(result.message, prompt));
  return result;
}

/** TOOL_MAX_STEPS reached: the last answer says so (saved, and sent as an error). */
async function stopAtStepLimit(
  o: TurnOptions,
  message: ChatMessage,
  step: number,
): Promise<ChatMessage> {
  const error = {
    code: 'step_limit',
    message: `Stopped after ${step} tool steps (the TOOL_MAX_STEPS limit).`,
    retryable: false,
  };
  const saved = await updateMessage(o.db, message.id, { error });
  o.sink.send(encodeSSE({ error }, 'error'));
  return saved ?? { ...message, error };
}

/** The empty answer the next step fills in, after the tool results. */
async function nextAssistant(
  o: TurnOptions,
  branch: ChatMessage[],
  message: ChatMessage,
): Promise<ChatMessage> {
  const assistant = await insertMessage(o.db, {
    conversationId: o.conversationId,
    parentId: branch.at(-1)?.id ?? message.id,
    role: 'assistant',
    status: 'streaming',
    model: o.model,
  });
  o.sink.send(encodeSSE({ assistantMessage: assistant }, 'step'));
  return assistant;
}

/** The text of the conversation's reference files, in order; ones gone are left out. */
async function referenceTexts(o: TurnRequestInput): Promise<{ name: string; text: string }[]> {
  const refs = o.references ?? [];
  if (refs.length === 0) return [];
  const contents = await loadAttachmentContents(o.db, {
    conversationId: o.conversationId,
    ids: refs.map((r) => r.id),
  });
  return refs.flatMap((r) => {
    const text = contents.get(r.id)?.text;
    return text ? [{ name: r.name, text }] : [];
  });
}
