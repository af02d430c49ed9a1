// A tiny browser stand-in for route tests: a cookie jar and an SSE reader over real HTTP.
import type { DonePayload, StartPayload } from '@/lib/chat/events';
import type { ChatError, ChatMessage } from '@/lib/chat/types';
import { createSSEDecoder, type SSEMessage } from '@/lib/openai/sse';

export interface ClientOptions {
  /**
   * Load a page before the first request, as a browser does, so the app mints this client's
   * guest cookie (default true). false: a visitor without a session.
   */
  session?: boolean;
}

const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];

export class Client {
  cookie: string | null = null;
  private readonly session: boolean;
  constructor(
    readonly baseUrl: string,
    options: ClientOptions = {},
  ) {
    this.session = options.session ?? true;
  }

  /** A top-level page load, as the browser's first visit makes it: the app sets the cookie. */
  async visit(path = '/'): Promise<Response> {
    const res = await this.send(path, {
      headers: {
        accept: 'text/html',
        'sec-fetch-dest': 'document',
        'sec-fetch-mode': 'navigate',
        'sec-fetch-site': 'none',
      },
    });
    await res.body?.cancel();
    return res;
  }

  /**
   * Like the app's own fetch() in a browser: state-changing requests carry this origin (unless
   * the test sets one), and the first request is preceded by a page load that mints the cookie.
   */
  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    if (this.session && !this.cookie) await this.visit();
    const headers = new Headers(init.headers);
    const method = (init.method ?? 'GET').toUpperCase();
    if (!SAFE_METHODS.includes(method) && !headers.has('origin')) {
      headers.set('origin', this.baseUrl);
    }
    return this.send(path, { ...init, headers });
  }

  /** Other cookies the app set (an account's session), by name. */
  readonly otherCookies = new Map<string, string>();

  private async send(path: string, init: RequestInit): Promise<Response> {
    const headers = new Headers(init.headers);
    const jar = [this.cookie, ...[...this.otherCookies].map(([k, v]) => `${k}=${v}`)];
    const cookie = jar.filter(Boolean).join('; ');
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(`${this.baseUrl}${path}`, { ...init, headers });
    const set = res.headers.getSetCookie();
    const session = set.find((c) => c.startsWith('parley_session='));
    if (session) this.cookie = session.split(';')[0] ?? null;
    for (const line of set) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      if (name === 'parley_session' || eq <= 0) continue;
      const value = pair.slice(eq + 1);
      if (value === '' || /max-age=0\b/i.test(line)) this.otherCookies.delete(name);
      else this.otherCookies.set(name, value);
    }
    return res;
  }

  postChat(body: unknown, signal?: AbortSignal): Promise<Response> {
    return this.fetch('/api/chat', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  }

  async json<T>(path: string, init?: RequestInit): Promise<{ status: number; body: T }> {
    const res = await this.fetch(path, init);
    return { status: res.status, body: (await res.json()) as T };
  }
}

export interface ChatRun {
  raw: string;
  messages: SSEMessage[];
  start: StartPayload;
  done: DonePayload | null;
  /** The turn's last assistant message, as saved (from `done`). */
  answer: ChatMessage | null;
  errors: ChatError[];
  chunks: unknown[];
}

/** Reads a whole /api/chat response; `onMessage` may return 'stop-reading' to abandon it early. */
export async function readChat(
  res: Response,
  onMessage?: (m: SSEMessage, all: SSEMessage[]) => undefined | 'stop-reading',
): Promise<ChatRun> {
  if (!res.ok || !res.body) throw new Error(`chat failed: HTTP ${res.status} ${await res.text()}`);
  const messages: SSEMessage[] = [];
  let raw = '';
  let stop = false;
  const text = new TextDecoder();
  const decoder = createSSEDecoder((m) => {
    messages.push(m);
    if (onMessage?.(m, messages) === 'stop-reading') stop = true;
  });
  const reader = res.body.getReader();
  while (!stop) {
    const { done, value } = await reader.read();
    if (done) break;
    raw += text.decode(value, { stream: true });
    decoder.push(value);
  }
  if (stop) await reader.cancel();
  else decoder.end();
  const named = (name: string) =>
    messages.filter((m) => m.event === name).map((m) => JSON.parse(m.data));
  const [start] = named('start') as StartPayload[];
  if (!start) throw new Error(`no start event in: ${raw.slice(0, 500)}`);
  const [done] = named('done') as DonePayload[];
  return {
    raw,
    messages,
    start,
    done: done ?? null,
    answer: done?.messages.filter((m) => m.role === 'assistant').at(-1) ?? null,
    errors: (named('error') as { error: ChatError }[]).map((e) => e.error),
    chunks: messages.filter((m) => !m.event).map((m) => JSON.parse(m.data)),
  };
}

export async function eventually<T>(
  probe: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await probe();
  while (!ok(last)) {
    if (Date.now() > deadline)
      throw new Error(`condition not met in ${timeoutMs} ms; last: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 100));
    last = await probe();
  }
  return last;
}
