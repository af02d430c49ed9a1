import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createRemoteUpstream,
  type RemoteUpstreamOptions,
} from '@/lib/server/providers/remote/upstream';
import type { Upstream } from '@/lib/server/upstream/types';
import type { ProviderConfig } from '@/lib/server/config/providers';
import { createProviderRegistry, DEMO_PROVIDER_NAME, type UpstreamFactories } from './registry';

const provider = (over: Partial<ProviderConfig> & { name: string }): ProviderConfig => ({
  label: over.name,
  baseUrl: `https://${over.name}.example/v1`,
  apiKey: null,
  models: [],
  headers: {},
  query: {},
  contextWindow: {},
  reasoningModels: null,
  ...over,
});

function fakeFactories() {
  const created: RemoteUpstreamOptions[] = [];
  const factories: UpstreamFactories = {
    remote: (options) => {
      created.push(options);
      return { kind: 'remote', listModels: async () => [], chatCompletions: vi.fn() } as Upstream;
    },
    demo: () =>
      ({ kind: 'demo', listModels: async () => [], chatCompletions: vi.fn() }) as Upstream,
  };
  return { factories, created };
}

describe('createProviderRegistry', () => {
  it('serves only the offline demo provider when nothing is configured', () => {
    const registry = createProviderRegistry(
      { providers: [], contextWindows: {} },
      fakeFactories().factories,
    );
    expect(registry.demo).toBe(true);
    expect(registry.providers.map((p) => [p.name, p.kind, p.models])).toEqual([
      [DEMO_PROVIDER_NAME, 'demo', ['demo']],
    ]);
    expect(registry.defaultChoice).toEqual({ provider: 'demo', model: 'demo' });
    expect(registry.get('default')).toBeUndefined();
  });

  it('builds one remote upstream per provider with its key, headers and query', () => {
    const { factories, created } = fakeFactories();
    const registry = createProviderRegistry(
      {
        providers: [
          provider({ name: 'openai', apiKey: 'sk-openai-key-123', models: ['gpt-4o-mini'] }),
          provider({
            name: 'azure',
            headers: { 'api-key': 'azure-key-456789' },
            query: { 'api-version': '2024-06-01', key: 'query-key-0987' },
          }),
        ],
        contextWindows: {},
      },
      factories,
    );
    expect(registry.demo).toBe(false);
    expect(registry.providers.map((p) => p.name)).toEqual(['openai', 'azure']);
    expect(created).toEqual([
      { baseUrl: 'https://openai.example/v1', apiKey: 'sk-openai-key-123', headers: {}, query: {} },
      {
        baseUrl: 'https://azure.example/v1',
        apiKey: null,
        headers: { 'api-key': 'azure-key-456789' },
        query: { 'api-version': '2024-06-01', key: 'query-key-0987' },
      },
    ]);
    expect(registry.get('azure')?.upstream).toBe(registry.providers[1]?.upstream);
    expect(registry.get('nope')).toBeUndefined();
    // Keys, header values and key-like query values are redacted; an api-version is not.
    expect(registry.get('openai')?.secrets).toEqual(['sk-openai-key-123']);
    expect(registry.get('azure')?.secrets).toEqual(['azure-key-456789', 'query-key-0987']);
  });

  it('defaults to CHAT_MODEL on the provider that lists it, else the first provider’s first model', () => {
    const providers = [
      provider({ name: 'a', models: ['a1', 'a2'] }),
      provider({ name: 'b', models: ['b1'] }),
      provider({ name: 'c' }),
    ];
    const f = fakeFactories().factories;
    expect(createProviderRegistry({ providers, contextWindows: {} }, f).defaultChoice).toEqual({
      provider: 'a',
      model: 'a1',
    });
    expect(
      createProviderRegistry({ providers, contextWindows: {}, chatModel: 'b1' }, f).defaultChoice,
    ).toEqual({ provider: 'b', model: 'b1' });
    expect(
      createProviderRegistry({ providers: providers.slice(2), contextWindows: {} }, f)
        .defaultChoice,
    ).toEqual({ provider: 'c', model: null });
  });

  it('answers context sizes and reasoning support per provider', () => {
    const registry = createProviderRegistry(
      {
        providers: [
          provider({ name: 'a', contextWindow: { small: 1000, '*': 4000 } }),
          provider({ name: 'b', reasoningModels: ['my-thinker'] }),
        ],
        contextWindows: { small: 2000, shared: 3000 },
      },
      fakeFactories().factories,
    );
    const a = registry.get('a');
    const b = registry.get('b');
    expect(a?.contextWindow('small')).toBe(1000);
    expect(a?.contextWindow('shared')).toBe(3000);
    expect(a?.contextWindow('gpt-4o')).toBe(4000);
    expect(b?.contextWindow('small')).toBe(2000);
    expect(b?.contextWindow('gpt-4o')).toBe(128_000);
    expect(a?.supportsReasoningEffort('o3-mini')).toBe(true);
    expect(b?.supportsReasoningEffort('o3-mini')).toBe(false);
    expect(b?.supportsReasoningEffort('my-thinker')).toBe(true);
  });
});

