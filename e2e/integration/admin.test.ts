// The admin API (issue 27) against the real started app on a seeded history
// (e2e/support/seed-usage.ts): non-admins get exactly a missing route; an admin reads the usage,
// disables an account (its next request is refused in words), sets a budget that is then hit,
// turns new guests off, stops a live answer, reads provider status and the audit log.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SEED_PASSWORD,
  SEED_PRICES,
  type SeededUsage,
  seedProvidersEnv,
  seedUsage,
} from '../support/seed-usage';
import { withApp, withMockUpstream } from '../support/with-app';
import { Client, readChat } from './client';
import { CASES, type Fixture, ROUTES, request } from './route-cases';

const mock = withMockUpstream();
let dir = '';
let seeded: SeededUsage;
const KEY = 'sk-admin-test-secret-key-0123456789';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'parley-admin-'));
  seeded = await seedUsage({ pgliteDir: dir });
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const app = withApp(() => ({
  env: {
    PGLITE_DIR: dir,
    PROVIDERS: JSON.stringify([
      ...JSON.parse(seedProvidersEnv(mock.url)).map((p: object) => ({ ...p, apiKey: KEY })),
      // Nothing listens on port 9: unreachable.
      { name: 'gone', label: 'Gone', baseUrl: 'http://127.0.0.1:9/v1', models: ['x'] },
    ]),
    MODEL_PRICES: SEED_PRICES,
    ADMIN_EMAILS: 'ana@example.com, nobody@example.com',
  },
}));

const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

