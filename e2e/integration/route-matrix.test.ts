// The authorization matrix of every route under app/api, generated from the route files on disk:
// each method is called by its owner, another guest, a visitor without a cookie, and a
// cross-site page holding the owner's cookie. A route or method without a case here fails.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@/lib/chat/types';
import { type MockUpstream, startMockUpstream } from '../mock-upstream/server';
import { apiRoutes, STATE_CHANGING } from '../support/api-routes';
import { type AppServer, startApp } from '../support/app-server';
import { Client, readChat } from './client';
import { Anonymous, createShare } from './share-support';

let mock: MockUpstream;
let app: AppServer;

beforeAll(async () => {
  mock = await startMockUpstream();
  app = await startApp({
    env: { OPENAI_BASE_URL: mock.url, CHAT_MODEL: 'mock-model', TOOL_APPROVAL: 'calculate' },
  });
  // A new embedded database migrates on its first use: here, not in the first test's time.
  await (await fetch(`${app.url}/api/conversations`)).body?.cancel();
});
afterAll(async () => {
  await app?.stop();
  await mock?.close();
});

/** What one owner has: a conversation waiting on a tool approval, its link, a deleted one. */
interface Fixture {
  conversationId: string;
  userMessageId: string;
  answerId: string;
  toolMessageId: string;
  shareId: string;
  deletedId: string;
  exportJson: string;
  attachmentId: string;
}

async function fixture(owner: Client): Promise<Fixture> {
  const run = await readChat(
    await owner.postChat({ content: '[[mock:tools calls=1 names=calculate]] add it up' }),
  );
  const messages = run.done?.messages ?? [];
  const byRole = (role: ChatMessage['role']) => messages.find((m) => m.role === role)?.id ?? '';
  const conversationId = run.start.conversationId;
  const share = await createShare(owner, conversationId);
  const spare = await readChat(await owner.postChat({ content: '[[mock:text tokens=1]] spare' }));
  const deletedId = spare.start.conversationId;
  await owner.fetch(`/api/conversations/${deletedId}`, { method: 'DELETE' });
  const exported = await owner.fetch(`/api/conversations/${conversationId}/export?format=json`);
  const upload = await owner.fetch('/api/attachments?name=notes.txt', {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: 'matrix notes',
  });
  const { attachment } = (await upload.json()) as { attachment: { id: string } };
  return {
    attachmentId: attachment.id,
    conversationId,
    userMessageId: byRole('user'),
    answerId: byRole('assistant'),
    toolMessageId: byRole('tool'),
    shareId: share.body.share.id,
    deletedId,
    exportJson: await exported.text(),
  };
}

/**
 * owner: only the owner may use it (others get 404, as if it did not exist).
 * self: acts on the caller's own data (others succeed on theirs; no session → 401 or empty).
 * public: the same for everyone.
 */
type Access = 'owner' | 'self' | 'public';

interface Case {
  access: Access;
  path(f: Fixture): string;
  body?(f: Fixture): string;
  /** Default application/json. */
  contentType?: string;
  /** The owner's status (and any same-origin caller's for `public`). */
  ok: number;
  /**
   * Open without an access code (ACCESS_CODES): the status a caller without one gets there.
   * Every other route answers such a caller 401 access_required.
   */
  withoutCode?: number;
}

const json = (value: unknown) => () => JSON.stringify(value);

