import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { startMockUpstream } from '@/e2e/mock-upstream/server';
import { createRemoteUpstream } from '@/lib/server/providers/remote/upstream';
import type { ChatCompletionRequest } from '@/lib/server/upstream/types';
import { sendHeadStart } from './head-start';

const mock = await startMockUpstream();
afterAll(() => mock.close());
const upstream = createRemoteUpstream({ baseUrl: mock.url, apiKey: null });

const request = (content: string): ChatCompletionRequest => ({
  model: 'mock-model',
  stream: true,
  stream_options: { include_usage: true },
  messages: [{ role: 'user', content }],
});
const requestsWith = (marker: string) =>
  mock.requests().filter((r) => JSON.stringify(r.body).includes(marker));

describe('sendHeadStart', () => {
  it('sends the call at once and hands it to the first request with the same body', async () => {
    const marker = `[[mock:text tokens=3]] ${randomUUID()}`;
    const head = sendHeadStart(upstream, request(marker));
    // Upstream before anyone asked for it.
    await mock.waitForRequest((r) => JSON.stringify(r.body).includes(marker));

    const res = await head.upstream.chatCompletions(request(marker), new AbortController().signal);
    expect(await res.text()).toContain('tok3');
    head.cancel();
    expect(requestsWith(marker).map((r) => [r.aborted, r.finished])).toEqual([[false, true]]);
  });

  it('asks again for another body, and ends the head start nobody took', async () => {
    const marker = `[[mock:text tokens=400 rate=20]] ${randomUUID()}`;
    const head = sendHeadStart(upstream, request(marker));
    const early = await mock.waitForRequest((r) => JSON.stringify(r.body).includes(marker));

    const other = { ...request(marker), temperature: 0.5 };
    const res = await head.upstream.chatCompletions(other, new AbortController().signal);
    expect(res.status).toBe(200);
    await res.body?.cancel();
    expect((await mock.waitForAborted(early.seq)).aborted).toBe(true);
    expect(requestsWith(marker)).toHaveLength(2);
  });

  it('ends the call on cancel when nobody takes it', async () => {
    const marker = `[[mock:text tokens=400 rate=20]] ${randomUUID()}`;
    const head = sendHeadStart(upstream, request(marker));
    const early = await mock.waitForRequest((r) => JSON.stringify(r.body).includes(marker));
    head.cancel();
    expect((await mock.waitForAborted(early.seq)).aborted).toBe(true);
  });

  it('lets the turn that took the call end it: its signal aborts the request', async () => {
    const marker = `[[mock:text tokens=400 rate=20]] ${randomUUID()}`;
    const head = sendHeadStart(upstream, request(marker));
    const turn = new AbortController();
    const res = await head.upstream.chatCompletions(request(marker), turn.signal);
    expect(res.status).toBe(200);
    // Taken: cancel no longer ends it.
    head.cancel();
    const early = await mock.waitForRequest((r) => JSON.stringify(r.body).includes(marker));
    const reader = res.body?.getReader();
    expect((await reader?.read())?.done).toBe(false);
    expect(mock.requests().find((r) => r.seq === early.seq)?.aborted).toBe(false);
    turn.abort(new Error('stop'));
    expect((await mock.waitForAborted(early.seq)).aborted).toBe(true);
  });

  it('aborts at once when the taking turn was already stopped', async () => {
    const marker = `[[mock:text tokens=400 rate=20]] ${randomUUID()}`;
    const head = sendHeadStart(upstream, request(marker));
    const early = await mock.waitForRequest((r) => JSON.stringify(r.body).includes(marker));
    const stopped = AbortSignal.abort(new Error('stop'));
    // Whether the headers had arrived or not, the answer is never read.
    await expect(
      head.upstream.chatCompletions(request(marker), stopped).then((res) => res.text()),
    ).rejects.toThrow();
    expect((await mock.waitForAborted(early.seq)).aborted).toBe(true);
  });
});