describe('createRemoteUpstream', () => {
  // A real server on loopback that records what each request carried.
  let server: Server | null = null;
  afterEach(async () => {
    const open = server;
    server = null;
    if (open) await new Promise((resolve) => open.close(resolve));
  });

  async function recordingServer() {
    const calls: { url: string; headers: IncomingHttpHeaders }[] = [];
    const created = createServer((req, res) => {
      calls.push({ url: req.url ?? '', headers: req.headers });
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: [{ id: 'm1' }, { id: 'm2' }] }));
    });
    server = created;
    await new Promise<void>((resolve) => created.listen(0, '127.0.0.1', resolve));
    return { calls, url: `http://127.0.0.1:${(created.address() as AddressInfo).port}` };
  }

  it('adds the query to every URL and lets configured headers replace the defaults', async () => {
    const { calls, url } = await recordingServer();
    const upstream = createRemoteUpstream({
      baseUrl: `${url}/openai/v1`,
      apiKey: 'sk-bearer',
      headers: { 'api-key': 'azure-key', Authorization: 'Custom scheme' },
      query: { 'api-version': '2024-06-01' },
    });
    expect(await upstream.listModels()).toEqual([
      { id: 'm1', label: 'm1' },
      { id: 'm2', label: 'm2' },
    ]);
    const res = await upstream.chatCompletions(
      { model: 'm1', messages: [], stream: true },
      AbortSignal.timeout(1000),
    );
    await res.text();
    expect(calls.map((c) => c.url)).toEqual([
      '/openai/v1/models?api-version=2024-06-01',
      '/openai/v1/chat/completions?api-version=2024-06-01',
    ]);
    for (const { headers } of calls) {
      expect(headers['api-key']).toBe('azure-key');
      // One Authorization header, the configured one (names are case-insensitive).
      expect(headers.authorization).toBe('Custom scheme');
      expect(headers['content-type']).toBe('application/json');
    }
  });

  it('sends the key as a bearer token and no query string when none is configured', async () => {
    const { calls, url } = await recordingServer();
    await createRemoteUpstream({ baseUrl: `${url}/v1`, apiKey: 'sk-x' }).listModels();
    const res = await createRemoteUpstream({
      baseUrl: `${url}/v1`,
      apiKey: 'sk-x',
    }).chatCompletions({ model: 'm1', messages: [], stream: true }, AbortSignal.timeout(1000));
    await res.text();
    expect(calls.map((c) => c.url)).toEqual(['/v1/models', '/v1/chat/completions']);
    for (const { headers } of calls) expect(headers.authorization).toBe('Bearer sk-x');
  });
});
