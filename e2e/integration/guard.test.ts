// The route guard end to end: identity is minted only by a page load, parallel first requests
// share one guest, refused requests set no cookie, limits live in the database (429 with
// Retry-After), and the security headers of pages and API responses.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withApp, withMockUpstream } from '../support/with-app';
import { type AppServer, startApp } from '../support/app-server';
import { users } from '@/lib/db/schema';
import { createDb } from '@/lib/server/db/client';
import { Client, readChat } from './client';
import { Anonymous, createShare } from './share-support';

const mock = withMockUpstream();
const app = withApp(() => ({ env: { OPENAI_BASE_URL: mock.url, CHAT_MODEL: 'mock-model' } }));

const post = (client: Client, content: string) =>
  client.fetch('/api/chat', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ content }),
  });

describe('identity', () => {
  it('parallel first requests of a new visitor all act as one guest, and none sets a cookie', async () => {
    const client = new Client(app.url, { session: false });
    await client.visit();
    const cookie = client.cookie;
    expect(cookie).toMatch(/^parley_session=/);
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => post(client, `[[mock:text tokens=1]] parallel ${i}`)),
    );
    const runs = await Promise.all(responses.map((res) => readChat(res)));
    for (const res of responses) expect(res.headers.getSetCookie()).toEqual([]);
    expect(client.cookie).toBe(cookie);
    const list = await client.json<{ items: { id: string }[] }>('/api/conversations');
    expect(list.body.items.map((c) => c.id).sort()).toEqual(
      runs.map((r) => r.start.conversationId).sort(),
    );
  });

  it('mints a cookie only on a page load, never on an API request, and keeps a valid one', async () => {
    const anonymous = new Anonymous(app.url);
    for (const path of ['/api/conversations', '/api/models', '/api/shares']) {
      await (await anonymous.fetch(path)).body?.cancel();
      expect(anonymous.lastCookie, path).toBeNull();
    }
    const refused = await anonymous.fetch('/api/chat', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url },
      body: JSON.stringify({ content: 'hi' }),
    });
    expect(refused.status).toBe(401);
    expect(anonymous.lastCookie).toBeNull();

    const visitor = new Client(app.url, { session: false });
    await visitor.visit();
    const first = visitor.cookie;
    await visitor.visit('/');
    expect(visitor.cookie).toBe(first);
    // A tampered cookie names nobody: the API refuses it, the next page load replaces it.
    const [head, payload, sig] = (first ?? '').replace('parley_session=', '').split('.');
    const forged = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    forged.sub = crypto.randomUUID();
    visitor.cookie = `parley_session=${head}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${sig}`;
    expect((await post(visitor, 'hi')).status).toBe(401);
    await visitor.visit();
    expect(visitor.cookie).not.toContain(payload);
  });

  it('marks the cookie Secure when served over https', async () => {
    const plain = new Client(app.url, { session: false });
    const res = await plain.visit();
    expect(res.headers.getSetCookie()[0]).not.toMatch(/;\s*secure/i);
    const tls = await fetch(app.url, {
      headers: { accept: 'text/html', 'sec-fetch-dest': 'document', 'x-forwarded-proto': 'https' },
    });
    await tls.body?.cancel();
    const cookie = tls.headers.getSetCookie()[0] ?? '';
    expect(cookie).toMatch(/^parley_session=/);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=lax/i);
  });
});

