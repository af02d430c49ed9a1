import 'server-only';

// Every body Parley reads from a server it does not control (AI providers, MCP servers) is read
// with a byte cap: a broken or hostile server must not be able to fill the process's memory.

export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the response body is larger than ${maxBytes} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/** Reads the whole body; throws BodyTooLargeError (and cancels the rest) beyond `maxBytes`. */
export async function readBoundedText(res: Response, maxBytes: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => {});
    throw new BodyTooLargeError(maxBytes);
  }
  const { text, truncated } = await readPrefix(res, maxBytes);
  if (truncated) throw new BodyTooLargeError(maxBytes);
  return text;
}

/** JSON.parse of a bounded body (a SyntaxError for malformed JSON, like Response.json()). */
export async function readBoundedJson(res: Response, maxBytes: number): Promise<unknown> {
  return JSON.parse(await readBoundedText(res, maxBytes));
}

/**
 * At most the first `maxBytes` of the body, for messages where a prefix is enough (an error
 * body); the rest is cancelled, never read.
 */
export async function readPrefix(
  res: Response,
  maxBytes: number,
): Promise<{ text: string; truncated: boolean }> {
  if (!res.body) return { text: '', truncated: false };
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const room = maxBytes - size;
      if (value.byteLength > room) {
        parts.push(value.subarray(0, room));
        size = maxBytes;
        truncated = true;
        break;
      }
      parts.push(value);
      size += value.byteLength;
    }
  } finally {
    if (truncated) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
  // A multi-byte character cut at the end decodes to U+FFFD rather than throwing.
  return { text: new TextDecoder().decode(Buffer.concat(parts)), truncated };
}

/**
 * A fetch whose response bodies error once they pass `maxBytes` (for libraries that read the
 * body themselves, such as the MCP SDK).
 */
export function boundedFetch(maxBytes: number, base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const res = await base(input, init);
    if (!res.body) return res;
    let size = 0;
    const limited = res.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          size += chunk.byteLength;
          if (size > maxBytes) controller.error(new BodyTooLargeError(maxBytes));
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(limited, {
      status: res.status,
      statusText: res.statusText,
      headers: res.headers,
    });
  };
}
