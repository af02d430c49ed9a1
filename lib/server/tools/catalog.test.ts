import { describe, expect, it } from 'vitest';
import { BUILTIN_TOOLS } from './builtin';
import { createToolCatalog } from './catalog';
import { toOpenAITools } from './openai';

describe('createToolCatalog (built-ins only)', () => {
  it('lists the built-ins with approval from TOOL_APPROVAL and no problems', async () => {
    const catalog = createToolCatalog({
      builtins: BUILTIN_TOOLS,
      toolApproval: ['calculate'],
      mcpServers: [],
    });
    const { tools, problems } = await catalog.list();
    expect(problems).toEqual([]);
    expect(tools.map((t) => [t.name, t.requiresApproval, t.source])).toEqual([
      ['get_current_time', false, 'builtin'],
      ['calculate', true, 'builtin'],
      ['convert_units', false, 'builtin'],
    ]);
    // The shared definitions stay untouched.
    expect(BUILTIN_TOOLS.every((t) => !t.requiresApproval)).toBe(true);
  });

  it('finds tools by name and runs the found tool', async () => {
    const catalog = createToolCatalog({
      builtins: BUILTIN_TOOLS,
      toolApproval: [],
      mcpServers: [],
    });
    const tool = await catalog.get('calculate');
    expect(tool?.name).toBe('calculate');
    const out = await tool?.run({ expression: '6*7' }, { signal: new AbortController().signal });
    expect(out).toEqual({ ok: true, content: '{"expression":"6*7","result":42}' });
    expect(await catalog.get('nope')).toBeUndefined();
    expect(await catalog.get('mcp__docs__search')).toBeUndefined();
    expect(await catalog.get('constructor')).toBeUndefined();
  });
});

describe('toOpenAITools', () => {
  it('produces the chat completions `tools` field', async () => {
    const [time] = BUILTIN_TOOLS;
    if (!time) throw new Error('no built-ins');
    expect(toOpenAITools([time])).toEqual([
      {
        type: 'function',
        function: {
          name: 'get_current_time',
          description: time.description,
          parameters: time.parameters,
        },
      },
    ]);
    const openai = toOpenAITools(BUILTIN_TOOLS);
    expect(openai.map((t) => t.function.name)).toEqual([
      'get_current_time',
      'calculate',
      'convert_units',
    ]);
    // Only what the API accepts: no run(), no internal flags.
    expect(Object.keys(openai[1]?.function ?? {}).sort()).toEqual([
      'description',
      'name',
      'parameters',
    ]);
    expect(JSON.parse(JSON.stringify(openai))).toEqual(openai);
  });
});
