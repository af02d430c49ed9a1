import 'server-only';
import { encodeSSE } from '@/lib/chat/events';
import type { ChatMessage, ConversationSettings } from '@/lib/chat/types';
import { getConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { insertMessage, updateMessage } from '@/lib/server/db/repository';
import { toOpenAITools } from '@/lib/server/tools';
import type { Tool } from '@/lib/server/tools/types';
import { type ChatCompletionParams, type Upstream, wireText } from '@/lib/server/upstream/types';
import type { ClientSink } from './client-sink';
import { estimateMessageTokens, estimateTextTokens, fitToContext } from './context-window';
import { generate } from './generate';
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

/**
 * One turn: call the model; while it asks for tools Parley can run, run them, append the results
 * and call it again, up to TOOL_MAX_STEPS. Every step is saved as it happens. Returns every
 * message the turn created, as saved.
 */
export async function runTurn(o: TurnOptions): Promise<ChatMessage[]> {
  const config = getConfig();
  const offered = [...o.tools.values()];
  const changed: ChatMessage[] = [];
  let branch = o.branch;
  let assistant = o.assistant;
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
    branch,
    vision: o.vision ?? false,
    contextWindow: o.contextWindow,
  });
  const userParts = attached.build;
  branch = attached.branch;
  changed.push(...attached.marked);
  const fixedTokens =
    (system
      ? estimateMessageTokens({
          role: 'system',
          content: wireText(system.content),
          toolCalls: null,
        })
      : 0) + (wireTools ? estimateTextTokens(JSON.stringify(wireTools)) : 0);

  for (let step = 1; ; step++) {
    // The history grows with every tool step, so each step is fitted again.
    const fit = o.contextWindow
      ? fitToContext({
          branch,
          contextWindow: o.contextWindow,
          maxTokens: params.max_tokens ?? params.max_completion_tokens,
          fixedTokens,
        })
      : { messages: branch, startId: null };
    if (fit.startId !== (assistant.contextStartId ?? null)) {
      // Saved with the answer, so the screen can mark where the model's view began.
      assistant = (await updateMessage(o.db, assistant.id, { contextStartId: fit.startId })) ?? {
        ...assistant,
        contextStartId: fit.startId,
      };
    }
    const { message, failure } = await generate({
      db: o.db,
      upstream: o.upstream,
      assistant,
      request: {
        model: o.model,
        // The system prompt is never a stored message: it is added to each request.
        messages: [...(system ? [system] : []), ...toWireMessages(fit.messages, { userParts })],
        ...(wireTools ? { tools: wireTools } : {}),
        ...params,
      },
      sink: o.sink,
      signal: o.signal,
      secrets: o.secrets,
    });
    const prompt = fit.messages.reduce((sum, m) => sum + estimateMessageTokens(m), fixedTokens);
    await spendTokens(o.db, o.userId, stepTokens(message, prompt));
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
      const error = {
        code: 'step_limit',
        message: `Stopped after ${step} tool steps (the TOOL_MAX_STEPS limit).`,
        retryable: false,
      };
      const saved = await updateMessage(o.db, message.id, { error });
      changed[changed.indexOf(message)] = saved ?? { ...message, error };
      o.sink.send(encodeSSE({ error }, 'error'));
      break;
    }

    assistant = await insertMessage(o.db, {
      conversationId: o.conversationId,
      parentId: branch.at(-1)?.id ?? message.id,
      role: 'assistant',
      status: 'streaming',
      model: o.model,
    });
    o.sink.send(encodeSSE({ assistantMessage: assistant }, 'step'));
  }
  return changed;
}

/** The text of the conversation's reference files, in order; ones gone are left out. */
async function referenceTexts(o: TurnOptions): Promise<{ name: string; text: string }[]> {
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
