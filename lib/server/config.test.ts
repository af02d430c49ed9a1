import path from 'node:path';
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

describe('parseConfig', () => {
  it('applies defaults for an empty environment', () => {
    expect(parseConfig({}, cwd)).toEqual({
      openaiBaseUrl: null,
      openaiApiKey: null,
      chatModel: null,
      chatModels: [],
      databaseUrl: null,
      pgliteDir: path.join(cwd, '.data/pglite-dev'),
      sessionSecret: null,
      port: 3000,
    });
  });

  it('treats empty and blank strings as unset', () => {
    const config = parseConfig(
      { OPENAI_BASE_URL: '', DATABASE_URL: ' ', PORT: '', SESSION_SECRET: '', CHAT_MODELS: '' },
      cwd,
    );
    expect(config.openaiBaseUrl).toBeNull();
    expect(config.databaseUrl).toBeNull();
    expect(config.port).toBe(3000);
    expect(config.sessionSecret).toBeNull();
    expect(config.chatModels).toEqual([]);
  });

  it('uses a separate PGlite folder in production and resolves PGLITE_DIR to an absolute path', () => {
    expect(parseConfig({ NODE_ENV: 'production' }, cwd).pgliteDir).toBe(
      path.join(cwd, '.data/pglite-prod'),
    );
    expect(parseConfig({ NODE_ENV: 'test' }, cwd).pgliteDir).toBe(
      path.join(cwd, '.data/pglite-dev'),
    );
    expect(parseConfig({ PGLITE_DIR: 'tmp/db' }, cwd).pgliteDir).toBe(path.join(cwd, 'tmp/db'));
    expect(parseConfig({ PGLITE_DIR: '/var/lib/parley' }, cwd).pgliteDir).toBe('/var/lib/parley');
  });

  it('accepts http and https base URLs and strips trailing slashes', () => {
    expect(parseConfig({ OPENAI_BASE_URL: 'https://api.openai.com/v1/' }, cwd).openaiBaseUrl).toBe(
      'https://api.openai.com/v1',
    );
    expect(parseConfig({ OPENAI_BASE_URL: 'http://localhost:11434/v1//' }, cwd).openaiBaseUrl).toBe(
      'http://localhost:11434/v1',
    );
  });

  it.each(['not a url', 'ftp://x', 'localhost:11434/v1', 'http://'])(
    'rejects OPENAI_BASE_URL=%j with a message naming the variable and the fix',
    (value) => {
      const error = configError({ OPENAI_BASE_URL: value });
      expect(error.issues.map((i) => i.variable)).toEqual(['OPENAI_BASE_URL']);
      expect(error.message).toContain('OPENAI_BASE_URL must be an http(s) URL');
      expect(error.message).toContain('http://localhost:11434/v1');
      expect(error.message).toContain(JSON.stringify(value));
    },
  );

  it.each(['0', '65536', 'abc', '3000.5', '-1'])('rejects PORT=%j', (value) => {
    const error = configError({ PORT: value });
    expect(error.issues[0]?.variable).toBe('PORT');
    expect(error.message).toMatch(/^PORT must be a whole number between 1 and 65535/);
  });

  it('parses PORT', () => {
    expect(parseConfig({ PORT: '8080' }, cwd).port).toBe(8080);
    expect(parseConfig({ PORT: '65535' }, cwd).port).toBe(65535);
  });

  it('accepts postgres:// and postgresql:// DATABASE_URLs', () => {
    const url = 'postgresql://u:p@db:5432/parley';
    expect(parseConfig({ DATABASE_URL: url }, cwd).databaseUrl).toBe(url);
    expect(parseConfig({ DATABASE_URL: 'postgres://db/x' }, cwd).databaseUrl).toBe(
      'postgres://db/x',
    );
  });

  it('rejects DATABASE_URL of another scheme without echoing its password', () => {
    const error = configError({ DATABASE_URL: 'mysql://root:hunter2@db/parley' });
    expect(error.issues[0]?.variable).toBe('DATABASE_URL');
    expect(error.message).toContain('postgres://');
    expect(error.message).toContain('"mysql:"');
    expect(error.message).not.toContain('hunter2');
  });

  it('rejects a short SESSION_SECRET without echoing it', () => {
    const error = configError({ SESSION_SECRET: 'too-short-secret' });
    expect(error.issues[0]?.variable).toBe('SESSION_SECRET');
    expect(error.message).toContain('at least 32 characters');
    expect(error.message).not.toContain('too-short-secret');
    const secret = 'x'.repeat(32);
    expect(parseConfig({ SESSION_SECRET: secret }, cwd).sessionSecret).toBe(secret);
  });

  it('lists every invalid variable at once', () => {
    const error = configError({ PORT: '0', OPENAI_BASE_URL: 'nope' });
    expect(error.issues.map((i) => i.variable).sort()).toEqual(['OPENAI_BASE_URL', 'PORT']);
    expect(error.message).toContain('PORT');
    expect(error.message).toContain('OPENAI_BASE_URL');
  });

  it('parses CHAT_MODELS as a trimmed, de-duplicated list and defaults CHAT_MODEL to its first entry', () => {
    const config = parseConfig({ CHAT_MODELS: ' gpt-4o-mini, llama3.1:8b ,,gpt-4o-mini ' }, cwd);
    expect(config.chatModels).toEqual(['gpt-4o-mini', 'llama3.1:8b']);
    expect(config.chatModel).toBe('gpt-4o-mini');
  });

  it('keeps CHAT_MODEL pickable by prepending it to CHAT_MODELS when missing', () => {
    expect(parseConfig({ CHAT_MODEL: 'b', CHAT_MODELS: 'a,b' }, cwd)).toMatchObject({
      chatModel: 'b',
      chatModels: ['a', 'b'],
    });
    expect(parseConfig({ CHAT_MODEL: 'c', CHAT_MODELS: 'a,b' }, cwd)).toMatchObject({
      chatModel: 'c',
      chatModels: ['c', 'a', 'b'],
    });
    expect(parseConfig({ CHAT_MODEL: 'solo' }, cwd).chatModels).toEqual(['solo']);
  });

  it('passes the API key through', () => {
    expect(parseConfig({ OPENAI_API_KEY: 'sk-test' }, cwd).openaiApiKey).toBe('sk-test');
  });
});
