/**
 * Scenario registry: turns a parsed `ScenarioSpec` plus the request body into a `Plan`.
 * Plans are pure data, so the HTTP side (respond.ts) owns every timer and socket.
 */
import {
  flagParam,
  intParam,
  lastUserText,
  MockSpecError,
  messagesOf,
  contentText,
  numberParam,
  stripMarkers,
} from './marker';
import { httpError } from './http-errors';
import { errorBody } from './openai-shapes';
import { longMarkdownTokens } from './long-markdown';
import { page, takeNoStream } from './not-a-stream';
import { loadReplay } from './replay';
import {
  DEFAULT_REPLY,
  MARKDOWN_REPLY,
  REASONING_ANSWER,
  REASONING_TEXT,
  splitEvenly,
  splitTokens,
  TOOL_CALLS,
  textTokens,
} from './texts';
import type { Params, Plan, ScenarioSpec, Step } from './types';

export interface ScenarioContext {
  params: Params;
  body: unknown;
  fixturesDir: string;
}

interface ScenarioDef {
  params: readonly string[];
  build(ctx: ScenarioContext): Plan;
}

/** Inserts `wait` steps so emitting steps arrive at `rate` per second (0 = as fast as possible). */
function paced(steps: Step[], rate: number): Step[] {
  if (rate <= 0) return steps;
  const ms = 1000 / rate;
  return steps.flatMap((s, i) => (i === 0 ? [s] : [{ kind: 'wait', ms } as const, s]));
}

const content = (texts: string[]): Step[] => texts.map((text) => ({ kind: 'content', text }));
const rateOf = (p: Params) => numberParam(p, 'rate', 0);

function script(steps: Step[], params: Params, headersDelayMs = 0): Plan {
  return { kind: 'script', steps, headersDelayMs, forceUsage: flagParam(params, 'usage') };
}

function finish(params: Params, fallback = 'stop'): Step {
  return { kind: 'finish', reason: params.finish ?? fallback };
}

function textPlan({ params }: ScenarioContext, headersDelayMs = 0): Plan {
  const tokens = intParam(params, 'tokens', 5);
  return script(
    [...paced(content(textTokens(tokens)), rateOf(params)), finish(params)],
    params,
    headersDelayMs,
  );
}

const TEXT_PARAMS = ['tokens', 'rate', 'usage', 'finish'] as const;

function echoText(ctx: ScenarioContext): string {
  if (!flagParam(ctx.params, 'all')) return stripMarkers(lastUserText(ctx.body));
  return messagesOf(ctx.body)
    .map((m) => `${m.role}: ${stripMarkers(contentText(m.content))}`)
    .join('\n');
}

/** Tool messages after the last user message mean the tool loop came back: answer in text. */
function toolResults(body: unknown): string[] | null {
  const messages = messagesOf(body);
  const lastUser = messages.map((m) => m.role).lastIndexOf('user');
  const results = messages.slice(lastUser + 1).filter((m) => m.role === 'tool');
  return results.length > 0 ? results.map((m) => contentText(m.content)) : null;
}

function toolSteps(params: Params): Step[] {
  const calls = intParam(params, 'calls', 1, 1, TOOL_CALLS.length);
  const split = intParam(params, 'split', 3, 1, 1000);
  const pauseKey = params.pause;
  // `names=a,b` renames the calls (their arguments stay), to target the app's own tools.
  const names = params.names?.split(',') ?? [];
  const steps: Step[] = [];
  TOOL_CALLS.slice(0, calls).forEach((call, index) => {
    const name = names[index] || call.name;
    steps.push({ kind: 'tool', index, head: { id: call.id, name }, arguments: '' });
    const pieces = splitEvenly(call.arguments, split);
    pieces.forEach((piece, i) => {
      if (pauseKey && index === 0 && i === Math.ceil(pieces.length / 2)) {
        steps.push({ kind: 'pause', key: pauseKey });
      }
      steps.push({ kind: 'tool', index, arguments: piece });
    });
  });
  return steps;
}

