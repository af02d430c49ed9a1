/** Executes a `Plan` on an HTTP response: SSE stream, JSON completion, error body or byte replay. */
import type { ServerResponse } from 'node:http';
import type { ResponseLife } from './life';
import {
  type AssembledReply,
  chunk,
  completion,
  type Delta,
  errorBody,
  errorChunk,
  type ResponseMeta,
  usageChunk,
  usageFor,
} from './openai-shapes';
import type { ReleaseGate } from './release-gate';
import { cutBytes } from './replay';
import { SSE_CONTENT_TYPE, SSEWriter } from './sse-writer';
import type { Plan, Step } from './types';

/** Time for already-written tokens to reach the client before a hard reset discards them. */
const RESET_SETTLE_MS = 30;

export interface RespondContext {
  res: ServerResponse;
  life: ResponseLife;
  gate: ReleaseGate;
  meta: ResponseMeta;
  body: unknown;
  stream: boolean;
  /** Extra headers for every response (request id, seq). */
  headers: Record<string, string>;
  /** Called right before the socket is reset, so the close is not mistaken for a client abort. */
  onServerDestroy(): void;
}

export async function respond(plan: Plan, ctx: RespondContext): Promise<void> {
  if (plan.kind === 'error') return sendError(ctx, plan);
  if (plan.kind === 'replay') return replay(plan, ctx);
  if (plan.kind === 'hangup') {
    // A plain close (FIN), before the status line: "socket hang up" to the client.
    ctx.onServerDestroy();
    ctx.res.socket?.destroy();
    return;
  }
  if (plan.headersDelayMs > 0 && !(await ctx.life.sleep(plan.headersDelayMs))) return;
  return ctx.stream && !plan.jsonContentType
    ? streamScript(plan.steps, plan.forceUsage, ctx)
    : jsonScript(plan.steps, ctx, plan.jsonContentType);
}

export function sendJson(
  ctx: Pick<RespondContext, 'res' | 'headers'>,
  status: number,
  payload: unknown,
  headers: Record<string, string> = {},
  contentType = 'application/json',
): void {
  const text = JSON.stringify(payload);
  ctx.res.writeHead(status, {
    ...ctx.headers,
    ...headers,
    'content-type': contentType,
    'content-length': Buffer.byteLength(text),
  });
  ctx.res.end(text);
}

/** An `error` plan: its JSON body, or its raw bytes (HTML, plain text, nothing). */
export function sendError(
  ctx: Pick<RespondContext, 'res' | 'headers'>,
  plan: Extract<Plan, { kind: 'error' }>,
): void {
  if (plan.raw) sendRaw(ctx, plan.status, plan.raw, plan.headers);
  else sendJson(ctx, plan.status, plan.body, plan.headers);
}

function sendRaw(
  ctx: Pick<RespondContext, 'res' | 'headers'>,
  status: number,
  raw: { text: string; contentType: string },
  headers: Record<string, string> = {},
): void {
  ctx.res.writeHead(status, {
    ...ctx.headers,
    ...headers,
    'content-type': raw.contentType,
    'content-length': Buffer.byteLength(raw.text),
  });
  ctx.res.end(raw.text);
}

function hardReset(ctx: RespondContext): void {
  ctx.onServerDestroy();
  const socket = ctx.res.socket;
  if (socket && !socket.destroyed) socket.resetAndDestroy();
}

/** Waits that every script runner shares; false means stop (aborted, stalled or reset). */
async function control(step: Step, ctx: RespondContext): Promise<boolean> {
  switch (step.kind) {
    case 'wait':
      return ctx.life.sleep(step.ms);
    case 'pause':
      return ctx.gate.wait(step.key, ctx.life.signal);
    case 'stall':
      return ctx.life.forever();
    case 'reset':
      if (await ctx.life.sleep(RESET_SETTLE_MS)) hardReset(ctx);
      return false;
    case 'endless':
      // A complete JSON reply cannot be endless: stall instead, until the client gives up.
      return ctx.life.forever();
    default:
      return true;
  }
}

async function endless(
  step: Extract<Step, { kind: 'endless' }>,
  out: SSEWriter,
  ctx: RespondContext,
): Promise<void> {
  const piece = new TextEncoder().encode(step.text);
  if (step.oneEvent && !(await out.raw(new TextEncoder().encode('data: {"x":"')))) return;
  for (;;) {
    const sent = step.oneEvent
      ? await out.raw(piece)
      : await out.event(chunk(ctx.meta, { content: step.text }));
    if (!sent) return;
    if (step.waitMs > 0 && !(await ctx.life.sleep(step.waitMs))) return;
  }
}

