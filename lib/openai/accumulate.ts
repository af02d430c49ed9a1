// The stream reducer: folds chat.completion.chunk objects into per-choice messages. Pure and
// immutable (unchanged parts keep their references, so React/zustand can compare by identity),
// and cheap per token: a content delta copies one choice and the choices array, nothing else.
import type { ToolCall, Usage } from './types';
import { FLAGGED, filterFlagged, promptFlagged } from './content-filter';
import { extractMessageText } from './message-text';
import { toStreamError } from './stream-error';
import { scanThink, THINK_START, type ThinkScan, type ThinkStep } from './think';
import { mergeToolCalls, type ToolSlots } from './tool-calls';
import type {
  ChatCompletionChunk,
  ChunkChoice,
  NormalizedChoice,
  NormalizedChunk,
  NormalizedDelta,
  StreamError,
  StreamEvent,
} from './types';
import { pickUsage } from './usage';

export type { ChatCompletionChunk, NormalizedChunk, StreamError, StreamEvent } from './types';

export interface ChoiceState {
  index: number;
  role: string | null;
  content: string;
  reasoning: string | null;
  refusal: string | null;
  toolCalls: ToolCall[];
  /** Raw provider value of the last non-null finish_reason. */
  finishReason: string | null;
}

export interface StreamState {
  id: string | null;
  model: string | null;
  created: number | null;
  systemFingerprint: string | null;
  /** Sorted by index. */
  choices: ChoiceState[];
  /** The last usage seen; never summed, never cleared by `usage: null`. */
  usage: Usage | null;
  error: StreamError | null;
  /** A content-filter annotation flagged the prompt or an answer (see content-filter.ts). */
  contentFiltered: boolean;
  doneReceived: boolean;
  chunkCount: number;
  /** Bookkeeping: per choice index, provider tool-call index → position in `toolCalls`. */
  toolSlots: Readonly<Record<number, ToolSlots>>;
  /** Whether a leading `<think>` block in content is taken as reasoning (see think.ts). */
  thinkTags: boolean;
  /** Bookkeeping: per choice index, where the think-block scan stands. */
  thinkScans: Readonly<Record<number, ThinkScan>>;
}

export interface StreamOptions {
  /**
   * Default true, for provider streams. False for Parley's own normalized chunks, which already
   * carry a think block as `reasoning_content`: what remains in their content is answer text.
   */
  thinkTags?: boolean;
}

export type FinalStatus = 'complete' | 'interrupted' | 'error';

const NO_SLOTS: ToolSlots = {};

