import { describe, expect, it } from 'vitest';
import { readErrorBody } from './read-error-body';

describe('readErrorBody', () => {
  it('reads a short body whole', async () => {
    expect(await readErrorBody(new Response('{"error":"nope"}', { status: 400 }))).toBe(
      '{"error":"nope"}',
    );
    expect(await readErrorBody(new Response(null, { status: 503 }))).toBe('');
  });

  it('stops after the limit and cancels an endless body', async () => {
    let pulls = 0;
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        controller.enqueue(new TextEncoder().encode('<p>spam</p>'.repeat(100)));
      },
      cancel() {
        cancelled = true;
      },
    });
    const text = await readErrorBody(new Response(endless, { status: 502 }), 4096);
    expect(text.length).toBe(4096);
    expect(cancelled).toBe(true);
    expect(pulls).toBeLessThan(10);
  });

  it('does not split a multi-byte character into garbage at the limit', async () => {
    const text = await readErrorBody(new Response('ééé', { status: 400 }), 3);
    expect(text).toBe('é\uFFFD');
  });
});
