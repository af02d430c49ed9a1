// Hostile text into every route that takes text, found on disk (route-cases.ts): every string of
// its JSON body (and the text fields its canonical request leaves out), every query parameter,
// every path parameter and a raw upload's name and bytes get NUL, other control characters,
// lone surrogates, bidi controls and very long strings. No answer may be a 500, and none may be
// followed by an error in the server's log. Then what the hygiene promises, in detail: a NUL is a
// 400 naming its field; a malformed email a 400 in words; titles and file names lose bidi and
// control characters, also in the shared page's <title> and link preview.
import { beforeAll, describe, expect, it } from 'vitest';
import { withApp, withMockUpstream } from '../support/with-app';
import { Client, readChat } from './client';
import { CASES, type Case, type Fixture, fixture, ROUTES } from './route-cases';
import { createShare } from './share-support';

const mock = withMockUpstream();
const app = withApp(() => ({
  env: { OPENAI_BASE_URL: mock.url, CHAT_MODEL: 'mock-model', TOOL_APPROVAL: 'calculate' },
}));

beforeAll(async () => {
  await (await fetch(`${app.url}/api/conversations`)).body?.cancel();
});

const HOSTILE: Record<string, string> = {
  nul: 'a\u0000b',
  'only nul': '\u0000',
  controls: 'x\u0001\u0007\u001b[31m\u007f\u0085y',
  'lone high surrogate': 'a\ud800b',
  'lone low surrogate': '\udfff',
  'bidi override': '\u202etxt.exe\u202c',
  'bidi isolate': '\u2066x\u2069',
  'line breaks': 'a\r\nb\tc\u2028d',
  'very long': 'x'.repeat(200_000),
};

/** Text fields a route reads that its canonical request (route-cases.ts) leaves out. */
const MORE_FIELDS: Record<string, Record<string, unknown>> = {
  'POST /api/chat': { model: 'mock-model', provider: 'default', timeZone: 'UTC', tools: ['x'] },
  'POST /api/chat/tools/[toolMessageId]': { timeZone: 'UTC' },
  'POST /api/account/sign-up': { name: 'Ana' },
  'POST /api/account/sso': { returnTo: '/' },
};
/** Query parameters a route reads that its canonical request leaves out. */
const MORE_QUERY: Record<string, Record<string, string>> = {
  'GET /api/conversations': { q: 'hello', cursor: 'x', deleted: '1' },
  'GET /api/conversations/[id]/stream': { after: '0', generation: 'x' },
};

type Leaf = (string | number)[];

/** Every byte of the UTF-8 text percent-encoded (encodeURIComponent throws on a lone surrogate). */
const percentEncoded = (text: string) =>
  Array.from(new TextEncoder().encode(text), (b) => `%${b.toString(16).padStart(2, '0')}`).join('');

function stringLeaves(value: unknown, path: Leaf = []): Leaf[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringLeaves(v, [...path, i]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, [...path, k]));
  }
  return [];
}

function withLeaf(value: unknown, path: Leaf, text: string): unknown {
  if (path.length === 0) return text;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head as string | number] = withLeaf(copy[head as string | number], rest, text);
  return copy;
}

interface Probe {
  what: string;
  path: string;
  body?: string;
  contentType?: string;
}

/** Every way hostile text can enter one route. */
function probes(key: string, c: Case, f: Fixture): Probe[] {
  const out: Probe[] = [];
  const basePath = c.path(f);
  const url = new URL(basePath, 'http://x');
  const type = c.contentType ?? 'application/json';
  const body = c.body?.(f);
  const json = body !== undefined && type === 'application/json';
  const parsed: unknown = json ? { ...JSON.parse(body), ...MORE_FIELDS[key] } : undefined;
  for (const [name, text] of Object.entries(HOSTILE)) {
    if (json) {
      for (const leaf of stringLeaves(parsed)) {
        out.push({
          what: `${name} in body ${leaf.join('.')}`,
          path: basePath,
          body: JSON.stringify(withLeaf(parsed, leaf, text)),
        });
      }
      out.push({
        what: `${name} as a key`,
        path: basePath,
        body: JSON.stringify({ ...(parsed as object), [text.slice(0, 100)]: 'x' }),
      });
    } else if (body !== undefined) {
      out.push({ what: `${name} as raw bytes`, path: basePath, body: text, contentType: type });
    }
    const query = { ...Object.fromEntries(url.searchParams), ...MORE_QUERY[key] };
    for (const param of Object.keys(query)) {
      const search = new URLSearchParams({ ...query, [param]: text.slice(0, 8000) });
      out.push({
        what: `${name} in query ${param}`,
        path: `${url.pathname}?${search}`,
        body,
        contentType: type,
      });
    }
    // Each path segment that names something (an id, a provider) is a parameter.
    const segments = url.pathname.split('/');
    key
      .split(' ')[1]
      ?.split('/')
      .forEach((segment, i) => {
        if (!segment.startsWith('[')) return;
        const swapped = [...segments];
        swapped[i] = percentEncoded(text.slice(0, 2000));
        out.push({
          what: `${name} in path ${segment}`,
          path: `${swapped.join('/')}${url.search}`,
          body,
          contentType: type,
        });
      });
  }
  return out;
}

