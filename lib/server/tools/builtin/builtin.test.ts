import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Tool, ToolContext } from '../types';
import { calculate } from './calculate';
import { convertUnits } from './convert-units';
import { describeTime, getCurrentTime } from './get-current-time';
import { BUILTIN_TOOL_NAMES, BUILTIN_TOOLS } from './index';

const ctx: ToolContext = { signal: new AbortController().signal };

async function run(tool: Tool, args: unknown, context: ToolContext = ctx) {
  return tool.run(args, context);
}

describe('built-in tool definitions', () => {
  it('match BUILTIN_TOOL_NAMES and have OpenAI-valid names and object schemas', () => {
    expect(BUILTIN_TOOLS.map((t) => t.name)).toEqual([...BUILTIN_TOOL_NAMES]);
    for (const tool of BUILTIN_TOOLS) {
      expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(tool.source).toBe('builtin');
      expect(tool.description.length).toBeGreaterThan(20);
      expect(tool.parameters.type).toBe('object');
      expect(tool.parameters).not.toHaveProperty('$schema');
    }
  });

  it('describe their arguments in the JSON schema', () => {
    expect(calculate.parameters).toMatchObject({
      type: 'object',
      properties: { expression: { type: 'string', maxLength: 500 } },
      required: ['expression'],
    });
    expect(convertUnits.parameters).toMatchObject({
      properties: { value: { type: 'number' }, from: { type: 'string' }, to: { type: 'string' } },
      required: ['value', 'from', 'to'],
    });
    expect(getCurrentTime.parameters).toMatchObject({
      properties: { timezone: { type: 'string' } },
    });
    expect(getCurrentTime.parameters.required).toBeUndefined();
  });
});

describe('get_current_time', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-29T13:05:03.456Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers for the requested zone', async () => {
    const out = await run(getCurrentTime, { timezone: 'Europe/Paris' });
    expect(out.ok).toBe(true);
    expect(JSON.parse(out.content)).toEqual({
      timezone: 'Europe/Paris',
      iso: '2026-11-29T14:05:03+01:00',
      local: 'Sunday, 29 November 2026, 14:05:03',
      utcOffset: '+01:00',
    });
  });

  it("defaults to the browser's zone, then UTC", async () => {
    const browser = await run(getCurrentTime, {}, { ...ctx, timeZone: 'America/New_York' });
    expect(JSON.parse(browser.content)).toMatchObject({
      timezone: 'America/New_York',
      iso: '2026-11-29T08:05:03-05:00',
    });
    const utc = await run(getCurrentTime, { timezone: null });
    expect(JSON.parse(utc.content)).toEqual({
      timezone: 'UTC',
      iso: '2026-11-29T13:05:03+00:00',
      local: 'Sunday, 29 November 2026, 13:05:03',
      utcOffset: '+00:00',
    });
    const junk = await run(getCurrentTime, {}, { ...ctx, timeZone: 'Mars/Olympus' });
    expect(JSON.parse(junk.content).timezone).toBe('UTC');
  });

  it('handles half-hour offsets and midnight', () => {
    expect(describeTime(new Date('2026-06-01T18:30:00Z'), 'Asia/Kolkata')).toMatchObject({
      iso: '2026-06-02T00:00:00+05:30',
      local: 'Tuesday, 2 June 2026, 00:00:00',
      utcOffset: '+05:30',
    });
  });

  it('rejects an unknown zone with a clear message', async () => {
    await expect(run(getCurrentTime, { timezone: 'Mars/Olympus' })).rejects.toThrow(
      'Unknown time zone "Mars/Olympus"; use an IANA name such as "Europe/Paris"',
    );
  });

  it('reports invalid arguments', async () => {
    expect(await run(getCurrentTime, { timezone: 5 })).toEqual({
      ok: false,
      content:
        'Invalid arguments for get_current_time: timezone: Invalid input: expected string, received number',
    });
  });
});

describe('calculate', () => {
  it('returns the expression and a tidy result', async () => {
    const out = await run(calculate, { expression: '0.1 + 0.2 * 2^3^2 / 512' });
    expect(out).toEqual({
      ok: true,
      content: JSON.stringify({ expression: '0.1 + 0.2 * 2^3^2 / 512', result: 0.3 }),
    });
  });

  it('throws refusals and math errors with their message', async () => {
    await expect(run(calculate, { expression: 'process.exit()' })).rejects.toThrow(
      /Property access is not allowed/,
    );
    await expect(run(calculate, { expression: '1/0' })).rejects.toThrow('Division by zero');
  });

  it('validates its arguments', async () => {
    const missing = await run(calculate, {});
    expect(missing.ok).toBe(false);
    expect(missing.content).toMatch(/^Invalid arguments for calculate: expression: /);
    const long = await run(calculate, { expression: '1'.repeat(501) });
    expect(long.ok).toBe(false);
    expect(long.content).toContain('expression');
    expect((await run(calculate, 'not an object')).content).toMatch(/arguments: Invalid input/);
  });
});

describe('convert_units', () => {
  it('returns structured JSON', async () => {
    const out = await run(convertUnits, { value: 10, from: 'km', to: 'm' });
    expect(out.ok).toBe(true);
    expect(JSON.parse(out.content)).toEqual({
      category: 'length',
      from: { value: 10, unit: 'km' },
      value: 10000,
      unit: 'm',
      factor: 1000,
      offset: 0,
      formula: 'm = km × 1000',
    });
  });

  it('refuses incompatible units and non-numeric values', async () => {
    await expect(run(convertUnits, { value: 1, from: 'kg', to: 'km' })).rejects.toThrow(
      /Cannot convert mass \(kg\) to length \(km\)/,
    );
    const bad = await run(convertUnits, { value: '5', from: 'kg', to: 'lb' });
    expect(bad).toEqual({
      ok: false,
      content:
        'Invalid arguments for convert_units: value: Invalid input: expected number, received string',
    });
  });
});
