import 'server-only';
import type { Tool, ToolContext, ToolResult } from './types';

/** Results beyond this are cut: one chatty tool must not blow the model's context. */
export const MAX_RESULT_CHARS = 100_000;

class TimeoutError extends Error {}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.trim() === '' ? 'The tool failed without an error message' : message;
}

function clip(content: string): string {
  if (content.length <= MAX_RESULT_CHARS) return content;
  const cut = content.length - MAX_RESULT_CHARS;
  return `${content.slice(0, MAX_RESULT_CHARS)}\n[… ${cut} more characters were cut]`;
}

type Parsed = { ok: true; args: Record<string, unknown> } | { ok: false; message: string };

/** OpenAI sends arguments as a JSON string; "" is what parameterless calls often get. */
export function parseArguments(raw: string): Parsed {
  if (raw.trim() === '') return { ok: true, args: {} };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return { ok: false, message: `The arguments were not valid JSON: ${describeError(error)}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
    return { ok: false, message: `The arguments must be a JSON object, got ${kind}` };
  }
  return { ok: true, args: value as Record<string, unknown> };
}

/**
 * Runs one tool call. Never throws: bad JSON, invalid arguments, a throw, a timeout or a
 * cancellation all become status 'error' with a message meant for the model (and the card).
 * A tool that ignores its AbortSignal is abandoned at the deadline, not awaited.
 */
export async function executeTool(
  tool: Tool,
  rawArguments: string,
  ctx: ToolContext & { timeoutMs: number },
): Promise<ToolResult> {
  const started = performance.now();
  const finish = (status: ToolResult['status'], content: string): ToolResult => ({
    status,
    content: clip(content),
    durationMs: Math.round(performance.now() - started),
  });

  const parsed = parseArguments(rawArguments);
  if (!parsed.ok) return finish('error', parsed.message);
  if (ctx.signal.aborted) return finish('error', 'The tool call was cancelled before it started');

  const controller = new AbortController();
  const cancel = () => controller.abort(ctx.signal.reason);
  ctx.signal.addEventListener('abort', cancel, { once: true });
  const timer = setTimeout(() => controller.abort(new TimeoutError()), ctx.timeoutMs);
  const aborted = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), {
      once: true,
    });
  });
  try {
    const run = (async () =>
      tool.run(parsed.args, { signal: controller.signal, timeZone: ctx.timeZone }))();
    // The loser of the race may reject later; that must not become an unhandled rejection.
    run.catch(() => {});
    aborted.catch(() => {});
    const output = await Promise.race([run, aborted]);
    return finish(output.ok ? 'done' : 'error', String(output.content));
  } catch (error) {
    if (controller.signal.aborted) {
      return controller.signal.reason instanceof TimeoutError
        ? finish('error', `The tool timed out after ${seconds(ctx.timeoutMs)}`)
        : finish('error', 'The tool call was cancelled');
    }
    return finish('error', describeError(error));
  } finally {
    clearTimeout(timer);
    ctx.signal.removeEventListener('abort', cancel);
  }
}
