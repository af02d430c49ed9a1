import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@/lib/server/config';

const cwd = '/srv/parley';

function issues(env: Record<string, string>): string[] {
  try {
    parseConfig(env, cwd);
  } catch (error) {
    if (error instanceof ConfigError) return error.issues.map((i) => `${i.variable}: ${i.message}`);
    throw error;
  }
  throw new Error('expected parseConfig to throw');
}

const SQL = {
  name: 'SQL reviewer',
  description: 'Reviews queries',
  systemPrompt: 'You review SQL…',
  provider: 'default',
  model: 'gpt-4o-mini',
  settings: { temperature: 0.2 },
  tools: ['calculate'],
  starters: ['Review this query'],
};

describe('ASSISTANTS', () => {
  it('reads the example of the issue, with ids from the names and defaults for the rest', () => {
    const { assistants } = parseConfig(
      { ASSISTANTS: JSON.stringify([SQL, { name: 'SQL reviewer', systemPrompt: 'Again.' }]) },
      cwd,
    );
    expect(assistants.map((a) => [a.id, a.source, a.provider, a.model])).toEqual([
      ['config-sql-reviewer', 'config', null, 'gpt-4o-mini'],
      ['config-sql-reviewer-2', 'config', null, null],
    ]);
    expect(assistants[1]).toMatchObject({
      description: '',
      avatar: '',
      settings: {},
      tools: null,
      starters: [],
      files: [],
      version: 1,
      share: null,
    });
  });

  it('stops the start with a message naming the field', () => {
    expect(issues({ ASSISTANTS: '[{"name":"x"' })[0]).toMatch(/^ASSISTANTS: .*not valid JSON/);
    expect(issues({ ASSISTANTS: '{"name":"x"}' })[0]).toContain('must hold a JSON array');
    expect(issues({ ASSISTANTS: JSON.stringify([{ name: 'No prompt' }]) })[0]).toContain(
      'ASSISTANTS[0].systemPrompt',
    );
    expect(
      issues({ ASSISTANTS: JSON.stringify([{ ...SQL, settings: { temperature: 5 } }]) })[0],
    ).toContain('ASSISTANTS[0].settings.temperature: Temperature must be between 0 and 2.');
    expect(issues({ ASSISTANTS: JSON.stringify([{ ...SQL, colour: 'red' }]) })[0]).toContain(
      'ASSISTANTS[0]',
    );
    expect(issues({ ASSISTANTS: '[]', ASSISTANTS_FILE: 'a.json' })).toEqual([
      'ASSISTANTS: Set ASSISTANTS or ASSISTANTS_FILE, not both.',
    ]);
    expect(issues({ ASSISTANTS_PER_USER: 'many' })[0]).toContain('ASSISTANTS_PER_USER must be');
  });

  it('reads ASSISTANTS_FILE relative to the working directory', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'parley-assistants-'));
    writeFileSync(path.join(dir, 'assistants.json'), JSON.stringify([SQL]));
    const config = parseConfig({ ASSISTANTS_FILE: 'assistants.json' }, dir);
    expect(config.assistants.map((a) => a.name)).toEqual(['SQL reviewer']);
    expect(issues({ ASSISTANTS_FILE: 'missing.json' })[0]).toContain(
      'ASSISTANTS_FILE must name a readable JSON file (got "missing.json": ENOENT)',
    );
  });
});
