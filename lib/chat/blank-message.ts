import type { ChatMessage } from './types';

/** A message with every optional field empty; callers set what they know. */
export function blankMessage(
  fields: Pick<ChatMessage, 'id' | 'role'> & Partial<ChatMessage>,
): ChatMessage {
  return {
    conversationId: '',
    parentId: null,
    content: '',
    reasoning: null,
    refusal: null,
    toolCalls: null,
    toolCallId: null,
    status: 'complete',
    finishReason: null,
    usage: null,
    model: null,
    error: null,
    reasoningMs: null,
    toolRun: null,
    createdAt: '',
    ...fields,
  };
}
