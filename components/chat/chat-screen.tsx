'use client';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ConversationDetail, ModelBadge } from '@/lib/chat/api-types';
import { useSwitchBranch } from '@/lib/queries/branches';
import { useConversation } from '@/lib/queries/conversations';
import { useIsStreaming } from '@/lib/store/conversation-store';
import { useLiveNewTitle } from '@/lib/store/conversation-store';
import {
  currentNavigation,
  navigation,
  useLeavingFor,
  useLeavingSeq,
} from '@/lib/store/navigation-store';
import type { PickedAssistant } from '@/lib/chat/assistants';
import { pickAssistant, usePickedAssistant } from './assistants/picked-assistant';
import { slashCommand } from './assistants/slash-command';
import { AttachButton } from './attachments/attach-button';
import { DropZone } from './attachments/drop-zone';
import { ChatHeader } from './chat-header';
import { CompareToolbar } from './compare-toolbar';
import { MessagesSkeleton } from './chat-skeleton';
import { Composer } from './composer';
import { fillComposer } from './composer-fill';
import { MessageList } from './message-list';
import { ModelToolbar } from './model-toolbar';
import { ScreenChrome } from './screen-chrome';
import { ToolsMenu } from './tools-menu';
import { type SendInput, useChatTurn } from './use-chat-turn';
import { useConversationTools } from './use-conversation-tools';
import { useCompareMode } from './use-compare-mode';
import { useModelControls } from './use-model-controls';

interface Props {
  initial: ConversationDetail | null;
  badge: ModelBadge;
  /** A new chat's assistant, named in the URL (`/?assistant=<id>`). */
  assistant?: PickedAssistant | null;
}

/**
 * The chat screen of a page. Once a chat link is clicked, this screen gives way at once to the
 * destination's (a new chat, or the conversation loading), so what is on screen is where a
 * message goes; one sent before the destination's page arrives is sent by that page's screen.
 */
export function ChatScreen({ initial, badge, assistant = null }: Props) {
  const [mountedAt] = useState(currentNavigation);
  const leavingSeq = useLeavingSeq();
  const leavingFor = useLeavingFor();
  if (leavingFor && leavingSeq > mountedAt) {
    const id = leavingFor.kind === 'conversation' ? leavingFor.id : null;
    return <ChatScreenBody key={`to-${leavingSeq}`} initial={null} startId={id} badge={badge} />;
  }
  return <ChatScreenBody initial={initial} badge={badge} assistant={assistant} arrived />;
}

interface BodyProps extends Props {
  /** The conversation to show when there is no `initial` (a navigation's destination). */
  startId?: string | null;
  /** The screen of the page a navigation ends on: it sends a message held on the way. */
  arrived?: boolean;
}

