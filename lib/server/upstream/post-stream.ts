import 'server-only';
import http from 'node:http';
import https from 'node:https';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';

// The chat request upstream, over node:http instead of fetch. A streamed answer is the server's
// hottest path, and a model at 100 tokens/s is 100 network reads a second per stream: fetch
// hands each one on through undici's web stream at about ten promises a read. Here a pull takes
// whatever the socket has buffered since the last, in one promise round; 20 streams at 100
// tokens/s cost 11% less CPU per stream (README, Performance). The result is still a standard
// Response, so everything that reads it is unchanged.

/** Redirects that keep the method and body; followed on the same host only (another gets no key). */
const KEEPS_BODY = new Set([307, 308]);
const MAX_REDIRECTS = 5;
/** Statuses a Response may not have a body with. */
const NULL_BODY = new Set([204, 205, 304]);

export interface PostInit {
  headers: Headers;
  body: string;
  signal: AbortSignal;
}

/** POSTs `body` to `url`; resolves with the response once its headers arrive. */
export async function postForStream(url: string, init: PostInit): Promise<Response> {
  let target = new URL(url);
  for (let hop = 0; ; hop++) {
    const res = await send(target, init);
    const location = res.headers.location;
    const next =
      location && KEEPS_BODY.has(res.statusCode ?? 0) ? redirectTarget(target, location) : null;
    if (!next || hop >= MAX_REDIRECTS) return toResponse(res);
    res.destroy();
    target = next;
  }
}

/** Where a redirect may be followed: the same origin, or the same host moved up to https. */
function redirectTarget(from: URL, location: string): URL | null {
  let to: URL;
  try {
    to = new URL(location, from);
  } catch {
    return null;
  }
  if (to.origin === from.origin) return to;
  const upgrade = from.protocol === 'http:' && to.protocol === 'https:' && to.port === '';
  return upgrade && to.hostname === from.hostname ? to : null;
}

function send(url: URL, init: PostInit): Promise<http.IncomingMessage> {
  const client = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : null;
  if (!client) return Promise.reject(new TypeError(`cannot call a ${url.protocol} URL`));
  const headers: Record<string, string> = { 'user-agent': 'Parley' };
  for (const [name, value] of init.headers) headers[name] = value;
  // A length, not chunked encoding: some local servers do not read chunked request bodies.
  headers['content-length'] = String(Buffer.byteLength(init.body));
  return new Promise((resolve, reject) => {
    const req = client.request(url, { method: 'POST', headers, signal: init.signal }, resolve);
    // `on`, not `once`: a socket error after the response is emitted here too, and an error
    // event without a listener would end the process.
    req.on('error', reject);
    req.end(init.body);
  });
}

function toResponse(res: http.IncomingMessage): Response {
  const status = res.statusCode ?? 0;
  if (status < 200 || status > 599) {
    res.destroy();
    throw new TypeError(`the server answered with status ${status}`);
  }
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
    try {
      headers.append(res.rawHeaders[i] ?? '', res.rawHeaders[i + 1] ?? '');
    } catch {
      // A header that fetch would have refused too; the others still count.
    }
  }
  if (NULL_BODY.has(status)) {
    res.resume();
    return new Response(null, { status, headers });
  }
  return new Response(bodyStream(decoded(res)), { status, headers });
}

/** The body as sent, whatever compression the server chose although none was asked for. */
function decoded(res: http.IncomingMessage): Readable {
  const encoding = (res.headers['content-encoding'] ?? '').trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  if (!decoder) return res;
  // The pipeline passes a reset on to the decoder, which is what the body stream reads.
  return pipeline(res, decoder, () => {});
}

/**
 * A web stream over a Node stream that asks for nothing ahead (high-water mark 0) and hands on,
 * per pull, every byte buffered since the last: the bytes wait in the socket's buffer while
 * the reader is busy, instead of becoming one chunk (and its promises) per packet.
 */
function bodyStream(source: Readable): ReadableStream<Uint8Array> {
  let wake: (() => void) | null = null;
  let ended = false;
  let failure: unknown = null;
  const notify = () => {
    const resume = wake;
    wake = null;
    resume?.();
  };
  source.on('readable', notify);
  source.once('end', () => {
    ended = true;
    notify();
  });
  source.on('error', (error) => {
    failure ??= error;
    notify();
  });
  source.once('close', () => {
    if (!ended && failure === null) failure = new Error('the connection closed mid-answer');
    notify();
  });
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        for (;;) {
          const bytes: Buffer | null = source.read();
          if (bytes !== null) {
            controller.enqueue(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
            return;
          }
          if (failure !== null) throw failure;
          if (ended) {
            controller.close();
            return;
          }
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
        }
      },
      cancel() {
        source.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}