const CASES: Record<string, Case> = {
  // No ACCESS_CODES on this server: there is no gate to pass (access-codes.test.ts).
  'POST /api/access': {
    access: 'public',
    path: () => '/api/access',
    body: json({ code: 'not-the-code' }),
    ok: 404,
    withoutCode: 403,
  },
  // The matrix's owner is a guest: no account to show, delete or sign out of (200 / 401 / 200
  // for everyone alike, no cookie set); accounts.test.ts signs up, in and out for real.
  'GET /api/account': { access: 'public', path: () => '/api/account', ok: 200 },
  'DELETE /api/account': { access: 'public', path: () => '/api/account', ok: 401 },
  'POST /api/account/sign-in': {
    access: 'public',
    path: () => '/api/account/sign-in',
    body: json({ email: 'nobody@example.com', password: 'not the password' }),
    ok: 401,
  },
  'POST /api/account/sign-out': {
    access: 'public',
    path: () => '/api/account/sign-out',
    body: json({ everywhere: true }),
    ok: 200,
  },
  'POST /api/account/sign-up': {
    access: 'public',
    path: () => '/api/account/sign-up',
    body: json({ email: 'new@example.com', password: 'short' }),
    ok: 400,
  },
  // No single sign-on is configured here: both answer 404 (sso.spec.ts signs in for real).
  'POST /api/account/sso': {
    access: 'public',
    path: () => '/api/account/sso',
    body: json({ provider: 'oidc' }),
    ok: 404,
  },
  'GET /api/auth/callback/[provider]': {
    access: 'public',
    path: () => '/api/auth/callback/oidc?code=x&state=y',
    ok: 404,
  },
  'POST /api/attachments': {
    access: 'self',
    path: () => '/api/attachments?name=notes.txt',
    body: () => 'some notes',
    contentType: 'application/octet-stream',
    ok: 201,
  },
  'GET /api/attachments/[id]': {
    access: 'owner',
    path: (f) => `/api/attachments/${f.attachmentId}`,
    ok: 200,
  },
  'POST /api/chat': {
    access: 'self',
    path: () => '/api/chat',
    body: json({ content: 'hi' }),
    ok: 200,
  },
  'POST /api/chat/[messageId]/stop': {
    access: 'owner',
    path: (f) => `/api/chat/${f.answerId}/stop`,
    ok: 200,
  },
  'POST /api/chat/tools/[toolMessageId]': {
    access: 'owner',
    path: (f) => `/api/chat/tools/${f.toolMessageId}`,
    body: json({ approve: false }),
    ok: 200,
  },
  'GET /api/conversations': { access: 'self', path: () => '/api/conversations', ok: 200 },
  'GET /api/conversations/[id]': {
    access: 'owner',
    path: (f) => `/api/conversations/${f.conversationId}`,
    ok: 200,
  },
  'PATCH /api/conversations/[id]': {
    access: 'owner',
    path: (f) => `/api/conversations/${f.conversationId}`,
    body: json({ title: 'Renamed' }),
    ok: 200,
  },
  'DELETE /api/conversations/[id]': {
    access: 'owner',
    path: (f) => `/api/conversations/${f.conversationId}`,
    ok: 204,
  },
  'PUT /api/conversations/[id]/branch': {
    access: 'owner',
    path: (f) => `/api/conversations/${f.conversationId}/branch`,
    body: (f) => JSON.stringify({ messageId: f.userMessageId }),
    ok: 200,
  },
  'GET /api/conversations/[id]/export': {
    access: 'owner',
    path: (f) => `/api/conversations/${f.conversationId}/export?format=md`,
    ok: 200,
  },
  'PUT /api/conversations/[id]/model': {
    access: 'owner',
    path: (f) => `/api/conversations/${f.conversationId}/model`,
    body: json({ provider: 'default', model: 'mock-model' }),
    ok: 200,
  },
  'POST /api/conversations/[id]/restore': {
    access: 'owner',
    path: (f) => `/api/conversations/${f.deletedId}/restore`,
    ok: 200,
  },
  'PUT /api/conversations/[id]/settings': {
    access: 'owner',
    path: (f) => `/api/conversations/${f.conversationId}/settings`,
    body: json({ tools: [] }),
    ok: 200,
  },
  // The fixture's last answer is finished: its events are replayed up to `done`.
  'GET /api/conversations/[id]/stream': {
    access: 'owner',
    path: (f) => `/api/conversations/${f.conversationId}/stream`,
    ok: 200,
  },
  'GET /api/conversations/[id]/share': {
    access: 'owner',
    path: (f) => `/api/conversations/${f.conversationId}/share`,
    ok: 200,
  },
  'POST /api/conversations/[id]/share': {
    access: 'owner',
    path: (f) => `/api/conversations/${f.conversationId}/share`,
    body: json({ indexable: false }),
    ok: 200,
  },
  'GET /api/export': { access: 'self', path: () => '/api/export?format=json', ok: 200 },
  'POST /api/import': {
    access: 'self',
    path: () => '/api/import',
    body: (f) => f.exportJson,
    ok: 201,
  },
  'DELETE /api/me': { access: 'self', path: () => '/api/me', ok: 200 },
  'GET /api/health': { access: 'public', path: () => '/api/health', ok: 200, withoutCode: 200 },
  'GET /api/models': { access: 'public', path: () => '/api/models', ok: 200 },
  'GET /api/shares': { access: 'self', path: () => '/api/shares', ok: 200 },
  // The fixture's link does not include attachments: public, and 404 for everyone alike.
  'GET /api/shares/[id]/attachments/[attachmentId]': {
    access: 'public',
    path: (f) => `/api/shares/${f.shareId}/attachments/${f.attachmentId}`,
    ok: 404,
    withoutCode: 404,
  },
  'GET /api/shares/[id]': {
    access: 'public',
    path: (f) => `/api/shares/${f.shareId}`,
    ok: 200,
    withoutCode: 200,
  },
  'PATCH /api/shares/[id]': {
    access: 'owner',
    path: (f) => `/api/shares/${f.shareId}`,
    body: json({ refresh: true }),
    ok: 200,
  },
  'DELETE /api/shares/[id]': { access: 'owner', path: (f) => `/api/shares/${f.shareId}`, ok: 204 },
  'POST /api/shares/[id]/fork': {
    access: 'self',
    path: (f) => `/api/shares/${f.shareId}/fork`,
    ok: 201,
  },
  'GET /api/tools': { access: 'public', path: () => '/api/tools', ok: 200 },
};

