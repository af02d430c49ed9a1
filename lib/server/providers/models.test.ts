import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Upstream, UpstreamModel } from '@/lib/server/upstream/types';
import { AppError } from '@/lib/server/errors';
import type { ProviderConfig } from '@/lib/server/config/providers';
import { createProviderRegistry, type ProviderRegistry } from './registry';

// Each test builds its own providers; listings are cached per provider name, so names differ.
let registry: ProviderRegistry;
vi.mock('./registry', async (original) => ({
  ...(await original<typeof import('./registry')>()),
  getProviderRegistry: () => registry,
}));
const { listModels, resolveModelChoice } = await import('./models');

function setup(
  providers: (Partial<ProviderConfig> & { name: string; listed?: string[] | Error })[],
) {
  const listings = new Map(providers.map((p) => [p.name, p.listed ?? []]));
  const calls: string[] = [];
  registry = createProviderRegistry(
    {
      providers: providers.map(({ listed: _, ...p }) => ({
        label: p.name,
        baseUrl: `https://${p.name}.example/v1`,
        apiKey: null,
        models: [],
        headers: {},
        query: {},
        contextWindow: {},
        reasoningModels: null,
        ...p,
      })),
      contextWindows: {},
    },
    {
      remote: (o) =>
        ({
          kind: 'remote',
          async listModels(): Promise<UpstreamModel[]> {
            const name = new URL(o.baseUrl).hostname.split('.')[0] ?? '';
            calls.push(name);
            const listed = listings.get(name);
            if (listed instanceof Error) throw listed;
            return (listed ?? []).map((id) => ({ id, label: id }));
          },
          chatCompletions: vi.fn(),
        }) as Upstream,
      demo: () =>
        ({ kind: 'demo', listModels: async () => [], chatCompletions: vi.fn() }) as Upstream,
    },
  );
  return { calls };
}

const badRequest = (p: Promise<unknown>) =>
  expect(p).rejects.toSatisfy((e) => e instanceof AppError && e.code === 'bad_request');

let n = 0;
const unique = (base: string) => `${base}${++n}`;

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => {}));

describe('resolveModelChoice', () => {
  it('accepts a configured provider with a configured or listed model, and nothing else', async () => {
    const a = unique('a');
    const b = unique('b');
    setup([
      { name: a, models: ['a1'], listed: ['a2'] },
      { name: b, models: ['b1'] },
    ]);
    expect((await resolveModelChoice({ provider: b, model: 'b1' })).provider.name).toBe(b);
    expect((await resolveModelChoice({ provider: a, model: 'a2' })).model).toBe('a2');
    expect((await resolveModelChoice({ provider: b })).model).toBe('b1');
    // A model alone is looked up across providers.
    expect((await resolveModelChoice({ model: 'b1' })).provider.name).toBe(b);
    await badRequest(resolveModelChoice({ provider: 'nope', model: 'a1' }));
    await badRequest(resolveModelChoice({ provider: b, model: 'a1' }));
    await badRequest(resolveModelChoice({ model: 'zzz' }));
  });

  it('falls back from a stored choice that is no longer offered to the default', async () => {
    const a = unique('a');
    setup([{ name: a, models: ['a1'] }]);
    expect(await resolveModelChoice(undefined, { provider: 'gone', model: 'x' })).toMatchObject({
      model: 'a1',
    });
    expect(await resolveModelChoice(undefined, { provider: null, model: 'a1' })).toMatchObject({
      model: 'a1',
    });
    // An explicit request never falls back.
    await badRequest(resolveModelChoice({ provider: 'gone', model: 'x' }, { model: 'a1' }));
  });

  it('takes the first listed model when the default provider configures none', async () => {
    const a = unique('a');
    setup([{ name: a, listed: ['l1', 'l2'] }]);
    expect((await resolveModelChoice()).model).toBe('l1');
  });
});

describe('listModels', () => {
  it('keeps configured models when a provider cannot list its own, and caches listings', async () => {
    const a = unique('a');
    const b = unique('b');
    const { calls } = setup([
      { name: a, models: ['a1'], listed: new Error('HTTP 500') },
      { name: b, listed: new Error('HTTP 401') },
    ]);
    const list = await listModels();
    expect(list.models.map((m) => `${m.provider}/${m.id}`)).toEqual([`${a}/a1`]);
    expect(list.providers.map((p) => [p.name, p.error !== null])).toEqual([
      [a, false],
      [b, true],
    ]);
    expect(list).toMatchObject({ defaultProvider: a, defaultModel: 'a1', demo: false });
    await listModels();
    // A failed listing is retried later, not on every request.
    expect(calls).toEqual([a, b]);
  });
});