describe('refusals', () => {
  const TOKEN = `refused-${crypto.randomUUID()}`;
  it('refuse bad content types, oversized and invalid bodies with one shape and no cookie', async () => {
    const client = new Client(app.url);
    await client.visit();
    const cases: [RequestInit, number, string][] = [
      [
        { headers: { 'content-type': 'text/plain' }, body: `{"content":"${TOKEN}"}` },
        415,
        'unsupported_media_type',
      ],
      [
        {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `content=${TOKEN}`,
        },
        415,
        'unsupported_media_type',
      ],
      [
        {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ content: 'x'.repeat(600_000) }),
        },
        413,
        'payload_too_large',
      ],
      [
        { headers: { 'content-type': 'application/json' }, body: '{"content": 1}' },
        400,
        'bad_request',
      ],
      [
        {
          headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:1' },
          body: `{"content":"${TOKEN}"}`,
        },
        403,
        'forbidden',
      ],
      [
        {
          headers: { 'content-type': 'application/json', origin: 'null' },
          body: `{"content":"${TOKEN}"}`,
        },
        403,
        'forbidden',
      ],
    ];
    for (const [init, status, code] of cases) {
      const res = await client.fetch('/api/chat', { method: 'POST', ...init });
      expect(res.status).toBe(status);
      expect(res.headers.getSetCookie()).toEqual([]);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe(code);
      expect(body.error.message.length).toBeGreaterThan(5);
    }
    // Without any proof of origin (a script, curl): refused too.
    const bare = await fetch(`${app.url}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: client.cookie ?? '' },
      body: `{"content":"${TOKEN}"}`,
    });
    expect(bare.status).toBe(403);
    // Titles of earlier answers may still be asked for; none of these went upstream.
    expect(mock.requests().filter((r) => JSON.stringify(r.body).includes(TOKEN))).toEqual([]);
    expect((await client.json<{ items: unknown[] }>('/api/conversations')).body.items).toEqual([]);
  });
});

describe('headers', () => {
  const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];

  async function expectPageHeaders(path: string) {
    const res = await fetch(`${app.url}${path}`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    const nonce = nonceOf(csp);
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(/script-src [^;]*'unsafe-inline'/.test(csp)).toBe(false);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    // Every script in the page carries this response's nonce.
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const again = await fetch(`${app.url}${path}`);
    await again.body?.cancel();
    expect(nonceOf(again.headers.get('content-security-policy') ?? '')).not.toBe(nonce);
  }

  it('the chat page', async () => {
    await expectPageHeaders('/');
  });

  it('the shared page', async () => {
    const owner = new Client(app.url);
    const run = await readChat(await post(owner, '[[mock:text tokens=2]] share me'));
    const share = await createShare(owner, run.start.conversationId);
    await expectPageHeaders(`/s/${share.body.share.id}`);
  });

  it('the API', async () => {
    for (const path of ['/api/models', '/api/conversations']) {
      const res = await fetch(`${app.url}${path}`);
      await res.body?.cancel();
      expect(res.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      );
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });
});

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const windowOf = (ms: number, size: number) => Math.floor(ms / size);

/** Limits count in fixed windows: wait for the next one when this one is about to end. */
async function roomInWindow(size: number, needMs: number): Promise<void> {
  const left = size - (Date.now() % size);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

describe('limits kept in the database', () => {
  let limited: AppServer;
  let dataDir: string;
  const admitted: { client: Client; at: number }[] = [];
  // The same port after the restart, so the admitted guests' clients still reach it.
  const start = (port?: number) =>
    startApp({
      port,
      env: {
        OPENAI_BASE_URL: mock.url,
        CHAT_MODEL: 'mock-model',
        PGLITE_DIR: dataDir,
        RATE_LIMIT_GUESTS_PER_IP: '5',
        RATE_LIMIT_CHAT_PER_USER: '3',
        RATE_LIMIT_CHAT_PER_IP: '1000',
      },
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'parley-limits-'));
    limited = await start();
  });
  afterAll(async () => {
    await limited?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('200 cookieless requests from one address do not create 200 users', async () => {
    const anonymous = new Anonymous(limited.url);
    for (let i = 0; i < 200; i++) {
      const res = await anonymous.fetch('/api/chat', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: limited.url },
        body: JSON.stringify({ content: `[[mock:text tokens=1]] ${i}` }),
      });
      expect(res.status).toBe(401);
      await res.body?.cancel();
      expect(anonymous.lastCookie).toBeNull();
    }
    // Even with a fresh page-load cookie each time, only 5 new guests an hour get through.
    await roomInWindow(HOUR_MS, 60_000);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const visitor = new Client(limited.url);
      const res = await post(visitor, `[[mock:text tokens=1]] guest ${i}`);
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        const body = (await res.json()) as { error: { code: string; message: string } };
        expect(body.error.code).toBe('rate_limited');
        expect(body.error.message).toMatch(
          /^Too many new guests from your network: at most 5 an hour\. Try again in \d+ minutes\.$/,
        );
      } else {
        await readChat(res);
        admitted.push({ client: visitor, at: Date.now() });
      }
    }
    expect(statuses).toEqual([...Array(5).fill(200), ...Array(7).fill(429)]);

    const port = limited.port;
    await limited.stop();
    const handle = await createDb({ driver: 'pglite', dataDir });
    try {
      const [row] = await handle.db.select({ n: count() }).from(users);
      expect(row?.n).toBe(5);
    } finally {
      await handle.close();
    }
    limited = await start(port);
  }, 180_000); // 200 requests, 12 answers and a restart, in turn.

  it('limits messages per user with 429 and Retry-After, across a restart', async () => {
    const first = admitted.at(-1);
    if (!first) throw new Error('no admitted guest');
    const guest = first.client;
    // The counters live in the database: the restart above forgot nothing.
    const blocked = await post(new Client(limited.url), 'one guest too many');
    expect(blocked.status).toBe(429);
    await blocked.body?.cancel();
    // Fixed one-minute windows: its first message counts if it was sent in this window.
    await roomInWindow(MINUTE_MS, 20_000);
    const allowed = windowOf(first.at, MINUTE_MS) === windowOf(Date.now(), MINUTE_MS) ? 2 : 3;
    for (let i = 0; i < allowed; i++) {
      await readChat(await post(guest, `[[mock:text tokens=1]] more ${i}`));
    }
    const refused = await post(guest, '[[mock:text tokens=1]] one too many');
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    const body = (await refused.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(
      /^Too many messages: at most 3 a minute\. Try again in \d+ seconds?\.$/,
    );
    // Titles of earlier answers may still be asked for; the refused message never went upstream.
    expect(mock.requests().filter((r) => JSON.stringify(r.body).includes('one too many'))).toEqual(
      [],
    );
    const list = await guest.json<{ items: unknown[] }>('/api/conversations');
    expect(list.body.items).toHaveLength(allowed + 1);
  });
});
