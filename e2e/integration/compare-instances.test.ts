// A comparison across two production servers on one PostgreSQL (as on Vercel, where any request
// may land on any instance): started on A, followed and stopped from B. Needs DATABASE_URL
// (`.ci/run` and `npm run test:instances` run it against the PostgreSQL they start).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationDetail } from '@/lib/chat/api-types';
import type { ChatMessage } from '@/lib/chat/types';
import { createTestDatabase, type TestDatabase } from '@/lib/server/db/testing';
import { type MockUpstream, startMockUpstream } from '../mock-upstream/server';
import { type AppServer, startApp } from '../support/app-server';
import { Client } from './client';
import { COMPARE_ENV, choices, followAnswer, postCompare, tokens } from './compare-support';

let mock: MockUpstream;
let testDb: TestDatabase;
let a: AppServer;
let b: AppServer;

describe.skipIf(!process.env.DATABASE_URL)('a comparison on two instances', () => {
  beforeAll(async () => {
    mock = await startMockUpstream();
    testDb = await createTestDatabase();
    if (testDb.options.driver !== 'postgres') throw new Error('needs DATABASE_URL');
    const env = {
      OPENAI_BASE_URL: mock.url,
      DATABASE_URL: testDb.options.url,
      LIVE_LEASE_MS: '2000',
      ...COMPARE_ENV,
    };
    a = await startApp({ env });
    b = await startApp({ env });
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await mock?.close();
    await testDb?.destroy();
  });

  it('started on A, every answer is followed from B, one is stopped from B, the others finish', async () => {
    const onA = new Client(a.url);
    await onA.fetch('/api/conversations');
    const onB = new Client(b.url);
    onB.cookie = onA.cookie;
    const k = `k${randomUUID().slice(0, 8)}`;
    const content = `${k} [[mock@mock-model:pause key=${k} after=3 tokens=9]] [[mock@mock-fast:text tokens=40 rate=100]] [[mock@mock-slow:stall after=2]]`;
    const { status, body } = await postCompare(onA, { content, models: choices() });
    expect(status).toBe(201);
    const conversationId = body.conversation.id;
    const [paused, fast, stalled] = body.answers;
    const stalledRequest = await mock.waitForRequest(
      (r) =>
        JSON.stringify(r.body).includes(k) && (r.body as { model?: string }).model === 'mock-slow',
      5_000,
    );

    // B follows all three from the log A writes; the stalled one is stopped from B.
    const following = [paused, fast, stalled].map((x) =>
      followAnswer(onB, conversationId, x?.message.id ?? ''),
    );
    const t0 = Date.now();
    const stop = await onB.json<{ message: ChatMessage }>(`/api/chat/${stalled?.message.id}/stop`, {
      method: 'POST',
    });
    await mock.waitForAborted(stalledRequest.seq, 2_000);
    expect(Date.now() - t0).toBeLessThan(3_000);
    expect(stop.body.message).toMatchObject({ status: 'interrupted', content: 'tok1 tok2' });

    // Stopping one left the paused one live on A: B still sees it being written.
    const during = await onB.json<ConversationDetail>(`/api/conversations/${conversationId}`);
    expect(during.body.messages.at(-1)).toMatchObject({
      id: paused?.message.id,
      status: 'streaming',
    });
    mock.release(k);

    const [p, f, s] = await Promise.all(following);
    expect(p?.text).toBe(tokens(9));
    expect(p?.saved).toMatchObject({ status: 'complete', content: tokens(9) });
    expect(f?.text).toBe(tokens(40));
    expect(f?.saved).toMatchObject({ status: 'complete', content: tokens(40) });
    expect(s?.saved).toMatchObject({ status: 'interrupted', content: 'tok1 tok2' });
    // The stream B followed carries each answer's own events, numbered from 1 without a gap.
    for (const run of [p, f, s]) {
      const ids = (run?.messages ?? []).filter((m) => m.id).map((m) => Number(m.id));
      expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => i + 1));
      expect(run?.messages[0]?.event).toBe('start');
    }
  });
});
