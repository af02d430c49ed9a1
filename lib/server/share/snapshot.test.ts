import { describe, expect, it } from 'vitest';
import type { ChatMessage, Conversation } from '@/lib/chat/types';
import { asChatMessages, buildSnapshot, describeSnapshot, parseSnapshot } from './snapshot';
import { blankMessage } from '@/lib/chat/blank-message';

const conversation: Conversation = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Paris time',
  model: 'mock-model',
  settings: { tools: ['get_time'] },
  createdAt: '2025-01-02T03:04:05.000Z',
  updatedAt: '2025-01-02T04:00:00.000Z',
};

let n = 0;
function message(partial: Partial<ChatMessage> & Pick<ChatMessage, 'role'>): ChatMessage {
  n += 1;
  return blankMessage({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    conversationId: conversation.id,
    createdAt: '2025-01-02T03:04:06.000Z',
    ...partial,
  });
}

const branch = [
  message({ role: 'system', content: 'You are secret-system-prompt.' }),
  message({ role: 'user', content: 'What time is it in Paris?' }),
  message({
    role: 'assistant',
    toolCalls: [
      { id: 'call_1', type: 'function', function: { name: 'get_time', arguments: '{}' } },
    ],
    finishReason: 'tool_calls',
  }),
  message({
    role: 'tool',
    toolCallId: 'call_1',
    content: '12:00',
    toolRun: { name: 'get_time', status: 'done', durationMs: 3 },
  }),
  message({ role: 'assistant', content: 'It is noon.', status: 'streaming' }),
];

let counter = 0;
const snapshot = buildSnapshot({
  conversation,
  branch,
  indexable: false,
  now: new Date('2025-02-01T00:00:00.000Z'),
  newId: () => `new-${++counter}`,
});

describe('buildSnapshot', () => {
  it('copies the visible branch with fresh ids chained by parent', () => {
    expect(snapshot.messages.map((m) => [m.id, m.parentId, m.role])).toEqual([
      ['new-1', null, 'user'],
      ['new-2', 'new-1', 'assistant'],
      ['new-3', 'new-2', 'tool'],
      ['new-4', 'new-3', 'assistant'],
    ]);
    expect(snapshot.messages[2]).toMatchObject({ toolCallId: 'call_1', content: '12:00' });
    expect(snapshot).toMatchObject({
      version: 1,
      title: 'Paris time',
      model: 'mock-model',
      conversationCreatedAt: conversation.createdAt,
      takenAt: '2025-02-01T00:00:00.000Z',
      indexable: false,
    });
  });

  it('never contains the owner ids, the conversation id, its settings or the system prompt', () => {
    const json = JSON.stringify(snapshot);
    expect(json).not.toContain(conversation.id);
    for (const m of branch) expect(json).not.toContain(m.id);
    expect(json).not.toContain('secret-system-prompt');
    expect(json).not.toContain('settings');
    expect(json).not.toContain('get_time"]');
    expect(json).not.toContain('conversationId');
  });

  it('freezes work in progress as stopped', () => {
    expect(snapshot.messages.at(-1)?.status).toBe('interrupted');
    const running = buildSnapshot({
      conversation,
      branch: [
        message({
          role: 'tool',
          status: 'streaming',
          toolRun: { name: 'x', status: 'awaiting_approval', durationMs: null },
        }),
      ],
      indexable: true,
    });
    expect(running.messages[0]).toMatchObject({
      status: 'interrupted',
      toolRun: { status: 'not_executed' },
    });
    expect(running.indexable).toBe(true);
  });
});

describe('parseSnapshot', () => {
  it('round-trips a snapshot through JSON', () => {
    expect(parseSnapshot(JSON.parse(JSON.stringify(snapshot)))).toEqual(snapshot);
  });

  it('rejects what this code did not write', () => {
    expect(parseSnapshot(null)).toBeNull();
    expect(parseSnapshot({ ...snapshot, version: 2 })).toBeNull();
    expect(parseSnapshot({ ...snapshot, messages: [{ id: 1 }] })).toBeNull();
  });

  it('degrades malformed JSON fields inside a message to null', () => {
    const raw = JSON.parse(JSON.stringify(snapshot));
    raw.messages[2].toolRun = { name: 'x', status: 'exploded' };
    expect(parseSnapshot(raw)?.messages[2]?.toolRun).toBeNull();
  });
});

describe('helpers', () => {
  it('gives shared messages the share id as their conversation id', () => {
    const messages = asChatMessages('share-1', snapshot.messages);
    expect(messages.every((m) => m.conversationId === 'share-1')).toBe(true);
  });

  it('describes a snapshot by its first question', () => {
    expect(describeSnapshot(snapshot)).toBe('What time is it in Paris?');
    expect(describeSnapshot({ ...snapshot, messages: [] })).toBe(
      'A conversation shared from Parley.',
    );
    const long = buildSnapshot({
      conversation,
      branch: [message({ role: 'user', content: 'word '.repeat(100) })],
      indexable: false,
    });
    expect(describeSnapshot(long, 20)).toHaveLength(20);
  });
});
