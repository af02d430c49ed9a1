import { beforeAll, describe, expect, it } from 'vitest';
import { withApp, withMockUpstream } from '../support/with-app';
import { rawRequest } from './raw-http';
import { chat, createShare, guest } from './share-support';

// DNS rebinding: a page on a name the attacker controls, made to resolve to this server, sends
// requests naming that host (and a matching Origin). Each must be refused before anything runs:
// no cookie minted, no upstream request, no row read. The names this deployment answers to work.

let shareId = '';
let conversationId = '';

const mock = withMockUpstream();
const app = withApp(() => ({
  env: {
    OPENAI_BASE_URL: mock.url,
    CHAT_MODEL: 'mock-model',
    APP_URL: 'https://chat.example.com',
    ALLOWED_HOSTS: 'parley.lan, *.corp.example',
    VERCEL_URL: 'parley-abc123.vercel.app',
  },
}));

beforeAll(async () => {
  const owner = await guest(app.url);
  conversationId = await chat(owner, '[[mock:text tokens=2]] shared words');
  shareId = (await createShare(owner, conversationId)).body.share.id;
});

const FOREIGN = 'rebind.evil.example';
const CHAT_BODY = JSON.stringify({ content: '[[mock:text tokens=2]] on the owner key' });

function pageHeaders(host: string): Record<string, string> {
  return {
    host,
    accept: 'text/html',
    'sec-fetch-dest': 'document',
    'sec-fetch-mode': 'navigate',
    'sec-fetch-site': 'none',
  };
}

/** What a rebound page can send: its own host, a matching Origin, any header a script may set. */
function foreignRequests(port: number) {
  const host = `${FOREIGN}:${port}`;
  const origin = `http://${host}`;
  const json = {
    host,
    origin,
    'content-type': 'application/json',
    'sec-fetch-site': 'same-origin',
  };
  return [
    { path: '/', headers: pageHeaders(host) },
    { path: `/c/${conversationId}`, headers: pageHeaders(host) },
    { path: `/s/${shareId}`, headers: pageHeaders(host) },
    { path: '/sign-in', headers: pageHeaders(host) },
    { path: '/', headers: { ...pageHeaders(host), 'next-router-prefetch': '1', rsc: '1' } },
    { path: '/api/health', headers: { host } },
    { path: '/api/models', headers: { host } },
    { path: '/api/conversations', headers: { host } },
    { path: `/api/shares/${shareId}`, headers: { host } },
    { method: 'POST', path: '/api/chat', headers: json, body: CHAT_BODY },
    { method: 'POST', path: '/api/account/sign-up', headers: json, body: '{}' },
    // An allowed Host beside a foreign X-Forwarded-Host (which a script may set itself).
    {
      path: '/api/models',
      headers: { host: `127.0.0.1:${port}`, 'x-forwarded-host': host },
    },
    { path: '/', headers: { ...pageHeaders(`localhost:${port}`), 'x-forwarded-host': FOREIGN } },
  ];
}

describe('a foreign Host', () => {
  it('is refused before any cookie is set or any upstream request is made', async () => {
    const before = mock.requests().length;
    for (const { method, path, headers, body } of foreignRequests(app.port)) {
      const res = await rawRequest(app.port, { method, path, headers, body });
      const what = `${method ?? 'GET'} ${path} ${JSON.stringify(headers)}`;
      expect(res.status, what).toBe(403);
      expect(res.cookies, what).toEqual([]);
      expect(res.headers['cache-control'], what).toBe('no-store');
      // Says which variable to set.
      expect(res.body, what).toContain('ALLOWED_HOSTS');
      expect(res.body, what).toContain('APP_URL');
    }
    expect(mock.requests().length).toBe(before);
  });

  it('is refused for a guest who already has a session, with a matching Origin', async () => {
    const owner = await guest(app.url);
    const before = mock.requests().length;
    const host = `${FOREIGN}:${app.port}`;
    const res = await rawRequest(app.port, {
      method: 'POST',
      path: '/api/chat',
      headers: {
        host,
        origin: `http://${host}`,
        'content-type': 'application/json',
        cookie: owner.cookie ?? '',
      },
      body: CHAT_BODY,
    });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({
      error: { code: 'forbidden', details: { reason: 'host_not_allowed' } },
    });
    expect(mock.requests().length).toBe(before);
  });
});

describe('the hosts this deployment answers to', () => {
  const allowed = (port: number) => [
    `127.0.0.1:${port}`,
    `localhost:${port}`,
    `[::1]:${port}`,
    '192.168.1.20',
    'chat.example.com',
    'parley.lan:3000',
    'team.corp.example',
    'parley-abc123.vercel.app',
  ];

  it.each([0, 1, 2, 3, 4, 5, 6, 7])(
    'host %#: a page, a guest cookie and a chat work',
    async (i) => {
      const host = allowed(app.port)[i] ?? '';
      const page = await rawRequest(app.port, { path: '/', headers: pageHeaders(host) });
      expect(page.status, host).toBe(200);
      const cookie = page.cookies.find((c) => c.startsWith('parley_session='))?.split(';')[0];
      expect(cookie, host).toBeTruthy();
      expect((await rawRequest(app.port, { path: '/api/health', headers: { host } })).status).toBe(
        200,
      );
      const before = mock.requests().length;
      const res = await rawRequest(app.port, {
        method: 'POST',
        path: '/api/chat',
        headers: {
          host,
          origin: `http://${host}`,
          'content-type': 'application/json',
          cookie: cookie ?? '',
        },
        body: CHAT_BODY,
      });
      expect(res.status, `${host}: ${res.body.slice(0, 300)}`).toBe(200);
      expect(res.body).toContain('event: done');
      expect(mock.requests().length).toBeGreaterThan(before);
    },
  );
});
