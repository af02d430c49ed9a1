import 'server-only';
import type { Conversation } from '@/lib/chat/types';
import { type ModelSettings, pickModelSettings } from '@/lib/chat/model-settings';
import { provisionalTitle } from '@/lib/chat/title-text';
import { type AssistantStart, storeReferenceFiles } from '@/lib/server/assistants/start';
import type { Db } from '@/lib/server/db/client';
import { createConversation } from '@/lib/server/db/repository';

/** What a chat request says about the conversation it starts (app/api/chat/schema.ts). */
export interface NewConversationInput {
  content?: string;
  tools?: string[];
  settings?: ModelSettings;
}

export interface NewConversationChoices {
  model: string;
  provider: string;
  start: AssistantStart | null;
  firstFileName: string | undefined;
}

/** A new conversation's fields: with the settings of its assistant, if any. */
export function conversationFields(
  userId: string,
  body: NewConversationInput,
  o: NewConversationChoices,
) {
  return {
    userId,
    // Replaced by a generated title after the first exchange (title.ts).
    title: provisionalTitle(body.content?.trim() ? body.content : (o.firstFileName ?? '')),
    model: o.model,
    provider: o.provider,
    settings: o.start?.settings ?? {
      ...(body.tools ? { tools: body.tools } : {}),
      ...pickModelSettings(body.settings ?? {}),
    },
    assistant: o.start?.record ?? null,
  };
}

/** A new conversation, with the settings (and reference files) of its assistant, if any. */
export async function newConversation(
  db: Db,
  userId: string,
  body: NewConversationInput,
  o: NewConversationChoices,
): Promise<Conversation> {
  const conversation = await createConversation(db, conversationFields(userId, body, o));
  if (o.start) {
    await storeReferenceFiles(db, {
      userId,
      conversationId: conversation.id,
      files: o.start.files,
    });
  }
  return conversation;
}
