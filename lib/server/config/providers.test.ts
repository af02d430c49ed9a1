import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@/lib/server/config';

const cwd = '/srv/parley';

function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    parseConfig(env, cwd);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected parseConfig to throw');
}

const providers = (list: unknown) => ({ PROVIDERS: JSON.stringify(list) });

describe('PROVIDERS', () => {
  it('parses several providers with defaults, including Azure-style headers and query', () => {
    const config = parseConfig(
      providers([
        {
          name: 'openai',
          baseUrl: 'https://api.openai.com/v1/',
          apiKey: 'sk-openai-0123456789',
          models: ['gpt-4o-mini', 'gpt-4o', 'gpt-4o-mini'],
          contextWindow: { 'gpt-4o-mini': 128000 },
        },
        {
          name: 'azure',
          label: 'Azure OpenAI',
          baseUrl: 'https://res.openai.azure.com/openai/v1',
          headers: { 'api-key': 'azure-secret-key' },
          query: { 'api-version': '2024-06-01' },
          models: ['gpt-4o'],
          reasoningModels: [],
          vision: ['gpt-4o'],
        },
      ]),
      cwd,
    );
    expect(config.providers).toEqual([
      {
        name: 'openai',
        label: 'openai',
        baseUrl: 'https://api.openai.com/v1',
        apiKey: 'sk-openai-0123456789',
        models: ['gpt-4o-mini', 'gpt-4o'],
        headers: {},
        query: {},
        contextWindow: { 'gpt-4o-mini': 128000 },
        reasoningModels: null,
        vision: null,
      },
      {
        name: 'azure',
        label: 'Azure OpenAI',
        baseUrl: 'https://res.openai.azure.com/openai/v1',
        apiKey: null,
        models: ['gpt-4o'],
        headers: { 'api-key': 'azure-secret-key' },
        query: { 'api-version': '2024-06-01' },
        contextWindow: {},
        reasoningModels: [],
        vision: ['gpt-4o'],
      },
    ]);
  });

  it('turns the single-provider variables into a provider named "default", before PROVIDERS', () => {
    const config = parseConfig(
      {
        OPENAI_BASE_URL: 'http://localhost:11434/v1',
        OPENAI_API_KEY: 'sk-local-0123456789',
        CHAT_MODEL: 'b',
        CHAT_MODELS: 'a,b',
        ...providers([{ name: 'groq', baseUrl: 'https://api.groq.com/openai/v1' }]),
      },
      cwd,
    );
    expect(config.providers.map((p) => [p.name, p.baseUrl, p.apiKey, p.models])).toEqual([
      ['default', 'http://localhost:11434/v1', 'sk-local-0123456789', ['b', 'a']],
      ['groq', 'https://api.groq.com/openai/v1', null, []],
    ]);
  });

  it('has no providers when nothing is configured (the demo model then serves alone)', () => {
    expect(parseConfig({}, cwd).providers).toEqual([]);
    expect(parseConfig({ PROVIDERS: '  ' }, cwd).providers).toEqual([]);
  });

  it('refuses a provider named "default" next to OPENAI_BASE_URL', () => {
    const error = configError({
      OPENAI_BASE_URL: 'http://localhost:11434/v1',
      ...providers([{ name: 'default', baseUrl: 'https://x.example/v1' }]),
    });
    expect(error.issues.map((i) => i.variable)).toEqual(['PROVIDERS']);
    expect(error.message).toMatch(/"default".*OPENAI_BASE_URL/);
  });

  it('explains invalid JSON and a value that is not an array', () => {
    expect(configError({ PROVIDERS: '[{name:' }).message).toMatch(
      /^PROVIDERS must be JSON such as .*not valid JSON/,
    );
    expect(configError(providers({ name: 'x' })).message).toMatch(
      /PROVIDERS must be a non-empty JSON array/,
    );
    expect(configError(providers([])).message).toMatch(/PROVIDERS must be a non-empty JSON array/);
  });

  it.each([
    [
      { name: 'Open AI', baseUrl: 'https://a.example/v1' },
      /PROVIDERS\[0\]\.name must be 1–32 lowercase/,
    ],
    [{ name: 'a', baseUrl: 'ftp://a.example' }, /PROVIDERS\[0\]\.baseUrl must be an http\(s\) URL/],
    [
      { name: 'a', baseUrl: 'https://a.example/v1?api-version=1' },
      /PROVIDERS\[0\]\.baseUrl must not contain a query string; put query parameters in "query"/,
    ],
    [{ name: 'a', baseUrl: 'https://a.example', headers: { 'bad header': 'x' } }, /headers/],
    [{ name: 'a', baseUrl: 'https://a.example', contextWindow: { m: 10 } }, /contextWindow\.m/],
    [{ name: 'a', baseUrl: 'https://a.example', apikey: 'x' }, /apikey/],
    [{ baseUrl: 'https://a.example' }, /PROVIDERS\[0\]\.name/],
  ])('names the variable and the field for %j', (entry, pattern) => {
    const error = configError(providers([entry]));
    expect(error.issues.every((i) => i.variable === 'PROVIDERS')).toBe(true);
    expect(error.message).toMatch(pattern);
  });

  it('refuses duplicate names', () => {
    const error = configError(
      providers([
        { name: 'a', baseUrl: 'https://a.example/v1' },
        { name: 'a', baseUrl: 'https://b.example/v1' },
      ]),
    );
    expect(error.message).toMatch(/lists the name "a" twice/);
  });

  it('never echoes keys, header or query values, or a URL that may carry a token', () => {
    const error = configError(
      providers([
        {
          name: 'Bad Name',
          baseUrl: 'gopher://user:pa55word@host',
          apiKey: 42,
          headers: { 'api-key': 'header-secret-value', 'x-n': 7 },
          query: { key: 99 },
        },
      ]),
    );
    expect(error.issues.length).toBeGreaterThanOrEqual(4);
    expect(error.message).not.toMatch(/pa55word|header-secret-value/);
    expect(error.message).toContain('"gopher:"');
  });
});

describe('CONTEXT_WINDOWS', () => {
  it('parses a map of model ids (and "*") to token counts', () => {
    expect(
      parseConfig({ CONTEXT_WINDOWS: '{"llama3.1:8b":8192,"*":32768}' }, cwd).contextWindows,
    ).toEqual({ 'llama3.1:8b': 8192, '*': 32768 });
  });

  it.each(['[1]', '{"m":"big"}', '{"m":12.5}', '{"m":1}', 'nope'])(
    'rejects %j with a message naming the variable',
    (value) => {
      const error = configError({ CONTEXT_WINDOWS: value });
      expect(error.issues.map((i) => i.variable)).toEqual(['CONTEXT_WINDOWS']);
      expect(error.message).toMatch(/^CONTEXT_WINDOWS/);
    },
  );
});
