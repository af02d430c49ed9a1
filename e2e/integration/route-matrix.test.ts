// The authorization matrix of every route under app/api, generated from the route files on disk:
// each method is called by its owner, another guest, a visitor without a cookie, and a
// cross-site page holding the owner's cookie. A route or method without a case in
// route-cases.ts fails.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withApp, withMockUpstream } from '../support/with-app';
import { type AppServer, startApp } from '../support/app-server';
import { STATE_CHANGING } from '../support/api-routes';
import { Client } from './client';
import { CASES, type Fixture, fixture, ROUTES, request } from './route-cases';
import { Anonymous } from './share-support';

const mock = withMockUpstream();
const app = withApp(() => ({
  env: { OPENAI_BASE_URL: mock.url, CHAT_MODEL: 'mock-model', TOOL_APPROVAL: 'calculate' },
}));

beforeAll(async () => {
  // A new embedded database migrates on its first use: here, not in the first test's time.
  await (await fetch(`${app.url}/api/conversations`)).body?.cancel();
});

/** Everything the owner can see of their data, to compare before and after others' attempts. */
async function snapshot(owner: Client, f: Fixture): Promise<string> {
  const parts = await Promise.all(
    [
      '/api/conversations',
      `/api/conversations/${f.conversationId}`,
      `/api/conversations/${f.conversationId}/share`,
      '/api/shares',
      `/api/shares/${f.shareId}`,
      '/api/assistants',
      `/api/assistants/${f.assistantId}`,
      `/api/assistant-shares/${f.assistantShareId}`,
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
    expect(missing, 'routes without a case in route-cases.ts').toEqual([]);
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
      c.access === 'public' || c.access === 'admin'
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
