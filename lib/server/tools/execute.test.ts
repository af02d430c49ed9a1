import { describe, expect, it, vi } from 'vitest';
import { calculate } from './builtin/calculate';
import { getCurrentTime } from './builtin/get-current-time';
import { executeTool, MAX_RESULT_CHARS } from './execute';
import type { Tool, ToolContext, ToolOutput } from './types';

function fakeTool(run: (args: unknown, ctx: ToolContext) => Promise<ToolOutput>): Tool {
  return {
    name: 'fake',
    description: 'A test tool',
    summary: 'Test',
    parameters: { type: 'object', properties: {} },
    requiresApproval: false,
    source: 'builtin',
    run,
  };
}

const opts = (timeoutMs = 1000, signal = new AbortController().signal) => ({ signal, timeoutMs });

describe('executeTool', () => {
  it('runs a tool and measures the duration', async () => {
    const tool = fakeTool(async () => {
      await new Promise((r) => setTimeout(r, 30));
      return { ok: true, content: 'hello' };
    });
    const result = await executeTool(tool, '{}', opts());
    expect(result.status).toBe('done');
    expect(result.content).toBe('hello');
    expect(result.durationMs).toBeGreaterThanOrEqual(25);
    expect(result.durationMs).toBeLessThan(1000);
  });

  it('passes parsed arguments and the time zone through', async () => {
    const run = vi.fn(async () => ({ ok: true, content: 'ok' }));
    await executeTool(fakeTool(run), '{"a":[1,{"b":null}]}', { ...opts(), timeZone: 'Asia/Tokyo' });
    expect(run).toHaveBeenCalledWith(
      { a: [1, { b: null }] },
      expect.objectContaining({ timeZone: 'Asia/Tokyo', signal: expect.any(AbortSignal) }),
    );
  });

  it('treats empty arguments as {} for parameterless calls', async () => {
    const run = vi.fn(async () => ({ ok: true, content: 'ok' }));
    expect((await executeTool(fakeTool(run), '', opts())).status).toBe('done');
    expect((await executeTool(fakeTool(run), '  ', opts())).status).toBe('done');
    expect(run).toHaveBeenNthCalledWith(1, {}, expect.anything());
    const time = await executeTool(getCurrentTime, '', opts());
    expect(time.status).toBe('done');
    expect(JSON.parse(time.content).timezone).toBe('UTC');
  });

  it.each([
    ['{"expression": "1+', /^The arguments were not valid JSON: /],
    ['{expression: 1}', /^The arguments were not valid JSON: /],
    ['[1, 2]', /^The arguments must be a JSON object, got an array$/],
    ['"2+2"', /^The arguments must be a JSON object, got string$/],
    ['null', /^The arguments must be a JSON object, got null$/],
  ])('refuses arguments %j without running the tool', async (raw, message) => {
    const run = vi.fn(async () => ({ ok: true, content: 'ran' }));
    const result = await executeTool(fakeTool(run), raw, opts());
    expect(result.status).toBe('error');
    expect(result.content).toMatch(message);
    expect(run).not.toHaveBeenCalled();
  });

  it('reports schema validation failures as errors', async () => {
    const result = await executeTool(calculate, '{"expression": 42}', opts());
    expect(result).toMatchObject({
      status: 'error',
      content:
        'Invalid arguments for calculate: expression: Invalid input: expected string, received number',
    });
  });

  it('reports a tool that returns ok: false as an error', async () => {
    const result = await executeTool(
      fakeTool(async () => ({ ok: false, content: 'no such page' })),
      '{}',
      opts(),
    );
    expect(result).toMatchObject({ status: 'error', content: 'no such page' });
  });

  it('catches throws, async and sync, with their message', async () => {
    const asyncThrow = await executeTool(calculate, '{"expression":"2 / (1 - 1)"}', opts());
    expect(asyncThrow).toMatchObject({ status: 'error', content: 'Division by zero' });
    const syncThrow = fakeTool(() => {
      throw new Error('boom');
    });
    expect(await executeTool(syncThrow, '{}', opts())).toMatchObject({
      status: 'error',
      content: 'boom',
    });
    const weird = fakeTool(() => Promise.reject('a plain string'));
    expect((await executeTool(weird, '{}', opts())).content).toBe('a plain string');
    const silent = fakeTool(() => Promise.reject(new Error('')));
    expect((await executeTool(silent, '{}', opts())).content).toBe(
      'The tool failed without an error message',
    );
  });

  it('times out a tool that ignores its signal, and aborts the signal', async () => {
    let seen: AbortSignal | undefined;
    const hang = fakeTool((_args, ctx) => {
      seen = ctx.signal;
      return new Promise(() => {});
    });
    const started = Date.now();
    const result = await executeTool(hang, '{}', opts(150));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(result).toMatchObject({ status: 'error', content: 'The tool timed out after 0.15 s' });
    expect(result.durationMs).toBeGreaterThanOrEqual(140);
    expect(seen?.aborted).toBe(true);
  });

  it('formats whole-second timeouts', async () => {
    vi.useFakeTimers();
    try {
      const pending = executeTool(
        fakeTool(() => new Promise(() => {})),
        '{}',
        opts(20_000),
      );
      await vi.advanceTimersByTimeAsync(20_000);
      expect((await pending).content).toBe('The tool timed out after 20 s');
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops when the caller aborts, and forwards the abort to the tool', async () => {
    const caller = new AbortController();
    let seen: AbortSignal | undefined;
    const hang = fakeTool((_args, ctx) => {
      seen = ctx.signal;
      return new Promise(() => {});
    });
    const pending = executeTool(hang, '{}', opts(10_000, caller.signal));
    setTimeout(() => caller.abort(), 20);
    const result = await pending;
    expect(result).toMatchObject({ status: 'error', content: 'The tool call was cancelled' });
    expect(seen?.aborted).toBe(true);
  });

  it('does not start a tool when the caller already aborted', async () => {
    const caller = new AbortController();
    caller.abort();
    const run = vi.fn(async () => ({ ok: true, content: 'ran' }));
    const result = await executeTool(fakeTool(run), '{}', opts(1000, caller.signal));
    expect(result).toMatchObject({ status: 'error', content: expect.stringMatching(/cancelled/) });
    expect(run).not.toHaveBeenCalled();
  });

  it('clips huge results', async () => {
    const big = 'x'.repeat(MAX_RESULT_CHARS + 10);
    const result = await executeTool(
      fakeTool(async () => ({ ok: true, content: big })),
      '',
      opts(),
    );
    expect(result.content).toHaveLength(
      MAX_RESULT_CHARS + '\n[… 10 more characters were cut]'.length,
    );
    expect(result.content.endsWith('[… 10 more characters were cut]')).toBe(true);
  });
});
