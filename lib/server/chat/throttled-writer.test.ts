import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createThrottledWriter } from './throttled-writer';

describe('createThrottledWriter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes at most once per interval however often it is scheduled', async () => {
    const write = vi.fn(async () => {});
    const writer = createThrottledWriter(write, 300);
    for (let t = 0; t < 1000; t += 10) {
      writer.schedule();
      await vi.advanceTimersByTimeAsync(10);
    }
    // 1,000 ms of per-token scheduling: roughly 1000/300 writes, never one per token.
    expect(write.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(write.mock.calls.length).toBeLessThanOrEqual(4);
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
    const writer = createThrottledWriter(slow('partial'), 100);
    writer.schedule();
    await vi.advanceTimersByTimeAsync(150);
    writer.schedule();
    const done = writer.finish(slow('final'));
    await vi.advanceTimersByTimeAsync(2000);
    await done;
    expect(maxActive).toBe(1);
    expect(order).toEqual(['partial', 'final']);
  });

  it('drops pending partial writes once finished', async () => {
    const write = vi.fn(async () => {});
    const writer = createThrottledWriter(write, 300);
    writer.schedule();
    const final = vi.fn(async () => {});
    await writer.finish(final);
    await vi.advanceTimersByTimeAsync(1000);
    expect(write).not.toHaveBeenCalled();
    expect(final).toHaveBeenCalledOnce();
  });
});
