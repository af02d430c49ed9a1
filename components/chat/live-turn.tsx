'use client';
import type { ChatMessage } from '@/lib/chat/types';
import {
  useIsStreaming,
  useLiveAssistant,
  useLiveUserMessage,
} from '@/lib/store/conversation-store';
import { MessageView } from './message/message-view';

// Shown until the server has created the answer (its first event).
const PENDING: ChatMessage = {
  id: 'pending',
  conversationId: '',
  parentId: null,
  role: 'assistant',
  content: '',
  reasoning: null,
  refusal: null,
  toolCalls: null,
  toolCallId: null,
  status: 'streaming',
  finishReason: null,
  usage: null,
  model: null,
  error: null,
  reasoningMs: null,
  toolRun: null,
  createdAt: '',
};

function LiveUser() {
  const message = useLiveUserMessage();
  return message ? <MessageView message={message} /> : null;
}

/** The only component that re-renders while tokens arrive. */
function LiveAssistant() {
  const message = useLiveAssistant();
  return <MessageView message={message ?? PENDING} />;
}

export function LiveTurn() {
  const streaming = useIsStreaming();
  if (!streaming) return null;
  return (
    <>
      <LiveUser />
      <LiveAssistant />
    </>
  );
}