function deltaOf(step: Step): Delta | null {
  switch (step.kind) {
    case 'content':
      return { content: step.text };
    case 'reasoning':
      return { [step.field]: step.text };
    case 'tool':
      return {
        tool_calls: [
          step.head
            ? {
                index: step.index,
                id: step.head.id,
                type: 'function',
                function: { name: step.head.name, arguments: step.arguments },
              }
            : { index: step.index, function: { arguments: step.arguments } },
        ],
      };
    default:
      return null;
  }
}

function countTokens(steps: readonly Step[], kind: Step['kind']): number {
  return steps.filter((s) => s.kind === kind && !(s.kind === 'tool' && s.head)).length;
}

async function streamScript(steps: Step[], forceUsage: boolean, ctx: RespondContext) {
  const { res, meta } = ctx;
  res.writeHead(200, {
    ...ctx.headers,
    'content-type': SSE_CONTENT_TYPE,
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  res.flushHeaders();
  const out = new SSEWriter(res, ctx.life);
  if (!(await out.event(chunk(meta, { role: 'assistant', content: '' })))) return;
  for (const step of steps) {
    const delta = deltaOf(step);
    if (delta) {
      if (!(await out.event(chunk(meta, delta)))) return;
    } else if (step.kind === 'finish') {
      if (!(await out.event(chunk(meta, {}, step.reason)))) return;
      if (meta.usageField || forceUsage) {
        const completionTokens =
          countTokens(steps, 'content') +
          countTokens(steps, 'reasoning') +
          countTokens(steps, 'tool');
        const usage = usageFor(ctx.body, completionTokens, countTokens(steps, 'reasoning'));
        if (!(await out.event(usageChunk(meta, usage)))) return;
      }
      if (!(await out.done())) return;
      return out.end();
    } else if (step.kind === 'error') {
      if (!(await out.event(errorChunk(meta, step.message, step.code)))) return;
      return out.end();
    } else if (step.kind === 'endless') {
      return endless(step, out, ctx);
    } else if (!(await control(step, ctx))) {
      return;
    }
  }
  // A script without finish/error ends the body without [DONE], like a truncated upstream.
  return out.end();
}

function assemble(reply: AssembledReply, step: Step): void {
  if (step.kind === 'content') reply.content += step.text;
  else if (step.kind === 'reasoning') {
    reply.reasoning += step.text;
    reply.reasoningField = step.field;
  } else if (step.kind === 'tool') {
    if (step.head) {
      reply.toolCalls[step.index] = {
        id: step.head.id,
        type: 'function',
        function: { name: step.head.name, arguments: '' },
      };
    }
    const call = reply.toolCalls[step.index];
    if (call) call.function.arguments += step.arguments;
  } else if (step.kind === 'finish') reply.finishReason = step.reason;
  if (step.kind === 'content' || step.kind === 'reasoning' || step.kind === 'tool') {
    reply.completionTokens += step.kind === 'tool' && step.head ? 0 : 1;
  }
}

/** Non-streaming: the same script, waits included, answered as one `chat.completion`. */
async function jsonScript(steps: Step[], ctx: RespondContext, contentType?: string) {
  const reply: AssembledReply = {
    content: '',
    reasoning: '',
    reasoningField: 'reasoning_content',
    toolCalls: [],
    finishReason: 'stop',
    completionTokens: 0,
  };
  for (const step of steps) {
    if (step.kind === 'error') {
      return sendJson(ctx, 500, errorBody(step.message, 'server_error', step.code));
    }
    if (!(await control(step, ctx))) return;
    assemble(reply, step);
  }
  const usage = usageFor(ctx.body, reply.completionTokens, countTokens(steps, 'reasoning'));
  sendJson(ctx, 200, completion(ctx.meta, reply, usage), {}, contentType);
}

async function replay(plan: Extract<Plan, { kind: 'replay' }>, ctx: RespondContext) {
  const { res } = ctx;
  res.writeHead(200, {
    ...ctx.headers,
    'content-type': SSE_CONTENT_TYPE,
    'cache-control': 'no-cache',
    // A fixed length keeps the socket bytes free of chunked framing: the body is the file, nothing else.
    'content-length': plan.bytes.length,
  });
  res.flushHeaders();
  const out = new SSEWriter(res, ctx.life);
  const pieces = cutBytes(plan.bytes, plan.cuts);
  for (const [i, piece] of pieces.entries()) {
    if (i > 0 && plan.delayMs > 0 && !(await ctx.life.sleep(plan.delayMs))) return;
    if (!(await out.raw(piece))) return;
  }
  return out.end();
}
