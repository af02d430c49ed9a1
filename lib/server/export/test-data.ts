import type { ChatMessage, Conversation } from '@/lib/chat/types';

// Builders for the export tests: a conversation with a tool-using turn, a reasoning answer and a
// regenerated (branched) answer.

export const conversation: Conversation = {
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Tokyo time & maths',
  model: 'gpt-test',
  settings: { tools: ['get_current_time'], temperature: 0.5 },
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:05:00.000Z',
};

let n = 0;
export function message(partial: Partial<ChatMessage> & Pick<ChatMessage, 'role'>): ChatMessage {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(100 + n).padStart(12, '0')}`,
    conversationId: conversation.id,
    parentId: null,
    content: '',
    reasoning: null,
    refusal: null,
    toolCalls: null,
    toolCallId: null,
    status: 'complete',
    finishReason: 'stop',
    usage: null,
    model: null,
    error: null,
    reasoningMs: null,
    toolRun: null,
    createdAt: `2025-03-01T10:0${Math.min(n, 9)}:00.000Z`,
    ...partial,
  };
}

/** user → assistant(tool call) → tool → assistant(text); then a second user question answered twice. */
export function sampleTree() {
  const user1 = message({ role: 'user', content: 'What time is it in Tokyo?' });
  const call = message({
    role: 'assistant',
    parentId: user1.id,
    reasoning: 'The user wants the time. I should call the tool.',
    reasoningMs: 1200,
    toolCalls: [
      {
        id: 'call_1',
        type: 'function',
        function: { name: 'get_current_time', arguments: '{"timezone":"Asia/Tokyo"}' },
      },
    ],
    finishReason: 'tool_calls',
  });
  const tool = message({
    role: 'tool',
    parentId: call.id,
    toolCallId: 'call_1',
    content: '{"time":"19:00"}',
    toolRun: { name: 'get_current_time', status: 'done', durationMs: 12 },
  });
  const answer = message({
    role: 'assistant',
    parentId: tool.id,
    content: 'It is **19:00** in Tokyo.',
  });
  const user2 = message({ role: 'user', parentId: answer.id, content: 'Show code' });
  const oldAnswer = message({
    role: 'assistant',
    parentId: user2.id,
    content: 'Old answer',
  });
  const newAnswer = message({
    role: 'assistant',
    parentId: user2.id,
    content: 'Here:\n\n```ts\nconst a = 1;\n```',
  });
  const all = [user1, call, tool, answer, user2, oldAnswer, newAnswer];
  return { user1, call, tool, answer, user2, oldAnswer, newAnswer, all };
}
