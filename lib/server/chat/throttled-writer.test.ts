import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createThrottledWriter } from './throttled-writer';

/** No write in these tests is expected to fail unless it says so. */
const fail = (error: unknown) => {
  throw error;
};

describe('createThrottledWriter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes at most once per interval however often it is scheduled', async () => {
    const write = vi.fn(async () => {});
    const writer = createThrottledWriter(write, 300, fail);
    for (let t = 0; t < 1000; t += 10) {
      writer.schedule();
      await vi.advanceTimersByTimeAsync(10);
    }
    // 1,000 ms of per-token scheduling: roughly 1000/300 writes, never one per token.
    expect(write.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(write.mock.calls.length).toBeLessThanOrEqual(5);
  });

  it('never runs two writes at once and finishes with the final write last', async () => {
    let active = 0;
    let maxActive = 0;
    const order: string[] = [];
    const slow = (label: string) => async () => {
      active++;
      maxActive = Math.max(maxActive, active);
      await new Promise((r) => setTimeout(r, 500));
      order.push(label);
      active--;
    };
    const writer = createThrottledWriter(slow('partial'), 100, fail);
    writer.schedule();
    await vi.advanceTimersByTimeAsync(150);
    writer.schedule();
    const done = writer.finish(slow('final'));
    await vi.advanceTimersByTimeAsync(2000);
    await done;
    expect(maxActive).toBe(1);
    expect(order).toEqual(['partial', 'final']);
  });

  it('coalesces behind a slow database: one write follows the one in flight, with the latest state', async () => {
    let state = 0;
    const saved: number[] = [];
    const write = vi.fn(async () => {
      const snapshot = state;
      await new Promise((r) => setTimeout(r, 1_000));
      saved.push(snapshot);
    });
    const writer = createThrottledWriter(write, 100, fail);
    // 3 s of tokens every 10 ms against a database that takes 1 s per write.
    for (let t = 0; t < 3_000; t += 10) {
      state++;
      writer.schedule();
      await vi.advanceTimersByTimeAsync(10);
    }
    // A queue would hold ~300 writes; coalescing keeps to one per second of database time.
    expect(write.mock.calls.length).toBeLessThanOrEqual(4);
    const final = vi.fn(async () => {
      saved.push(state);
    });
    const done = writer.finish(final);
    await vi.advanceTimersByTimeAsync(60_000);
    await done;
    expect(write.mock.calls.length).toBeLessThanOrEqual(4);
    expect(saved.at(-1)).toBe(300);
    // Snapshots are saved in order: the latest state always wins.
    expect([...saved].sort((a, b) => a - b)).toEqual(saved);
  });

  it('a failed write does not stop later ones', async () => {
    let calls = 0;
    const onError = vi.fn();
    const writer = createThrottledWriter(
      async () => {
        calls++;
        if (calls === 1) throw new Error('db down');
      },
      100,
      onError,
    );
    writer.schedule();
    await vi.advanceTimersByTimeAsync(10);
    writer.schedule();
    await vi.advanceTimersByTimeAsync(200);
    expect(onError).toHaveBeenCalledOnce();
    expect(calls).toBe(2);
  });

  it('drops pending partial writes once finished', async () => {
    const write = vi.fn(async () => {});
    const writer = createThrottledWriter(write, 300, fail);
    writer.schedule();
    await vi.advanceTimersByTimeAsync(10);
    writer.schedule();
    const final = vi.fn(async () => {});
    await writer.finish(final);
    await vi.advanceTimersByTimeAsync(1000);
    expect(write).toHaveBeenCalledOnce();
    expect(final).toHaveBeenCalledOnce();
  });

  it('with firstAfterInterval, waits a whole interval before the first write', async () => {
    const write = vi.fn(async () => {});
    const writer = createThrottledWriter(write, 300, fail, { firstAfterInterval: true });
    writer.schedule();
    await vi.advanceTimersByTimeAsync(290);
    expect(write).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20);
    expect(write).toHaveBeenCalledOnce();
  });

  it('with firstAfterInterval, state finished within the interval costs only the final write', async () => {
    const write = vi.fn(async () => {});
    const writer = createThrottledWriter(write, 300, fail, { firstAfterInterval: true });
    for (let i = 0; i < 10; i++) {
      writer.schedule();
      await vi.advanceTimersByTimeAsync(10);
    }
    const final = vi.fn(async () => {});
    await writer.finish(final);
    await vi.advanceTimersByTimeAsync(1000);
    expect(write).not.toHaveBeenCalled();
    expect(final).toHaveBeenCalledOnce();
    expect(writer.writes).toBe(1);
  });
});