const scenarios: Record<string, ScenarioDef> = {
  default: {
    params: [],
    build: ({ params }) => script([...content(splitTokens(DEFAULT_REPLY)), finish(params)], params),
  },
  text: { params: TEXT_PARAMS, build: (ctx) => textPlan(ctx) },
  echo: {
    params: ['rate', 'usage', 'all', 'chunks'],
    build: (ctx) => {
      const pieces = splitEvenly(echoText(ctx), intParam(ctx.params, 'chunks', 4, 1));
      const text = pieces.length === 1 && pieces[0] === '' ? [] : pieces;
      return script([...paced(content(text), rateOf(ctx.params)), finish(ctx.params)], ctx.params);
    },
  },
  markdown: {
    params: ['rate', 'usage', 'tokens'],
    build: ({ params }) => {
      const tokens = params.tokens === undefined ? null : intParam(params, 'tokens', 0, 1);
      const text = tokens === null ? splitTokens(MARKDOWN_REPLY) : longMarkdownTokens(tokens);
      return script([...paced(content(text), rateOf(params)), finish(params)], params);
    },
  },
  tools: {
    params: ['calls', 'split', 'pause', 'rate', 'usage', 'names'],
    build: ({ params, body }) => {
      const results = toolResults(body);
      if (results) {
        const reply = splitTokens(`Tool results: ${results.join('; ')}`);
        return script([...paced(content(reply), rateOf(params)), finish(params)], params);
      }
      return script(
        [...paced(toolSteps(params), rateOf(params)), finish(params, 'tool_calls')],
        params,
      );
    },
  },
  reasoning: {
    params: ['rate', 'usage', 'field', 'pause'],
    build: ({ params }) => {
      const field = params.field ?? 'reasoning_content';
      const tokens = splitTokens(REASONING_TEXT);
      // `think`: no reasoning parser on the server, the block arrives inside content, its tags
      // split across deltas like llama.cpp sends them.
      let thinking: Step[];
      if (field === 'think') {
        thinking = content(['<th', 'ink>\n', ...tokens, '\n</th', 'ink', '>\n\n']);
      } else if (field === 'reasoning_content' || field === 'reasoning') {
        thinking = tokens.map((text): Step => ({ kind: 'reasoning', text, field }));
      } else {
        throw new MockSpecError('mock: field must be reasoning_content, reasoning or think');
      }
      // `pause=KEY` holds the stream after the reasoning text, before the answer (or the close tag).
      if (params.pause) {
        const at = field === 'think' ? thinking.length - 3 : thinking.length;
        thinking.splice(at, 0, { kind: 'pause', key: params.pause });
      }
      const steps: Step[] = [...thinking, ...content(splitTokens(REASONING_ANSWER))];
      return script([...paced(steps, rateOf(params)), finish(params)], params);
    },
  },
  http: { params: ['status', 'retry', 'shape'], build: ({ params }) => httpError(params) },
  'stream-error': {
    params: ['after', 'message', 'rate'],
    build: ({ params }) => {
      const tokens = textTokens(intParam(params, 'after', 3));
      const message = params.message ?? 'Upstream provider disconnected unexpectedly';
      const error: Step = { kind: 'error', message, code: 'server_error' };
      return script(paced([...content(tokens), error], rateOf(params)), params);
    },
  },
  reset: {
    params: ['after', 'rate'],
    build: ({ params }) =>
      script(
        [
          ...paced(content(textTokens(intParam(params, 'after', 3))), rateOf(params)),
          { kind: 'reset' },
        ],
        params,
      ),
  },
  stall: {
    params: ['after', 'rate'],
    build: ({ params }) =>
      script(
        [
          ...paced(content(textTokens(intParam(params, 'after', 2))), rateOf(params)),
          { kind: 'stall' },
        ],
        params,
      ),
  },
  pause: {
    params: ['key', 'after', 'tokens', 'rate', 'usage'],
    build: ({ params }) => {
      const key = params.key;
      if (!key) throw new MockSpecError('mock: pause needs key=KEY');
      const after = intParam(params, 'after', 2);
      const all = content(textTokens(intParam(params, 'tokens', after + 3, after)));
      const rate = rateOf(params);
      const steps: Step[] = [
        ...paced(all.slice(0, after), rate),
        { kind: 'pause', key },
        ...paced(all.slice(after), rate),
        finish(params),
      ];
      return script(steps, params);
    },
  },
  // Oversized answers, to test the app's caps: one delta of `bytes` characters, `count` times.
  big: {
    params: ['bytes', 'count', 'usage', 'finish'],
    build: ({ params }) => {
      const text = 'x'.repeat(intParam(params, 'bytes', 1_000_000, 1, 256 * 1024 * 1024));
      const count = intParam(params, 'count', 1, 1, 10_000);
      return script([...content(Array(count).fill(text)), finish(params)], params);
    },
  },
  endless: {
    params: ['after', 'size', 'rate', 'event'],
    build: ({ params }) => {
      const rate = rateOf(params);
      return script(
        [
          ...paced(content(textTokens(intParam(params, 'after', 2))), rate),
          {
            kind: 'endless',
            text: 'x'.repeat(intParam(params, 'size', 1024, 1, 1024 * 1024)),
            waitMs: rate > 0 ? 1000 / rate : 0,
            oneEvent: flagParam(params, 'event'),
          },
        ],
        params,
      );
    },
  },
  replay: {
    params: ['file', 'boundaries', 'every', 'delay'],
    build: ({ params, fixturesDir }) => loadReplay(params, fixturesDir),
  },
  'reject-stream-options': {
    params: TEXT_PARAMS,
    build: (ctx) =>
      typeof ctx.body === 'object' && ctx.body !== null && 'stream_options' in ctx.body
        ? {
            kind: 'error',
            status: 400,
            body: errorBody(
              'Unrecognized request argument supplied: stream_options',
              'invalid_request_error',
              'unsupported_parameter',
              'stream_options',
            ),
          }
        : textPlan(ctx),
  },
  'reject-max-tokens': {
    params: TEXT_PARAMS,
    build: (ctx) =>
      typeof ctx.body === 'object' && ctx.body !== null && 'max_tokens' in ctx.body
        ? {
            kind: 'error',
            status: 400,
            body: errorBody(
              "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
              'invalid_request_error',
              'unsupported_parameter',
              'max_tokens',
            ),
          }
        : textPlan(ctx),
  },
  page: { params: ['type', 'content-type'], build: ({ params }) => page(params) },
  hangup: { params: [], build: () => ({ kind: 'hangup' }) },
  'slow-headers': {
    params: ['delay', ...TEXT_PARAMS],
    build: (ctx) => textPlan(ctx, intParam(ctx.params, 'delay', 1000)),
  },
};

export const SCENARIO_NAMES = Object.keys(scenarios);

export function buildPlan(spec: ScenarioSpec, ctx: Omit<ScenarioContext, 'params'>): Plan {
  const def = Object.hasOwn(scenarios, spec.name) ? scenarios[spec.name] : undefined;
  if (!def) {
    throw new MockSpecError(
      `mock: unknown scenario "${spec.name}" (known: ${SCENARIO_NAMES.filter((n) => n !== 'default').join(', ')})`,
    );
  }
  const { rest, contentType } = takeNoStream(spec.params);
  const unknown = Object.keys(rest).filter((k) => !def.params.includes(k));
  if (unknown.length > 0) {
    throw new MockSpecError(
      `mock: unknown parameter(s) ${unknown.join(', ')} for "${spec.name}" (allowed: ${def.params.join(', ') || 'none'})`,
    );
  }
  const plan = def.build({ ...ctx, params: rest });
  if (contentType === null) return plan;
  if (plan.kind !== 'script') throw new MockSpecError(`mock: "${spec.name}" cannot be nostream`);
  return { ...plan, jsonContentType: contentType };
}
