import 'server-only';
import type { ConversationAssistant } from '@/lib/chat/assistants';
import type { ConversationSettings } from '@/lib/chat/types';
import type { Db } from '@/lib/server/db/types';
import { insertAttachments } from '@/lib/server/db/repository';
import { notFound } from '@/lib/server/errors';
import { ASSISTANT_NOT_FOUND, findUsable } from './service';

// A new conversation started from an assistant takes its own copy of everything the assistant
// says (model, settings, tools, system prompt, reference files) and records which assistant and
// version it came from; editing or deleting the assistant later changes nothing in it.

export interface AssistantStart {
  /** The assistant's model choice (resolved like a conversation's stored one). */
  choice: { provider?: string; model?: string };
  settings: ConversationSettings;
  record: ConversationAssistant;
  /** The reference files, stored as the conversation's own attachments once it exists. */
  files: { id: string; name: string; text: string }[];
}

export async function assistantStart(
  db: Db,
  userId: string,
  assistantId: string,
): Promise<AssistantStart> {
  const a = await findUsable(db, userId, assistantId);
  if (!a) throw notFound(ASSISTANT_NOT_FOUND);
  const files = a.files.map((f) => ({
    id: crypto.randomUUID(),
    name: f.name,
    text: a.fileTexts[f.id] ?? '',
  }));
  return {
    choice: { provider: a.provider ?? undefined, model: a.model ?? undefined },
    settings: {
      ...(a.tools ? { tools: a.tools } : {}),
      systemPrompt: a.systemPrompt,
      ...a.settings,
    },
    record: {
      id: a.id,
      version: a.version,
      name: a.name,
      avatar: a.avatar,
      files: files.map(({ id, name }) => ({ id, name })),
    },
    files,
  };
}

/** The conversation's copies of the reference files (text, kept in the database). */
export async function storeReferenceFiles(
  db: Db,
  input: { userId: string; conversationId: string; files: AssistantStart['files'] },
): Promise<void> {
  const encoder = new TextEncoder();
  await insertAttachments(
    db,
    input.files.map((f) => {
      const data = encoder.encode(f.text);
      return {
        id: f.id,
        userId: input.userId,
        conversationId: input.conversationId,
        name: f.name,
        mediaType: 'text/plain',
        kind: 'text' as const,
        size: data.byteLength,
        text: f.text,
        data,
        storageKey: null,
      };
    }),
  );
}
