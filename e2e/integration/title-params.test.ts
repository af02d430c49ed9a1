import { describe, expect, it } from 'vitest';
import { withMockUpstream } from '../support/with-app';
import { generateTitle } from '@/lib/server/chat/title';
import { createRemoteUpstream } from '@/lib/server/providers/remote/upstream';

// Title requests carry `max_tokens`; a model that refuses the parameter must still get a title.

const mock = withMockUpstream();

const upstreamWith = (scenario: string) =>
  createRemoteUpstream({
    baseUrl: mock.url,
    apiKey: null,
    headers: { 'x-mock-scenario': scenario },
  });

describe('generated titles against a real HTTP upstream', () => {
  it('asks with max_tokens first, as before', async () => {
    mock.reset();
    const title = await generateTitle({
      upstream: upstreamWith('text tokens=3'),
      model: 'mock-model',
      question: 'q',
      answer: 'a',
    });
    expect(title).toBe('tok1 tok2 tok3');
    const sent = mock.requests().map((r) => r.body as Record<string, unknown>);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ max_tokens: 20, stream: false });
  });

  it('asks again without max_tokens when the model rejects it', async () => {
    mock.reset();
    const title = await generateTitle({
      upstream: upstreamWith('reject-max-tokens tokens=4'),
      model: 'mock-model',
      question: 'q',
      answer: 'a',
    });
    expect(title).toBe('tok1 tok2 tok3 tok4');
    const log = mock.requests();
    expect(log.map((r) => r.status)).toEqual([400, 200]);
    expect(log[0]?.body).toHaveProperty('max_tokens', 20);
    expect(log[1]?.body).not.toHaveProperty('max_tokens');
  });

  it('gives up (keeps the provisional title) on other failures, without a second try', async () => {
    mock.reset();
    const title = await generateTitle({
      upstream: upstreamWith('http status=500'),
      model: 'mock-model',
      question: 'q',
      answer: 'a',
    });
    expect(title).toBeNull();
    expect(mock.requests()).toHaveLength(1);
  });
});
