/** Small fetch-based client for the mock's own tests (kept apart from the stream core on purpose). */
import type { MockUpstream } from './server';

export interface Chunk {
  id?: string;
  object?: string;
  created?: number;
  model?: string;
  system_fingerprint?: string;
  choices: {
    index: number;
    delta: Record<string, unknown> & {
      content?: string | null;
      tool_calls?: {
        index: number;
        id?: string;
        type?: string;
        function: { name?: string; arguments: string };
      }[];
    };
    finish_reason: string | null;
    logprobs?: null;
  }[];
  usage?: Record<string, unknown> | null;
  error?: { message: string; code: string };
}

export type SSEItem = Chunk | '[DONE]';

export function chatBody(text: string, extra: Record<string, unknown> = {}) {
  return {
    model: 'mock-model',
    stream: true,
    messages: [{ role: 'user', content: text }],
    ...extra,
  };
}

export function chat(
  mock: Pick<MockUpstream, 'url'>,
  body: unknown,
  init: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<Response> {
  return fetch(`${mock.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: JSON.stringify(body),
    signal: init.signal,
  });
}

function parseItem(block: string): SSEItem {
  const data = block.replace(/^data: /, '');
  return data === '[DONE]' ? '[DONE]' : (JSON.parse(data) as Chunk);
}

/** Incremental reader: events as they arrive, with arrival times and a "nothing arrived" timeout. */
export class EventReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private buffer = '';
  private pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  readonly reads: { at: number; bytes: Uint8Array }[] = [];
  readonly items: { at: number; item: SSEItem }[] = [];

  constructor(res: Response) {
    if (!res.body) throw new Error('response has no body');
    this.reader = res.body.getReader();
  }

  /** The next event, 'end' at end of body, or 'timeout' when nothing complete arrives in time. */
  async next(timeoutMs = 5000): Promise<SSEItem | 'end' | 'timeout'> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const cut = this.buffer.indexOf('\n\n');
      if (cut >= 0) {
        const item = parseItem(this.buffer.slice(0, cut));
        this.buffer = this.buffer.slice(cut + 2);
        this.items.push({ at: Date.now(), item });
        return item;
      }
      this.pending ??= this.reader.read();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now()));
      });
      const result = await Promise.race([this.pending, timeout]);
      clearTimeout(timer);
      if (result === 'timeout') return 'timeout';
      this.pending = null;
      if (result.done) return 'end';
      this.reads.push({ at: Date.now(), bytes: result.value });
      this.buffer += this.decoder.decode(result.value, { stream: true });
    }
  }

  /** Reads `n` events, failing loudly if the stream ends or stalls first. */
  async take(n: number, timeoutMs = 5000): Promise<SSEItem[]> {
    const out: SSEItem[] = [];
    while (out.length < n) {
      const item = await this.next(timeoutMs);
      if (item === 'end' || item === 'timeout')
        throw new Error(`expected ${n} events, got ${item}`);
      out.push(item);
    }
    return out;
  }

  /** Every remaining event until the body ends. */
  async rest(timeoutMs = 5000): Promise<SSEItem[]> {
    const out: SSEItem[] = [];
    for (;;) {
      const item = await this.next(timeoutMs);
      if (item === 'timeout') throw new Error('stream stalled');
      if (item === 'end') return out;
      out.push(item);
    }
  }

  cancel(): Promise<void> {
    return this.reader.cancel();
  }
}

export async function readAllEvents(res: Response): Promise<SSEItem[]> {
  return new EventReader(res).rest();
}

export function chunksOf(items: readonly SSEItem[]): Chunk[] {
  return items.filter((i): i is Chunk => i !== '[DONE]');
}

export function contentOf(items: readonly SSEItem[]): string {
  return chunksOf(items)
    .map((c) => c.choices[0]?.delta.content ?? '')
    .join('');
}

/** Content deltas only (not the empty role delta). */
export function contentDeltas(items: readonly SSEItem[]): string[] {
  return chunksOf(items)
    .map((c) => c.choices[0]?.delta.content)
    .filter((c): c is string => typeof c === 'string' && c !== '');
}

/** Every network read of the body, untouched: for byte-exact checks. */
export async function readRaw(res: Response): Promise<{ at: number; bytes: Uint8Array }[]> {
  if (!res.body) throw new Error('response has no body');
  const reads: { at: number; bytes: Uint8Array }[] = [];
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return reads;
    reads.push({ at: Date.now(), bytes: value });
  }
}
