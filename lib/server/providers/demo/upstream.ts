import 'server-only';
import { DEMO_MODEL_ID, DEMO_MODEL_LABEL, demoPlan, tokenize } from './reply';
import { type Upstream, wireText } from '@/lib/server/upstream/types';

const encoder = new TextEncoder();

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    // The listener goes when the timer fires: one per token would pile up on the signal
    // (MaxListenersExceededWarning after ten tokens).
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The built-in offline model. It answers exactly like a remote provider would (SSE bytes on a
 * `Response`), so the proxy, persistence and UI run unchanged when no upstream is configured.
 */
export function createDemoUpstream(options: { tokenDelayMs?: number } = {}): Upstream {
  const delay = options.tokenDelayMs ?? 35;

  return {
    kind: 'demo',
    async listModels() {
      return [{ id: DEMO_MODEL_ID, label: DEMO_MODEL_LABEL }];
    },
    async chatCompletions(body, signal) {
      const id = `chatcmpl-demo-${crypto.randomUUID()}`;
      const created = Math.floor(Date.now() / 1000);
      const plan = demoPlan(
        body.messages,
        (body.tools ?? []).map((t) => t.function.name),
      );
      const text = plan.kind === 'text' ? plan.text : '';
      const calls = plan.kind === 'tools' ? plan.calls : [];
      const toolCalls = calls.map((c, index) => ({
        index,
        id: `call_demo_${crypto.randomUUID().slice(0, 8)}`,
        type: 'function' as const,
        function: { name: c.name, arguments: c.arguments },
      }));
      const finishReason = calls.length > 0 ? 'tool_calls' : 'stop';
      const tokens = tokenize(text);
      const usage = {
        prompt_tokens: body.messages.reduce((n, m) => n + tokenize(wireText(m.content)).length, 0),
        completion_tokens: tokens.length,
        total_tokens: 0,
      };
      usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
      const base = { id, object: 'chat.completion.chunk', created, model: DEMO_MODEL_ID };

      if (!body.stream) {
        return Response.json({
          id,
          object: 'chat.completion',
          created,
          model: DEMO_MODEL_ID,
          choices: [
            {
              index: 0,
              message: {
                role: 'assistant',
                content: text || null,
                ...(toolCalls.length > 0
                  ? { tool_calls: toolCalls.map(({ index: _, ...call }) => call) }
                  : {}),
              },
              finish_reason: finishReason,
            },
          ],
          usage,
        });
      }

      const stream = new ReadableStream<Uint8Array>({
        async start(controller) {
          const send = (data: unknown) =>
            controller.enqueue(encoder.encode(`data: ${JSON.stringify(data)}\n\n`));
          try {
            send({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' } }] });
            for (const token of tokens) {
              await sleep(delay, signal);
              send({ ...base, choices: [{ index: 0, delta: { content: token } }] });
            }
            for (const call of toolCalls) {
              // Like real providers: the name first, then the arguments in pieces.
              const { arguments: args } = call.function;
              const head = { ...call, function: { name: call.function.name, arguments: '' } };
              send({ ...base, choices: [{ index: 0, delta: { tool_calls: [head] } }] });
              for (const piece of [args.slice(0, args.length >> 1), args.slice(args.length >> 1)]) {
                await sleep(delay * 4, signal);
                const fragment = { index: call.index, function: { arguments: piece } };
                send({ ...base, choices: [{ index: 0, delta: { tool_calls: [fragment] } }] });
              }
            }
            send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: finishReason }] });
            if (body.stream_options?.include_usage) send({ ...base, choices: [], usage });
            controller.enqueue(encoder.encode('data: [DONE]\n\n'));
            controller.close();
          } catch (error) {
            controller.error(error);
          }
        },
      });
      return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
    },
  };
}