function ChatScreenBody({
  initial,
  badge,
  assistant = null,
  startId = null,
  arrived = false,
}: BodyProps) {
  const [conversationId, setConversationId] = useState(initial?.conversation.id ?? startId);
  // Each screen starts with the URL's assistant (or none); the picker and "/" change it.
  useEffect(() => pickAssistant(assistant), [assistant]);
  const picked = usePickedAssistant();
  const fromAssistant = !conversationId && picked !== null;
  const { data, isPending } = useConversation(conversationId, initial ?? undefined);
  const timeZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);

  const onConversationCreated = useCallback((id: string) => setConversationId(id), []);
  // A new chat shows its title as soon as the server has created the conversation.
  const liveNewTitle = useLiveNewTitle();
  const liveTitle = conversationId ? null : liveNewTitle;
  const turn = useChatTurn({ conversationId, onConversationCreated, timeZone });
  const { decide, stop } = turn;
  // Every request names the picked model (and, for a new conversation, its settings).
  const model = useModelControls({ conversationId, conversation: data?.conversation, badge });
  const { send: sendTurn } = turn;
  const { requestFields } = model;
  const send = useCallback(
    (input: SendInput) =>
      sendTurn({ ...input, ...requestFields, ...(picked ? { assistantId: picked.id } : {}) }),
    [sendTurn, requestFields, picked],
  );

  const { draftTools, enabledTools, setTools } = useConversationTools(conversationId, data);
  // Compare mode: with two models or more picked, the message box asks each of them at once.
  const compare = useCompareMode({ data, conversationId, timeZone, onConversationCreated });
  const { on: comparingOn, send: sendComparison } = compare;
  const sendWithTools = useCallback(
    (input: SendInput) =>
      // A picked assistant answers alone: Compare is hidden while one is picked.
      comparingOn && !fromAssistant
        ? sendComparison({ ...input, tools: draftTools, settings: requestFields.settings })
        : send({ ...input, tools: draftTools }),
    [send, draftTools, comparingOn, fromAssistant, sendComparison, requestFields],
  );
  // The page a navigation ends on sends what was typed while it was on its way (once).
  const sendHeld = useRef(sendWithTools);
  sendHeld.current = sendWithTools;
  useEffect(() => {
    if (!arrived) return;
    const held = navigation.arrived();
    // Refused (nothing saved): the text goes back into the box rather than being lost.
    if (held)
      void sendHeld.current(held).then((accepted) => accepted || fillComposer(held.content));
  }, [arrived]);

  // A comparison's answers each follow their own stream (compare/use-column-stream.ts).
  const { comparing, stop: stopComparison } = compare;
  const followedId = comparing
    ? undefined
    : data?.messages.find((m) => m.status === 'streaming')?.id;
  const stopAnswer = useCallback(
    () => (comparing ? stopComparison() : void stop(followedId)),
    [stop, followedId, comparing, stopComparison],
  );
  // An answer another request is writing (before a reload, in another tab, or after the
  // connection dropped) is followed live from the server's event log, never by polling.
  const streamingHere = useIsStreaming();
  const { follow } = turn;
  useEffect(() => {
    if (followedId && !streamingHere) void follow(followedId);
  }, [followedId, streamingHere, follow]);
  const retry = useCallback((messageId: string) => void send({ retryOf: messageId }), [send]);
  const edit = useCallback(
    (messageId: string, content: string) => void send({ editOf: messageId, content }),
    [send],
  );
  const { mutate: switchBranch, isPending: switching } = useSwitchBranch(conversationId);
  const continueAnswer = useCallback(() => void send({ content: 'Continue' }), [send]);
  const approval = useCallback(
    (toolMessageId: string, approve: boolean) => void decide(toolMessageId, approve),
    [decide],
  );

  const attachmentLimits = model.list?.attachmentLimits;
  return (
    <DropZone limits={attachmentLimits} className="@container flex h-dvh min-w-0 flex-col">
      <ChatHeader
        title={data?.conversation.title || liveTitle || 'New chat'}
        badge={model.badge}
        conversationId={conversationId}
        assistant={data?.conversation.assistant ?? (conversationId ? null : picked)}
      />
      {/* The header above is the page's banner; the conversation and the composer its main part. */}
      <main className="flex min-h-0 flex-1 flex-col">
        <ScreenChrome
          title={conversationId ? (data?.conversation.title ?? null) : liveTitle}
          following={followedId !== undefined || comparing}
          onStop={stopAnswer}
        />
        {conversationId && !data && isPending ? (
          <MessagesSkeleton />
        ) : (
          <MessageList
            messages={data?.messages ?? []}
            badge={model.badge}
            branches={data?.branches}
            busy={followedId !== undefined || comparing || switching}
            onRetry={retry}
            onContinue={continueAnswer}
            onApproval={approval}
            onEdit={edit}
            onRegenerate={retry}
            onSwitchBranch={switchBranch}
          />
        )}
        <Composer
          draftKey={conversationId ?? 'new'}
          following={followedId !== undefined || comparing}
          onSend={sendWithTools}
          onStop={stopAnswer}
          // A new chat with an assistant uses the assistant's model, settings and tools (its
          // introduction says so): the default model's chip, tools and Compare would tell otherwise.
          tools={fromAssistant ? null : <ToolsMenu enabled={enabledTools} onChange={setTools} />}
          toolbar={
            fromAssistant ? null : (
              <CompareToolbar list={model.list} value={compare.models} onChange={compare.setModels}>
                <ModelToolbar controls={model} />
              </CompareToolbar>
            )
          }
          attach={<AttachButton limits={attachmentLimits} vision={model.current?.vision ?? true} />}
          attachmentLimits={attachmentLimits}
          overlay={conversationId ? undefined : slashCommand}
        />
      </main>
    </DropZone>
  );
}
