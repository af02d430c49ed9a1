import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createDemoUpstream } from './upstream';

describe('demo upstream', () => {
  it('leaves no abort listener behind per token (no MaxListenersExceededWarning)', async () => {
    const controller = new AbortController();
    const demo = createDemoUpstream({ tokenDelayMs: 0 });
    const res = await demo.chatCompletions(
      { model: 'demo', stream: true, messages: [{ role: 'user', content: 'hello' }] },
      controller.signal,
    );
    const text = await res.text();
    // The long demo answer has far more than ten tokens.
    expect(text.split('\n\n').length).toBeGreaterThan(50);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});