async function signIn(email: string): Promise<Client> {
  const client = new Client(app.url);
  const res = await client.fetch('/api/account/sign-in', {
    method: 'POST',
    ...json({ email, password: SEED_PASSWORD }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return client;
}

async function missing(res: Response) {
  const headers = Object.fromEntries([...res.headers].filter(([name]) => name !== 'date'));
  return { status: res.status, headers, body: await res.text() };
}

describe('who is an admin', () => {
  it('GET /api/account says admin only for a listed, signed-in account', async () => {
    const ana = await signIn('ana@example.com');
    expect((await ana.json<{ admin: boolean }>('/api/account')).body.admin).toBe(true);
    const bo = await signIn('bo@example.com');
    expect((await bo.json<{ admin: boolean }>('/api/account')).body.admin).toBe(false);
    expect((await new Client(app.url).json<{ admin: boolean }>('/api/account')).body.admin).toBe(
      false,
    );
  });

  it('everyone else gets exactly what a missing route gets, on every admin route, and no cookie', async () => {
    const callers = {
      'signed out': new Client(app.url, { session: false }),
      guest: new Client(app.url),
      'an account not listed': await signIn('bo@example.com'),
    };
    const admins = ROUTES.filter((r) => CASES[r.key]?.access === 'admin');
    expect(admins.length).toBe(10);
    for (const [who, client] of Object.entries(callers)) {
      for (const { key, method } of admins) {
        const c = CASES[key];
        if (!c) throw new Error(key);
        const init = { method, ...(c.body ? json(JSON.parse(c.body({} as never))) : {}) };
        const reference = await missing(await client.fetch('/api/does-not-exist', init));
        expect(reference.status).toBe(404);
        const res = await client.fetch(c.path({} as never), init);
        expect(res.headers.getSetCookie(), `${who} ${key}`).toEqual([]);
        expect(await missing(res), `${who} ${key}`).toEqual(reference);
      }
    }
  });

  it('the /admin page is the missing page for everyone else', async () => {
    // The page's own path and the per-request CSP nonce are the only differences.
    const page = async (client: Client, path: string) => {
      const res = await client.fetch(path, { headers: { accept: 'text/html' } });
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
      const body = (await res.text())
        .replaceAll(nonce ?? 'no nonce', 'NONCE')
        .replace(/\\"c\\":\[[^\]]*\]/g, 'c');
      return { status: res.status, body };
    };
    for (const client of [new Client(app.url), await signIn('bo@example.com')]) {
      const reference = await page(client, '/no-such-page');
      expect(reference.status).toBe(404);
      expect(await page(client, '/admin')).toEqual(reference);
    }
  });
});

describe('usage', () => {
  it('the last 30 days, as the seed says (labels, prices, guests and a deleted account)', async () => {
    const ana = await signIn('ana@example.com');
    const from = seeded.dayOf(29);
    const res = await ana.json<{
      priced: boolean;
      users: { kind: string; email: string | null; messages: number; inputTokens: number }[];
      providers: { provider: string; inputTokens: number; outputTokens: number }[];
    }>(`/api/admin/usage?from=${from}&to=${seeded.today}`);
    expect(res.status).toBe(200);
    const expected = seeded.expected(from, seeded.today);
    expect(res.body.priced).toBe(true);
    const sum = (rows: { inputTokens: number }[]) => rows.reduce((n, r) => n + r.inputTokens, 0);
    expect(sum(res.body.providers)).toBe(sum(expected.providers));
    expect(res.body.users.map((u) => `${u.kind} ${u.email} ${u.messages}`).sort()).toEqual(
      expected.users.map((u) => `${u.kind} ${u.email} ${u.messages}`).sort(),
    );
    const bad = await ana.fetch(`/api/admin/usage?from=${seeded.today}&to=${from}`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(
      /must start before it ends/,
    );
  });
});

describe('controls', () => {
  it('disable: the user’s next request is refused in words, sign-in too; enable lets them back', async () => {
    const ana = await signIn('ana@example.com');
    const bo = await signIn('bo@example.com');
    const boId = seeded.ids.bo;
    const own = await ana.fetch(`/api/admin/users/${seeded.ids.ana}`, {
      method: 'PATCH',
      ...json({ disabled: true }),
    });
    expect(own.status).toBe(409);
    const off = await ana.json<{ user: { disabled: boolean; email: string } }>(
      `/api/admin/users/${boId}`,
      { method: 'PATCH', ...json({ disabled: true }) },
    );
    expect(off.body.user).toMatchObject({ email: 'bo@example.com', disabled: true });
    const refused = await bo.fetch('/api/conversations');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: {
        code: 'account_disabled',
        message: 'This account has been disabled by an administrator.',
      },
    });
    // The session has ended: the browser is nobody's account any more.
    expect((await bo.json<{ account: unknown }>('/api/account')).body.account).toBeNull();
    const again = await new Client(app.url).fetch('/api/account/sign-in', {
      method: 'POST',
      ...json({ email: 'bo@example.com', password: SEED_PASSWORD }),
    });
    expect(again.status).toBe(403);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      'This account has been disabled by an administrator.',
    );
    await ana.fetch(`/api/admin/users/${boId}`, { method: 'PATCH', ...json({ disabled: false }) });
    await signIn('bo@example.com');
  });

  it('whichever route a disabled account calls next, it is refused in words', async () => {
    const ana = await signIn('ana@example.com');
    const zero = '00000000-0000-4000-8000-000000000000';
    const f = {
      ...Object.fromEntries(
        ['conversationId', 'userMessageId', 'answerId', 'toolMessageId', 'deletedId']
          .concat(['attachmentId', 'assistantId', 'comparedId', 'comparedAnswerId'])
          .map((k) => [k, zero]),
      ),
      shareId: 'A'.repeat(24),
      assistantShareId: 'B'.repeat(24),
      exportJson: '{}',
    } as unknown as Fixture;
    const setDisabled = (disabled: boolean) =>
      ana.fetch(`/api/admin/users/${seeded.ids.bo}`, { method: 'PATCH', ...json({ disabled }) });
    const refused: string[] = [];
    for (const { key, method } of ROUTES) {
      const c = CASES[key];
      if (!c || c.access === 'admin' || key.includes('[...path]')) continue;
      if (c.access === 'public' && key !== 'GET /api/account') continue;
      await setDisabled(false);
      const bo = await signIn('bo@example.com');
      await setDisabled(true);
      const res = await bo.fetch(c.path(f), request(c, f, method));
      const text = await res.text();
      // A body the route cannot read is refused before anyone is identified.
      if (res.status === 400) continue;
      expect(res.status, `${key}: ${text}`).toBe(403);
      expect(JSON.parse(text).error, key).toMatchObject({
        code: 'account_disabled',
        message: 'This account has been disabled by an administrator.',
      });
      refused.push(key);
    }
    await setDisabled(false);
    expect(refused.length).toBeGreaterThan(20);
    expect(refused).toEqual(
      expect.arrayContaining(['POST /api/chat', 'GET /api/conversations', 'GET /api/account']),
    );
  });

  it('a budget of its own replaces the default, and the account hits it', async () => {
    const ana = await signIn('ana@example.com');
    const cy = await signIn('cy@example.com');
    const set = await ana.json<{ user: { dailyTokenBudget: number | null } }>(
      `/api/admin/users/${seeded.ids.cy}`,
      { method: 'PATCH', ...json({ dailyTokenBudget: 10 }) },
    );
    expect(set.body.user.dailyTokenBudget).toBe(10);
    const first = await readChat(
      await cy.postChat({ content: '[[mock:text tokens=15 usage=1]] a' }),
    );
    expect(first.answer?.status).toBe('complete');
    // The answer's tokens are counted once it is saved: the list shows them.
    const tokensToday = async () =>
      (await ana.json<{ users: { tokensToday: number }[] }>('/api/admin/users?q=cy')).body.users[0]
        ?.tokensToday ?? 0;
    for (let i = 0; i < 40 && (await tokensToday()) < 10; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const refused = await cy.postChat({
      conversationId: first.start.conversationId,
      content: 'one more',
    });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /You have used today's 10 tokens/,
    );
    const users = await ana.json<{ users: { email: string; tokensToday: number }[] }>(
      '/api/admin/users?q=cy',
    );
    expect(users.body.users).toEqual([
      expect.objectContaining({ email: 'cy@example.com', tokensToday: expect.any(Number) }),
    ]);
    expect(users.body.users[0]?.tokensToday).toBeGreaterThanOrEqual(10);
    // Back to the default (budgets are off on test servers): the account may chat again.
    await ana.fetch(`/api/admin/users/${seeded.ids.cy}`, {
      method: 'PATCH',
      ...json({ dailyTokenBudget: null }),
    });
    expect((await cy.postChat({ content: '[[mock:text tokens=1]] b' })).status).toBe(200);
  });

  it('new guests off: a new guest is refused, one who already chatted goes on', async () => {
    const ana = await signIn('ana@example.com');
    const existing = new Client(app.url);
    await readChat(await existing.postChat({ content: '[[mock:text tokens=1]] hi' }));
    const off = await ana.json<{ guests: unknown }>('/api/admin/settings', {
      method: 'PATCH',
      ...json({ guestsAllowed: false }),
    });
    expect(off.body.guests).toEqual({ allowed: false, source: 'admin' });
    const fresh = await new Client(app.url).postChat({ content: '[[mock:text tokens=1]] hi' });
    expect(fresh.status).toBe(401);
    expect(await fresh.json()).toMatchObject({
      error: { details: { reason: 'sign_in_required' } },
    });
    expect((await existing.postChat({ content: '[[mock:text tokens=1]] again' })).status).toBe(200);
    const back = await ana.json<{ guests: unknown }>('/api/admin/settings', {
      method: 'PATCH',
      ...json({ guestsAllowed: null }),
    });
    expect(back.body.guests).toEqual({ allowed: true, source: 'env' });
    expect(
      (await new Client(app.url).postChat({ content: '[[mock:text tokens=1]] hi' })).status,
    ).toBe(200);
  });

  it('the live view lists an answer being written; Stop ends it', async () => {
    const ana = await signIn('ana@example.com');
    const guest = new Client(app.url);
    const res = await guest.postChat({ content: '[[mock:pause key=admin-live after=3]] go' });
    type Live = { id: string; user: { kind: string }; model: string; tokens: number };
    let live: Live[] = [];
    for (let i = 0; i < 50 && live.length === 0; i++) {
      live = (await ana.json<{ generations: Live[] }>('/api/admin/live')).body.generations;
      if (live.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(live).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ kind: 'guest' }) }),
    ]);
    const stop = await ana.fetch(`/api/admin/live/${live[0]?.id}/stop`, { method: 'POST' });
    expect(stop.status).toBe(204);
    const run = await readChat(res);
    expect(run.answer?.status).toBe('interrupted');
    expect((await ana.json<{ generations: Live[] }>('/api/admin/live')).body.generations).toEqual(
      [],
    );
  });

  it('deleting an account takes its data; its usage stays, as a deleted account’s', async () => {
    const ana = await signIn('ana@example.com');
    const del = await ana.fetch(`/api/admin/users/${seeded.ids.cy}`, { method: 'DELETE' });
    expect(del.status).toBe(204);
    const list = await ana.json<{ users: { email: string }[] }>('/api/admin/users');
    expect(list.body.users.map((u) => u.email)).not.toContain('cy@example.com');
    const from = seeded.dayOf(29);
    const usage = await ana.json<{ users: { kind: string; messages: number }[] }>(
      `/api/admin/usage?from=${from}&to=${seeded.today}`,
    );
    // dee's 2 answers, cy's 3 seeded and the 2 of the budget test.
    expect(usage.body.users.find((u) => u.kind === 'deleted')?.messages).toBe(7);
  });
});

