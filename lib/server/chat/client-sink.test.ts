import { describe, expect, it, vi } from 'vitest';
import { createClientSink, SlowClientError } from './client-sink';

const kb = (n: number) => new Uint8Array(n * 1024);

describe('createClientSink', () => {
  it('never blocks the sender and delivers everything to a reader that keeps up', async () => {
    const sink = createClientSink({ highWaterMark: 1024, maxBufferedBytes: 64 * 1024 });
    for (let i = 0; i < 20; i++) sink.send(kb(2)); // 40 KB: over the high-water mark, under the cap
    sink.close();
    let total = 0;
    const reader = sink.stream.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) total += r.value.byteLength;
    expect(total).toBe(40 * 1024);
    expect(sink.detached).toBe(true);
  });

  it('reports backpressure through desiredSize and cuts off a reader that falls too far behind', async () => {
    const sink = createClientSink({ highWaterMark: 4096, maxBufferedBytes: 16 * 1024 });
    const reader = sink.stream.getReader();
    for (let i = 0; i < 8; i++) sink.send(kb(2)); // 16 KB queued, nothing read
    expect(sink.detached).toBe(false);
    sink.send(kb(1)); // one more byte than the reader may leave unread
    expect(sink.detached).toBe(true);
    sink.send(kb(1)); // later sends are dropped without throwing
    await expect(reader.read()).rejects.toBeInstanceOf(SlowClientError);
  });

  it('stops writing when the browser goes away, without throwing at the sender', async () => {
    const sink = createClientSink();
    await sink.stream.cancel();
    expect(sink.detached).toBe(true);
    expect(() => sink.send(kb(1))).not.toThrow();
    expect(() => sink.close()).not.toThrow();
  });

  it('sends keep-alives only while nothing is waiting to be read', async () => {
    vi.useFakeTimers();
    try {
      const sink = createClientSink({ keepAliveMs: 1000, highWaterMark: 1024 });
      const reader = sink.stream.getReader();
      vi.advanceTimersByTime(1000);
      const ping = await reader.read();
      expect(new TextDecoder().decode(ping.value)).toBe(': keep-alive\n\n');
      sink.send(kb(2)); // unread
      vi.advanceTimersByTime(5000);
      const next = await reader.read();
      expect(next.value?.byteLength).toBe(2048); // no keep-alives queued behind it
      sink.close();
      expect((await reader.read()).done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