const ROUTES = apiRoutes().flatMap((r) =>
  r.methods.map((method) => ({ key: `${method} ${r.pattern}`, method, file: r.file })),
);

function request(c: Case, f: Fixture, method: string, headers: Record<string, string> = {}) {
  const body = c.body?.(f);
  const type = c.contentType ?? 'application/json';
  return {
    method,
    headers: body === undefined ? headers : { 'content-type': type, ...headers },
    body,
  };
}

/** Everything the owner can see of their data, to compare before and after others' attempts. */
async function snapshot(owner: Client, f: Fixture): Promise<string> {
  const parts = await Promise.all(
    [
      '/api/conversations',
      `/api/conversations/${f.conversationId}`,
      `/api/conversations/${f.conversationId}/share`,
      '/api/shares',
      `/api/shares/${f.shareId}`,
    ].map(async (path) => {
      const res = await owner.fetch(path);
      return `${path} ${res.status} ${await res.text()}`;
    }),
  );
  return parts.join('\n');
}

describe('the route list', () => {
  it('is found on disk and every route and method has a case here', () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(20);
    const missing = ROUTES.filter((r) => !CASES[r.key]).map((r) => r.key);
    expect(missing, 'routes without a case in route-matrix.test.ts').toEqual([]);
    const stale = Object.keys(CASES).filter((key) => !ROUTES.some((r) => r.key === key));
    expect(stale, 'cases for routes that no longer exist').toEqual([]);
  });

  it('every handler is exported through the route guard', () => {
    for (const { file, method } of ROUTES) {
      const source = readFileSync(file, 'utf8');
      expect(source, `${method} in ${file}`).toMatch(
        new RegExp(`export const ${method} = route\\(`),
      );
      expect(source, file).toContain("from '@/lib/server/http/guard'");
    }
  });
});

