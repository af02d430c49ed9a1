// Answers that are not an event stream although the client asked for one: what a wrong base
// URL (a web UI, a proxy's welcome page), a server that ignores `stream: true`, or a connection
// that dies before the status line gives a client.
import { MockSpecError } from './marker';
import type { Params, Plan } from './types';

const PAGES: Record<string, { text: string; contentType: string }> = {
  // A chat web UI's own page, as a base URL without `/v1` often reaches.
  html: {
    text: '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Open WebUI</title></head>\n<body><div id="app">Loading…</div><script src="/assets/index.js"></script></body></html>\n',
    contentType: 'text/html; charset=utf-8',
  },
  // What Ollama answers at its root.
  text: { text: 'Ollama is running', contentType: 'text/plain; charset=utf-8' },
  // JSON, but not a chat completion (a status endpoint).
  json: { text: '{"status":"ok","version":"1.2.3"}', contentType: 'application/json' },
  empty: { text: '', contentType: 'text/plain' },
};

/** `page type=html|text|json|empty status=200`: a 200 whose body is that page. */
export function page(params: Params): Plan {
  const type = params.type ?? 'html';
  const raw = Object.hasOwn(PAGES, type) ? PAGES[type] : undefined;
  if (!raw) throw new MockSpecError(`mock: type must be one of ${Object.keys(PAGES).join(', ')}`);
  // The content type can lie too (a page served as an event stream).
  const contentType = params['content-type'] ?? raw.contentType;
  return { kind: 'error', status: 200, raw: { text: raw.text, contentType } };
}

/**
 * `nostream` (any script scenario): the whole reply as one `chat.completion`, even to
 * `stream: true`; `nostream=TYPE` sends it with that content type. Returns the params left.
 */
export function takeNoStream(params: Params): { rest: Params; contentType: string | null } {
  if (!Object.hasOwn(params, 'nostream')) return { rest: params, contentType: null };
  const { nostream, ...rest } = params;
  return { rest, contentType: nostream === '1' || !nostream ? 'application/json' : nostream };
}
