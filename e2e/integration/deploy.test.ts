// Self-hosting: the standalone server (output: 'standalone', what Docker runs) serves pages,
// assets and chat; configuration is checked at start; /api/health reports without identity.
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withMockUpstream } from '../support/with-app';
import type { HealthReport } from '@/lib/server/http/health';
import { type AppServer, runAppUntilExit, startApp } from '../support/app-server';
import { freePort } from '../support/free-port';
import { Client, readChat } from './client';

const KEY = 'sk-test-deploy-0123456789';

const mock = withMockUpstream({ apiKey: KEY });

describe('the standalone server', () => {
  let app: AppServer;
  beforeAll(async () => {
    app = await startApp({
      env: { OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: KEY, CHAT_MODEL: 'mock-model' },
    });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('serves the page with its static assets and public files', async () => {
    const page = await fetch(`${app.url}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const assets = [...html.matchAll(/\/_next\/static\/[^"'\s]+\.(?:js|css)/g)].map((m) => m[0]);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of new Set(assets)) {
      expect((await fetch(`${app.url}${asset}`)).status, asset).toBe(200);
    }
    expect((await fetch(`${app.url}/screenshot.png`)).status).toBe(200);
  });

  it('chats through the mock provider and saves the answer', async () => {
    const client = new Client(app.url);
    const content = `[[mock:echo]] standalone ${crypto.randomUUID()}`;
    const run = await readChat(await client.postChat({ content }));
    expect(run.errors).toEqual([]);
    expect(run.answer?.status).toBe('complete');
    expect(run.answer?.content).toBe(content.replace('[[mock:echo]] ', ''));
    const request = await mock.waitForRequest(
      (r) => JSON.stringify(r.body).includes(content),
      5_000,
    );
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('reports health publicly: no cookie, provider names but no URL or key', async () => {
    const res = await fetch(`${app.url}/api/health`);
    const raw = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const report = JSON.parse(raw) as HealthReport;
    expect(report.status).toBe('ok');
    expect(report.database).toMatchObject({ driver: 'pglite', reachable: true, migrated: true });
    expect(report.database.migrations?.applied).toBe(report.database.migrations?.expected);
    expect(report.providers).toEqual([{ name: 'default', kind: 'remote' }]);
    expect(raw).not.toContain(KEY);
    expect(raw).not.toContain('127.0.0.1');
  });
});

describe('configuration is checked when the server starts', () => {
  it('exits before any request, naming the bad variable', async () => {
    const { code, output } = await runAppUntilExit({ OPENAI_BASE_URL: 'ftp://models.example' });
    expect(code).not.toBe(0);
    expect(output).toContain('"level":"fatal"');
    expect(output).toContain('Cannot start: fix these environment variables');
    expect(output).toContain('OPENAI_BASE_URL must be an http(s) URL');
  });

  it('on Vercel (VERCEL=1), refuses to start without DATABASE_URL and SESSION_SECRET', async () => {
    const { code, output } = await runAppUntilExit({ VERCEL: '1' });
    expect(code).not.toBe(0);
    expect(output).toContain('DATABASE_URL must be set on Vercel');
    expect(output).toContain('SESSION_SECRET must be set on Vercel');
  });
});

describe('health with an unreachable database', () => {
  it('answers 503, without the connection string or a cookie', async () => {
    const port = await freePort();
    const url = `postgres://parley:hunter2-secret@127.0.0.1:${port}/parley`;
    // The page would need the database; the health route itself is the readiness probe here.
    const app = await startApp({ env: { DATABASE_URL: url }, readyPath: '/api/health' });
    try {
      const reqId = `health-${crypto.randomUUID()}`;
      const res = await fetch(`${app.url}/api/health`, { headers: { 'x-request-id': reqId } });
      const raw = await res.text();
      expect(res.status).toBe(503);
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(JSON.parse(raw)).toEqual({
        status: 'unavailable',
        database: { driver: 'postgres', reachable: false, migrated: false },
        providers: [{ name: 'demo', kind: 'demo' }],
      });
      expect(raw).not.toContain('hunter2');
      expect(raw).not.toContain(String(port));
      // The details go to the log: one JSON line under the request's id, the password masked.
      const logged = app
        .output()
        .split('\n')
        .filter((line) => line.includes(reqId))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(logged).toContainEqual(
        expect.objectContaining({ level: 'error', msg: 'health: the database is unreachable' }),
      );
      expect(app.output()).not.toContain('hunter2');
    } finally {
      await app.stop();
    }
  });
});

describe('the first page does not wait for the database', () => {
  it('renders the new-chat screen while the database never answers', async () => {
    // A "database" that accepts connections and never says a word: anything that waits for it
    // waits until its own timeout.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    const { port } = silent.address() as AddressInfo;
    const app = await startApp({
      env: { DATABASE_URL: `postgres://parley:secret@127.0.0.1:${port}/parley` },
      readyPath: '/icon.svg',
    });
    try {
      // The control: a request that needs data gets no answer.
      const data = await fetch(`${app.url}/api/conversations`, {
        signal: AbortSignal.timeout(3_000),
      }).catch((error: Error) => error);
      expect(data).toBeInstanceOf(Error);
      const page = await fetch(`${app.url}/`, { signal: AbortSignal.timeout(20_000) });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('How can I help?');
      expect(html).toContain('placeholder="Message Parley"');
    } finally {
      await app.stop();
      for (const socket of sockets) socket.destroy();
      await new Promise((done) => silent.close(done));
    }
  });
});