describe.each(ROUTES)('$key', ({ key, method }) => {
  it('answers owner, another guest, no cookie and a cross-site page as it should', async () => {
    const c = CASES[key];
    if (!c) throw new Error(`no case for ${key}`);
    const owner = new Client(app.url);
    const f = await fixture(owner);
    const ownerCookie = owner.cookie;
    const before = await snapshot(owner, f);
    const upstreamBefore = mock.requests().length;
    const changing = STATE_CHANGING.includes(method);

    // A cross-site page: the owner's cookie rides along (same-site pages, older browsers), the
    // body is what a form can send (text/plain), and the browser names the page's origin.
    const crossSite = new Client(app.url);
    crossSite.cookie = ownerCookie;
    const cross = await crossSite.fetch(
      c.path(f),
      request(c, f, method, {
        origin: 'http://127.0.0.1:1',
        'sec-fetch-site': 'same-site',
        ...(c.body ? { 'content-type': 'text/plain' } : {}),
      }),
    );
    expect(cross.headers.getSetCookie(), 'cross-site sets no cookie').toEqual([]);
    expect(cross.headers.get('access-control-allow-origin')).toBeNull();
    if (changing) {
      expect(cross.status).toBe(403);
      expect(await cross.json()).toEqual({
        error: { code: 'forbidden', message: expect.any(String) },
      });
    } else {
      await cross.body?.cancel();
    }
    expect(crossSite.cookie).toBe(ownerCookie);

    const anonymous = new Anonymous(app.url);
    const anon = await anonymous.fetch(c.path(f), request(c, f, method));
    const anonExpected =
      c.access === 'public'
        ? c.ok
        : c.access === 'owner'
          ? 404
          : changing && key !== 'DELETE /api/me'
            ? 401
            : 200;
    expect(anon.status, `no cookie: ${await anon.clone().text()}`).toBe(anonExpected);
    if (key !== 'DELETE /api/me') expect(anonymous.lastCookie, 'no cookie is minted').toBeNull();
    expect(mock.requests().length, 'nothing reached the upstream').toBe(upstreamBefore);

    const other = new Client(app.url);
    await other.visit();
    const theirs = await other.fetch(c.path(f), request(c, f, method));
    const text = await theirs.text();
    if (c.access === 'owner') {
      expect(theirs.status, text).toBe(404);
    } else {
      expect(theirs.status, text).toBe(c.ok);
      if (c.access === 'self') {
        // Their own (empty) data: nothing of the owner's shows through.
        for (const id of [f.conversationId, f.answerId, f.deletedId])
          expect(text).not.toContain(id);
      }
    }
    expect(await snapshot(owner, f), "the owner's data is unchanged").toBe(before);
    expect(owner.cookie).toBe(ownerCookie);

    const mine = await owner.fetch(c.path(f), request(c, f, method));
    expect(mine.status, await mine.clone().text()).toBe(c.ok);
    if (key !== 'DELETE /api/me') {
      expect(mine.headers.getSetCookie(), 'the owner keeps their cookie').toEqual([]);
    }
    await mine.body?.cancel();
  });
});

describe('with ACCESS_CODES set', () => {
  const CODE = 'matrix-code';
  let coded: AppServer;
  beforeAll(async () => {
    coded = await startApp({
      env: { OPENAI_BASE_URL: mock.url, CHAT_MODEL: 'mock-model', ACCESS_CODES: CODE },
    });
    await (await fetch(`${coded.url}/access`)).body?.cancel();
  });
  afterAll(async () => {
    await coded?.stop();
  });

  it('every route but shared links, health and the gate refuses a caller without the code', async () => {
    const owner = new Client(coded.url);
    const entered = await owner.fetch('/api/access', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: CODE }),
    });
    expect(entered.status).toBe(200);
    const f = await fixture(owner);
    const before = await snapshot(owner, f);
    const upstreamBefore = mock.requests().length;
    // A browser that loaded the gate (a guest cookie, no code), and one without any cookie.
    const guest = new Client(coded.url);
    await guest.visit('/access');
    expect(guest.cookie).not.toBeNull();
    for (const caller of [guest, new Anonymous(coded.url)]) {
      for (const { key, method } of ROUTES) {
        const c = CASES[key];
        if (!c) throw new Error(`no case for ${key}`);
        const res = await caller.fetch(c.path(f), request(c, f, method));
        const text = await res.text();
        if (c.withoutCode !== undefined) {
          expect(res.status, `${key}: ${text}`).toBe(c.withoutCode);
        } else {
          expect(res.status, `${key}: ${text}`).toBe(401);
          expect(JSON.parse(text).error.code, key).toBe('access_required');
        }
        expect(res.headers.getSetCookie(), `${key} sets no cookie`).toEqual([]);
      }
    }
    expect(mock.requests().length, 'nothing reached the upstream').toBe(upstreamBefore);
    expect(await snapshot(owner, f), "the owner's data is unchanged").toBe(before);
  });
});