export function initialStreamState(options: StreamOptions = {}): StreamState {
  return {
    id: null,
    model: null,
    created: null,
    systemFingerprint: null,
    choices: [],
    usage: null,
    error: null,
    contentFiltered: false,
    doneReceived: false,
    chunkCount: 0,
    toolSlots: {},
    thinkTags: options.thinkTags ?? true,
    thinkScans: {},
  };
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function emptyChoice(index: number): ChoiceState {
  return {
    index,
    role: null,
    content: '',
    reasoning: null,
    refusal: null,
    toolCalls: [],
    finishReason: null,
  };
}

interface ChoiceStep {
  choice: ChoiceState;
  slots: ToolSlots;
  scan: ThinkScan | null;
  normalized: NormalizedChoice;
}

function applyChoice(
  prev: ChoiceState,
  slots: ToolSlots,
  scan: ThinkScan | null,
  wire: ChunkChoice,
): ChoiceStep {
  // A choice without `delta` (content-filter annotations) still counts: it may carry finish_reason.
  const delta = wire.delta ?? undefined;
  const raw = extractMessageText(delta);
  const think: ThinkStep | null = scan ? scanThink(scan, raw.content) : null;
  const text = think
    ? { content: think.content, reasoning: raw.reasoning + think.reasoning, refusal: raw.refusal }
    : raw;
  const role = prev.role ?? nonEmpty(delta?.role) ?? null;
  const finish = nonEmpty(wire.finish_reason) ?? null;
  const fragments = delta?.tool_calls;
  const merged =
    Array.isArray(fragments) && fragments.length > 0
      ? mergeToolCalls(prev.toolCalls, slots, fragments)
      : null;

  const out: NormalizedDelta = {};
  if (role !== prev.role && role !== null) out.role = role;
  if (text.content !== '') out.content = text.content;
  if (text.reasoning !== '') out.reasoning_content = text.reasoning;
  if (text.refusal !== '') out.refusal = text.refusal;
  if (merged && merged.normalized.length > 0) out.tool_calls = merged.normalized;
  const normalized: NormalizedChoice = {
    index: prev.index,
    delta: out,
    finish_reason: finish,
    logprobs: null,
  };
  if (filterFlagged(wire.content_filter_results)) normalized.content_filter_results = FLAGGED;

  const toolCalls = merged ? merged.toolCalls : prev.toolCalls;
  const changed =
    role !== prev.role ||
    text.content !== '' ||
    text.reasoning !== '' ||
    text.refusal !== '' ||
    toolCalls !== prev.toolCalls ||
    (finish !== null && finish !== prev.finishReason);
  const nextScan = think ? think.scan : null;
  if (!changed)
    return { choice: prev, slots: merged ? merged.slots : slots, scan: nextScan, normalized };

  const choice: ChoiceState = {
    index: prev.index,
    role,
    content: text.content === '' ? prev.content : prev.content + text.content,
    reasoning: text.reasoning === '' ? prev.reasoning : (prev.reasoning ?? '') + text.reasoning,
    refusal: text.refusal === '' ? prev.refusal : (prev.refusal ?? '') + text.refusal,
    toolCalls,
    finishReason: finish ?? prev.finishReason,
  };
  return { choice, slots: merged ? merged.slots : slots, scan: nextScan, normalized };
}

/** Position of `index` in the sorted list, or where it would be inserted. */
export function locate(choices: ChoiceState[], index: number): { at: number; found: boolean } {
  for (let at = 0; at < choices.length; at++) {
    const c = choices[at];
    if (c === undefined || c.index < index) continue;
    return { at, found: c.index === index };
  }
  return { at: choices.length, found: false };
}

/**
 * Applies one chunk. Returns the next state and the chunk's contribution in canonical form
 * (see `NormalizedChunk`); feeding the normalized chunks to a fresh state rebuilds the same
 * choices, usage and error.
 */
export function step(
  state: StreamState,
  chunk: ChatCompletionChunk,
): { state: StreamState; normalized: NormalizedChunk } {
  const id = state.id ?? nonEmpty(chunk.id) ?? null;
  const model = state.model ?? nonEmpty(chunk.model) ?? null;
  const created =
    state.created ??
    (typeof chunk.created === 'number' && chunk.created !== 0 ? chunk.created : null);
  const systemFingerprint = state.systemFingerprint ?? nonEmpty(chunk.system_fingerprint) ?? null;

  let choices = state.choices;
  let toolSlots = state.toolSlots;
  let thinkScans = state.thinkScans;
  const outChoices: NormalizedChoice[] = [];
  const wireChoices = Array.isArray(chunk.choices) ? chunk.choices : [];
  for (let i = 0; i < wireChoices.length; i++) {
    const wire = wireChoices[i];
    if (wire === null || typeof wire !== 'object') continue;
    const index = typeof wire.index === 'number' ? wire.index : i;
    const { at, found } = locate(choices, index);
    const prev = found ? choices[at] : undefined;
    const slots = toolSlots[index] ?? NO_SLOTS;
    const scan = state.thinkTags ? (thinkScans[index] ?? THINK_START) : null;
    const result = applyChoice(prev ?? emptyChoice(index), slots, scan, wire);
    if (result.choice !== prev) {
      const next = choices.slice();
      if (found) next[at] = result.choice;
      else next.splice(at, 0, result.choice);
      choices = next;
    }
    if (result.slots !== slots) toolSlots = { ...toolSlots, [index]: result.slots };
    if (result.scan && result.scan !== scan) thinkScans = { ...thinkScans, [index]: result.scan };
    outChoices.push(result.normalized);
  }

  const promptFiltered = promptFlagged(chunk);
  const contentFiltered =
    state.contentFiltered || promptFiltered || outChoices.some((c) => c.content_filter_results);
  const usage = pickUsage(chunk);
  const error = toStreamError(chunk.error);
  const next: StreamState = {
    id,
    model,
    created,
    systemFingerprint,
    choices,
    usage: usage ?? state.usage,
    error: error ?? state.error,
    contentFiltered,
    doneReceived: state.doneReceived,
    chunkCount: state.chunkCount + 1,
    toolSlots,
    thinkTags: state.thinkTags,
    thinkScans,
  };

  const normalized: NormalizedChunk = {
    id: id ?? '',
    object: 'chat.completion.chunk',
    created: created ?? 0,
    model: model ?? '',
    system_fingerprint: systemFingerprint,
    choices: outChoices,
  };
  if (promptFiltered) {
    normalized.prompt_filter_results = [{ prompt_index: 0, content_filter_results: FLAGGED }];
  }
  if (usage) normalized.usage = usage;
  if (error) normalized.error = error;
  return { state: next, normalized };
}

/** Reducer over parsed SSE events: `done` marks the stream finished, `invalid` is ignored. */
export function accumulate(state: StreamState, event: StreamEvent): StreamState {
  switch (event.type) {
    case 'chunk':
      return step(state, event.chunk).state;
    case 'done':
      return state.doneReceived ? state : { ...state, doneReceived: true };
    default:
      return state;
  }
}

/**
 * How the stream ended: `error` if an error payload arrived, else `interrupted` when choice 0
 * never got a finish_reason (dropped connection, truncated stream), else `complete`.
 */
export function finalStatus(state: StreamState): FinalStatus {
  if (state.error) return 'error';
  const first = state.choices.find((c) => c.index === 0);
  return first?.finishReason ? 'complete' : 'interrupted';
}
