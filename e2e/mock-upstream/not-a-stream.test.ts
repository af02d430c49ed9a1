import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockUpstream, startMockUpstream } from './server';
import { chat, chatBody } from './test-client';

let mock: MockUpstream;
beforeAll(async () => {
  mock = await startMockUpstream();
});
afterAll(() => mock.close());

describe('answers that are not an event stream', () => {
  it('page: a 200 with a web page, plain text, other JSON or nothing, in any content type', async () => {
    const html = await chat(mock, chatBody('[[mock:page]]'));
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await html.text()).toMatch(/^<!doctype html>/);
    const text = await chat(mock, chatBody('[[mock:page type=text]]'));
    expect(await text.text()).toBe('Ollama is running');
    const json = await chat(mock, chatBody('[[mock:page type=json]]'));
    expect(await json.json()).toEqual({ status: 'ok', version: '1.2.3' });
    const empty = await chat(mock, chatBody('[[mock:page type=empty]]'));
    expect([empty.status, await empty.text()]).toEqual([200, '']);
    const lying = await chat(mock, chatBody('[[mock:page content-type=text/event-stream]]'));
    expect(lying.headers.get('content-type')).toBe('text/event-stream');
    const bad = await chat(mock, chatBody('[[mock:page type=pdf]]'));
    expect(bad.status).toBe(400);
  });

  it('hangup: the connection closes before a status line', async () => {
    await expect(chat(mock, chatBody('[[mock:hangup]]'))).rejects.toThrow();
    const [record] = mock.requests().filter((r) => r.scenario?.name === 'hangup');
    expect(record).toMatchObject({ status: null, aborted: false, closed: true });
  });

  it('nostream: one chat.completion to a streaming request, with the content type asked for', async () => {
    const res = await chat(mock, chatBody('[[mock:tools calls=2 nostream=text/plain]]'));
    expect(res.headers.get('content-type')).toBe('text/plain');
    const body = await res.json();
    expect(body.object).toBe('chat.completion');
    expect(body.choices[0].finish_reason).toBe('tool_calls');
    expect(body.choices[0].message.tool_calls).toHaveLength(2);
    const plain = await chat(mock, chatBody('[[mock:text tokens=3 nostream]]'));
    expect(plain.headers.get('content-type')).toBe('application/json');
    expect((await plain.json()).choices[0].message.content).toBe('tok1 tok2 tok3');
    const refused = await chat(mock, chatBody('[[mock:http nostream]]'));
    expect(refused.status).toBe(400);
  });
});