describe('providers and the audit log', () => {
  it('each provider’s status in words, without URLs or keys', async () => {
    const ana = await signIn('ana@example.com');
    const res = await ana.fetch('/api/admin/providers');
    const text = await res.text();
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('127.0.0.1');
    expect(text).not.toMatch(/https?:/);
    const { providers } = JSON.parse(text) as {
      providers: {
        name: string;
        reachable: boolean;
        models: number | null;
        error: string | null;
      }[];
    };
    expect(providers.map((p) => [p.name, p.reachable])).toEqual([
      ['openai', true],
      ['groq', true],
      ['gone', false],
    ]);
    expect(providers[0]?.models).toBeGreaterThan(0);
    expect(providers[2]?.error).toMatch(/^Could not reach the AI provider/);
  });

  it('lists every action, newest first, with who and what, page by page', async () => {
    const ana = await signIn('ana@example.com');
    type Entry = { actor: string; action: string; target: string | null; detail: string | null };
    const all: Entry[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: { body: { entries: Entry[]; next: string | null } } = await ana.json(
        `/api/admin/audit${cursor ? `?cursor=${cursor}` : ''}`,
      );
      all.push(...page.body.entries);
      cursor = page.body.next;
    }
    const line = (e: Entry) => `${e.action} ${e.target ?? ''}`.trim();
    expect(all.slice(0, 6).map(line)).toEqual([
      'user.delete cy@example.com',
      expect.stringMatching(/^generation\.stop guest /),
      'guests.set',
      'guests.set',
      'user.budget cy@example.com',
      'user.budget cy@example.com',
    ]);
    expect(all[4]?.detail).toMatch(/default/);
    expect(all[5]?.detail).toBe('10 tokens a day');
    // More than a page (50): the disable walk above wrote two entries per route.
    expect(all.length).toBeGreaterThan(50);
    expect(all.map(line).at(-1)).toBe('user.disable bo@example.com');
    expect(new Set(all.map((e) => e.actor))).toEqual(new Set(['ana@example.com']));
  });
});
