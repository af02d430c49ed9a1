'use client';
import { useCallback, useMemo, useState } from 'react';
import type { ConversationDetail } from '@/lib/chat/api-types';
import type { ModelBadge } from '@/lib/chat/api-types';
import { useConversation } from '@/lib/queries/conversations';
import { ChatHeader } from './chat-header';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { useChatTurn } from './use-chat-turn';

interface Props {
  initial: ConversationDetail | null;
  badge: ModelBadge;
}

export function ChatScreen({ initial, badge }: Props) {
  const [conversationId, setConversationId] = useState(initial?.conversation.id ?? null);
  const { data } = useConversation(conversationId, initial ?? undefined);
  const timeZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);

  const onConversationCreated = useCallback((id: string) => setConversationId(id), []);
  const { send, stop } = useChatTurn({ conversationId, onConversationCreated, timeZone });

  const followedId = data?.messages.find((m) => m.status === 'streaming')?.id;
  const stopAnswer = useCallback(() => void stop(followedId), [stop, followedId]);
  const retry = useCallback((messageId: string) => void send({ retryOf: messageId }), [send]);
  const continueAnswer = useCallback(() => send({ content: 'Continue' }), [send]);

  return (
    <div className="flex h-dvh flex-col">
      <ChatHeader title={data?.conversation.title || 'New chat'} badge={badge} />
      <MessageList
        messages={data?.messages ?? []}
        badge={badge}
        onRetry={retry}
        onContinue={continueAnswer}
      />
      <Composer
        draftKey={conversationId ?? 'new'}
        following={followedId !== undefined}
        onSend={send}
        onStop={stopAnswer}
      />
    </div>
  );
}
