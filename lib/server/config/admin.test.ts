import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@/lib/server/config';
import { costOf, priceOf } from './admin';

function issues(env: Record<string, string>): string[] {
  try {
    parseConfig(env, '/srv/parley');
  } catch (error) {
    if (error instanceof ConfigError) return error.issues.map((i) => `${i.variable}: ${i.message}`);
    throw error;
  }
  return [];
}

describe('ADMIN_EMAILS', () => {
  it('reads addresses separated by commas or spaces, ignoring case and repeats', () => {
    const { admin } = parseConfig({
      ADMIN_EMAILS: ' Ana@Example.com, bo@example.org  ana@example.com',
    });
    expect(admin.emails).toEqual(['ana@example.com', 'bo@example.org']);
  });

  it('is empty when unset: nobody is an admin', () => {
    expect(parseConfig({}).admin).toEqual({ emails: [], prices: {} });
  });

  it('refuses a domain or a name in words', () => {
    expect(issues({ ADMIN_EMAILS: 'ana@example.com, @example.com' })).toEqual([
      'ADMIN_EMAILS: ADMIN_EMAILS must be a comma-separated list of whole addresses such as ana@example.com (got "@example.com")',
    ]);
    expect(issues({ ADMIN_EMAILS: 'root' }).join('')).toContain('(got "root")');
  });
});

describe('MODEL_PRICES', () => {
  const prices =
    '{"gpt-4o":{"input":2.5,"output":10},"groq/llama-3.3-70b":{"input":0.59,"output":0.79}}';

  it('reads prices per million tokens by model and provider/model', () => {
    const { admin } = parseConfig({ MODEL_PRICES: prices });
    expect(admin.prices['gpt-4o']).toEqual({ input: 2.5, output: 10 });
    expect(priceOf(admin.prices, 'groq', 'llama-3.3-70b')).toEqual({ input: 0.59, output: 0.79 });
    expect(priceOf(admin.prices, 'openai', 'llama-3.3-70b')).toBeNull();
    expect(priceOf(admin.prices, 'azure', 'gpt-4o')).toEqual({ input: 2.5, output: 10 });
  });

  it('prefers provider/model over model', () => {
    const both = { 'gpt-4o': { input: 1, output: 1 }, 'azure/gpt-4o': { input: 3, output: 4 } };
    expect(priceOf(both, 'azure', 'gpt-4o')).toEqual({ input: 3, output: 4 });
    expect(priceOf(both, 'openai', 'gpt-4o')).toEqual({ input: 1, output: 1 });
  });

  it('computes USD from tokens, null without a price', () => {
    expect(costOf({ input: 2.5, output: 10 }, 1_000_000, 500_000)).toBeCloseTo(7.5);
    expect(costOf(null, 10, 10)).toBeNull();
  });

  it('refuses what is not JSON, with an example', () => {
    const [issue] = issues({ MODEL_PRICES: 'gpt-4o=2.5' });
    expect(issue).toMatch(
      /^MODEL_PRICES: MODEL_PRICES must be a JSON object .*\(it is not valid JSON\)$/,
    );
    expect(issue).toContain('{"gpt-4o":{"input":2.5,"output":10}');
  });

  it('names the entry that is wrong: a negative price, a string, a missing or extra field', () => {
    for (const bad of [
      '{"gpt-4o":{"input":-1,"output":10}}',
      '{"gpt-4o":{"input":"2.5","output":10}}',
      '{"gpt-4o":{"input":2.5}}',
      '{"gpt-4o":{"input":2.5,"output":10,"cached":1}}',
      '["gpt-4o"]',
    ]) {
      const found = issues({ MODEL_PRICES: bad });
      expect(found, bad).toHaveLength(1);
      expect(found[0], bad).toMatch(/^MODEL_PRICES: MODEL_PRICES(\.gpt-4o)?.* is not right/);
    }
  });
});
