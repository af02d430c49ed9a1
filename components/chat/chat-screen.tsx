'use client';
import { useCallback, useMemo, useState } from 'react';
import type { ConversationDetail, ModelBadge } from '@/lib/chat/api-types';
import { useConversation } from '@/lib/queries/conversations';
import { useUpdateSettings } from '@/lib/queries/tools';
import { ChatHeader } from './chat-header';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { ToolsMenu } from './tools-menu';
import { type SendInput, useChatTurn } from './use-chat-turn';

interface Props {
  initial: ConversationDetail | null;
  badge: ModelBadge;
}

export function ChatScreen({ initial, badge }: Props) {
  const [conversationId, setConversationId] = useState(initial?.conversation.id ?? null);
  const { data } = useConversation(conversationId, initial ?? undefined);
  const timeZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);

  const onConversationCreated = useCallback((id: string) => setConversationId(id), []);
  const { send, decide, stop } = useChatTurn({ conversationId, onConversationCreated, timeZone });

  // Tools: a new conversation keeps the choice here until its first message creates it.
  const [draftTools, setDraftTools] = useState<string[] | undefined>(undefined);
  const updateSettings = useUpdateSettings(conversationId ?? '');
  const enabledTools = conversationId ? data?.conversation.settings.tools : draftTools;
  const setTools = useCallback(
    (tools: string[]) => {
      if (conversationId) updateSettings.mutate({ ...data?.conversation.settings, tools });
      else setDraftTools(tools);
    },
    [conversationId, updateSettings, data?.conversation.settings],
  );
  const sendWithTools = useCallback(
    (input: SendInput) => send({ ...input, tools: draftTools }),
    [send, draftTools],
  );

  const followedId = data?.messages.find((m) => m.status === 'streaming')?.id;
  const stopAnswer = useCallback(() => void stop(followedId), [stop, followedId]);
  const retry = useCallback((messageId: string) => void send({ retryOf: messageId }), [send]);
  const continueAnswer = useCallback(() => void send({ content: 'Continue' }), [send]);
  const approval = useCallback(
    (toolMessageId: string, approve: boolean) => void decide(toolMessageId, approve),
    [decide],
  );

  return (
    <div className="flex h-dvh flex-col">
      <ChatHeader
        title={data?.conversation.title || 'New chat'}
        badge={badge}
        conversationId={conversationId}
      />
      <MessageList
        messages={data?.messages ?? []}
        badge={badge}
        onRetry={retry}
        onContinue={continueAnswer}
        onApproval={approval}
      />
      <Composer
        draftKey={conversationId ?? 'new'}
        following={followedId !== undefined}
        onSend={sendWithTools}
        onStop={stopAnswer}
        tools={<ToolsMenu enabled={enabledTools} onChange={setTools} />}
      />
    </div>
  );
}
