import 'server-only';
import type { ChatError } from '@/lib/chat/types';
import type { StreamState } from '@/lib/openai/accumulate';
import type { SSESource } from '@/lib/openai/sse';
import { foldCompletion } from '@/lib/openai/completion';
import type { ChatCompletion } from '@/lib/openai/types';
import { BodyTooLargeError } from './bounded-body';
import { ERROR_BODY_LIMIT, mapUpstreamHttpError } from './map-error';

// A 200 to a streaming request is not always a stream. What the body is gets decided by its
// first bytes and its content type, never by which provider sent it: an event stream is read as
// one; one JSON chat completion (a server that ignores `stream: true`) is the whole answer; any
// other body (a web page from a wrong base URL, plain text, nothing) is an error in words,
// through the same mapping as an HTTP error.

export type UpstreamBody =
  /** The body's reader, with the bytes already looked at to be read first. */
  | { kind: 'stream'; source: SSESource }
  | { kind: 'completion'; state: StreamState }
  | { kind: 'failure'; error: ChatError };

export interface OpenBodyOptions {
  /** The most a non-streamed body may hold (UPSTREAM_BODY_MAX_BYTES). */
  maxBytes: number;
  model: string;
  secrets: readonly string[];
}

// SSE lines start with a field name or a comment colon.
const SSE_START = /^(?:data|event|id|retry)\s*:|^:/;

/** What arrived so far as text, without leading blanks or a byte order mark. */
const textOf = (parts: readonly Uint8Array[]) =>
  new TextDecoder().decode(Buffer.concat(parts)).replace(/^[\s\uFEFF]+/, '');

async function readRest(
  head: Uint8Array[],
  reader: ReadableStreamDefaultReader<Uint8Array>,
  maxBytes: number,
): Promise<string> {
  const parts = [...head];
  let size = parts.reduce((n, p) => n + p.byteLength, 0);
  while (size <= maxBytes) {
    const { done, value } = await reader.read();
    if (done) return new TextDecoder().decode(Buffer.concat(parts));
    parts.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => {});
  throw new BodyTooLargeError(maxBytes);
}

function looksLikeCompletion(value: unknown): value is ChatCompletion {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Array.isArray((value as { choices?: unknown }).choices)
  );
}

/**
 * Reads just enough of a 200 response to tell what it is. Throws what reading throws (an
 * abort, a dropped connection, BodyTooLargeError for an oversized JSON body).
 */
export async function openUpstreamBody(res: Response, o: OpenBodyOptions): Promise<UpstreamBody> {
  const type = (res.headers.get('content-type') ?? '').toLowerCase();
  const head: Uint8Array[] = [];
  if (!res.body) return { kind: 'failure', error: explain(res, '', o) };
  const reader = res.body.getReader();
  let ended = false;
  let text = '';
  // A stream's first event may take a while (a model loading): this waits for it, as the
  // stream reader would have.
  while (text === '') {
    const { done, value } = await reader.read();
    if (done) {
      ended = true;
      break;
    }
    head.push(value);
    text = textOf(head);
  }
  if (text === '') return { kind: 'failure', error: explain(res, '', o) };
  const first = text[0];
  if (SSE_START.test(text) || (type.includes('event-stream') && first !== '<' && first !== '{')) {
    return { kind: 'stream', source: { reader, head } };
  }
  if (first === '{') {
    const whole = ended ? text : await readRest(head, reader, o.maxBytes);
    let json: unknown = null;
    try {
      json = JSON.parse(whole);
    } catch {
      // Not JSON after all: explained below like any other body.
    }
    if (looksLikeCompletion(json)) return { kind: 'completion', state: foldCompletion(json) };
    return { kind: 'failure', error: explain(res, whole.slice(0, ERROR_BODY_LIMIT), o) };
  }
  let prefix = text;
  while (!ended && prefix.length < ERROR_BODY_LIMIT) {
    const { done, value } = await reader.read();
    if (done) ended = true;
    else prefix += new TextDecoder().decode(value);
  }
  if (!ended) await reader.cancel().catch(() => {});
  return { kind: 'failure', error: explain(res, prefix.slice(0, ERROR_BODY_LIMIT), o) };
}

function explain(res: Response, body: string, o: OpenBodyOptions): ChatError {
  return mapUpstreamHttpError(
    { status: res.status, body, headers: res.headers, model: o.model },
    o.secrets,
  );
}
