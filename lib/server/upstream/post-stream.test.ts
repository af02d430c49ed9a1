import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { postForStream } from './post-stream';

// A real HTTP server on loopback for each test; what it saw is kept for the assertions.

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void;
interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: http.Server | null = null;
const seen: Seen[] = [];

async function serve(handler: Handler): Promise<string> {
  seen.length = 0;
  const created = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (b: Buffer) => parts.push(b));
    req.on('end', () => {
      const body = Buffer.concat(parts).toString();
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  server = created;
  await new Promise<void>((resolve) => created.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(created.address() as AddressInfo).port}`;
}

afterEach(async () => {
  const open = server;
  server = null;
  if (!open) return;
  open.closeAllConnections();
  await new Promise((resolve) => open.close(resolve));
});

const post = (url: string, body = '{"q":1}', signal = new AbortController().signal) =>
  postForStream(url, {
    headers: new Headers({ authorization: 'Bearer k', 'content-type': 'application/json' }),
    body,
    signal,
  });

async function readAll(res: Response): Promise<{ text: string; reads: number }> {
  const reader = res.body?.getReader();
  if (!reader) return { text: '', reads: 0 };
  let text = '';
  let reads = 0;
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { text, reads };
    reads++;
    text += decoder.decode(value, { stream: true });
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('postForStream', () => {
  it('POSTs the body with its length and headers, and answers with status, headers and body', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(201, { 'content-type': 'text/event-stream', 'x-request-id': 'r1' });
      res.end('data: {}\n\n');
    });
    const res = await post(`${url}/v1/chat/completions?api-version=1`, '{"é":1}');
    expect(res.status).toBe(201);
    expect(res.ok).toBe(true);
    expect(res.headers.get('x-request-id')).toBe('r1');
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect((await readAll(res)).text).toBe('data: {}\n\n');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/v1/chat/completions?api-version=1' });
    expect(seen[0]?.body).toBe('{"é":1}');
    expect(seen[0]?.headers).toMatchObject({
      authorization: 'Bearer k',
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength('{"é":1}')),
    });
    expect(seen[0]?.headers['transfer-encoding']).toBeUndefined();
  });

  it('hands on everything that arrived while the reader was busy in one read', async () => {
    const events = 300;
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      // One write (and usually one packet) per event, the way a fast model sends tokens.
      let i = 0;
      const tick = () => {
        if (i === events) {
          res.end();
          return;
        }
        res.write(`data: {"n":${i++}}\n\n`);
        setImmediate(tick);
      };
      tick();
    });
    const res = await post(url);
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    let text = '';
    let reads = 0;
    for (;;) {
      // A busy reader: the bytes pile up meanwhile.
      await sleep(20);
      const { done, value } = await reader.read();
      if (done) break;
      reads++;
      text += new TextDecoder().decode(value);
    }
    expect(text.split('\n\n').filter(Boolean)).toHaveLength(events);
    expect(text.endsWith(`data: {"n":${events - 1}}\n\n`)).toBe(true);
    expect(reads).toBeLessThan(events / 10);
  });

  it('follows a 307 or 308 on the same host with the same body, and no other redirect', async () => {
    const url = await serve((req, res) => {
      if (req.url === '/old') res.writeHead(307, { location: '/older' }).end();
      else if (req.url === '/older') res.writeHead(308, { location: `${url}/new` }).end();
      else if (req.url === '/away') res.writeHead(308, { location: 'http://localhost:9/x' }).end();
      else if (req.url === '/port') res.writeHead(308, { location: 'http://127.0.0.1:9/x' }).end();
      else if (req.url === '/moved') res.writeHead(301, { location: '/new' }).end();
      else res.writeHead(200).end('here');
    });
    const res = await post(`${url}/old`, 'same body');
    expect(res.status).toBe(200);
    expect((await readAll(res)).text).toBe('here');
    expect(seen.map((s) => [s.method, s.url, s.body])).toEqual([
      ['POST', '/old', 'same body'],
      ['POST', '/older', 'same body'],
      ['POST', '/new', 'same body'],
    ]);

    // Another host or port would get the key: the redirect is the answer (an error in words).
    expect((await post(`${url}/away`)).status).toBe(308);
    expect((await post(`${url}/port`)).status).toBe(308);
    // A 301 turns a POST into a GET in browsers: the chat request cannot survive it.
    expect((await post(`${url}/moved`)).status).toBe(301);
  });

  it('stops following redirects after five', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(307, { location: '/again' }).end();
    });
    expect((await post(`${url}/again`)).status).toBe(307);
    expect(seen).toHaveLength(6);
  });

  it('decodes a gzip body sent although none was asked for', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync('data: zipped\n\n'));
    });
    const res = await post(url);
    expect(seen[0]?.headers['accept-encoding']).toBeUndefined();
    expect((await readAll(res)).text).toBe('data: zipped\n\n');
  });

  it('reads a whole body the server sent and closed before the reader got to it', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { connection: 'close', 'content-type': 'text/event-stream' });
      res.end('data: one\n\ndata: two\n\n');
    });
    const res = await post(url);
    await sleep(100);
    expect((await readAll(res)).text).toBe('data: one\n\ndata: two\n\n');
  });

  it('has no body for a 204', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(204).end();
    });
    const res = await post(url);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
  });

  it('fails the read when the connection drops mid-answer, after what arrived', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: one\n\n');
      setTimeout(() => res.socket?.destroy(), 50);
    });
    const reader = (await post(url)).body?.getReader();
    if (!reader) throw new Error('no body');
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: one\n\n');
    await expect(reader.read()).rejects.toThrow();
  });

  it('ends the request on abort, before and during the answer', async () => {
    const gone: Promise<void>[] = [];
    const url = await serve((req, res) => {
      gone.push(new Promise((resolve) => res.once('close', () => resolve())));
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: one\n\n');
      void req;
    });
    const controller = new AbortController();
    const reader = (await post(url, '{}', controller.signal)).body?.getReader();
    if (!reader) throw new Error('no body');
    await reader.read();
    const pending = reader.read();
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow();
    await gone[0];

    const aborted = new AbortController();
    aborted.abort(new Error('never'));
    await expect(post(url, '{}', aborted.signal)).rejects.toThrow();
    expect(seen).toHaveLength(1);
  });

  it('closes the connection when the reader cancels', async () => {
    let closed: Promise<void> = Promise.resolve();
    const url = await serve((_req, res) => {
      closed = new Promise((resolve) => res.once('close', () => resolve()));
      res.writeHead(200);
      res.write('data: one\n\n');
    });
    const res = await post(url);
    await res.body?.cancel();
    await closed;
  });

  it('refuses a URL that is not http or https', async () => {
    await expect(post('ftp://127.0.0.1/x')).rejects.toThrow(/ftp/);
  });
});