async function send(client: Client, method: string, probe: Probe): Promise<Response> {
  const headers: Record<string, string> = {};
  if (probe.body !== undefined) headers['content-type'] = probe.contentType ?? 'application/json';
  const res = await client.fetch(probe.path, { method, headers, body: probe.body });
  // A started answer streams on: read it to its end so the next probe finds the turn over.
  await res.text();
  return res;
}

describe('hostile text into every route that takes text', () => {
  it.each(ROUTES.map((r) => r.key))(
    '%s: never a 500',
    async (key) => {
      const c = CASES[key];
      if (!c) throw new Error(`no case for ${key} in route-cases.ts`);
      const method = key.split(' ')[0] ?? 'GET';
      const owner = new Client(app.url);
      const f = await fixture(owner);
      const logBefore = app.output().length;
      const failures: string[] = [];
      for (const probe of probes(key, c, f)) {
        const res = await send(owner, method, probe);
        if (res.status >= 500) failures.push(`${res.status} for ${probe.what}`);
      }
      expect(failures).toEqual([]);
      const errors = app
        .output()
        .slice(logBefore)
        .split('\n')
        .filter((line) => /"level":(50|60)/.test(line));
      expect(errors).toEqual([]);
    },
    180_000,
  );
});

describe('what the hygiene promises', () => {
  const postJson = (client: Client, path: string, body: unknown, method = 'POST') =>
    client.fetch(path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const errorOf = async (res: Response) =>
    ((await res.json()) as { error: { message: string } }).error.message;

  it('a NUL is a 400 that names its field, and nothing is saved', async () => {
    const client = new Client(app.url);
    const chat = await postJson(client, '/api/chat', { content: 'hello\u0000world' });
    expect(chat.status).toBe(400);
    expect(await errorOf(chat)).toMatch(/^content: contains a NUL character/);
    const list = await client.json<{ items: unknown[] }>('/api/conversations');
    expect(list.body.items).toEqual([]);
    const signIn = await postJson(new Client(app.url), '/api/account/sign-in', {
      email: 'a\u0000@example.com',
      password: 'whatever it is',
    });
    expect(signIn.status).toBe(400);
    expect(await errorOf(signIn)).toMatch(/^email: contains a NUL character/);
  });

  it('a malformed email is a 400 in words at sign-up and sign-in', async () => {
    for (const path of ['/api/account/sign-up', '/api/account/sign-in']) {
      for (const email of ['not-an-email', 'a@', '@b.example', 'a b@example.com']) {
        const res = await postJson(new Client(app.url), path, {
          email,
          password: 'long enough pw',
        });
        expect(res.status, `${path} ${email}`).toBe(400);
        expect(await errorOf(res)).toBe(
          'email: Enter a valid email address, such as ana@example.com.',
        );
      }
    }
  });

  it('titles and file names lose bidi and control characters, also on the shared page', async () => {
    const client = new Client(app.url);
    const run = await readChat(
      await client.postChat({ content: '[[mock:text tokens=2]] \u202eevil\u202c first line' }),
    );
    const id = run.start.conversationId;
    expect(run.start.conversation?.title).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    const renamed = await postJson(
      client,
      `/api/conversations/${id}`,
      { title: 'Report \u202egpj.exe\u202c \u2066x\u2069\u0007 done' },
      'PATCH',
    );
    expect(renamed.status).toBe(200);
    const title = ((await renamed.json()) as { conversation: { title: string } }).conversation
      .title;
    expect(title).toBe('Report gpj.exe x done');

    const upload = await client.fetch(
      `/api/attachments?name=${encodeURIComponent('photo\u202egnp.js\u0001.txt')}`,
      { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: 'hi' },
    );
    expect(upload.status).toBe(201);
    const { attachment } = (await upload.json()) as { attachment: { name: string } };
    expect(attachment.name).toBe('photognp.js .txt');

    const share = await createShare(client, id);
    const html = await (await fetch(`${app.url}/s/${share.body.share.id}`)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<title>Report gpj.exe x done · Parley</title>');
    expect(head).toContain('content="Report gpj.exe x done"');
    expect(head).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });
});
