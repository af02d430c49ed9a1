import 'server-only';
import type { ChatMessage } from '@/lib/chat/types';
import { loadAttachmentContents } from '@/lib/server/attachments/content';
import { contentParts, maxFileChars, withSentChars } from '@/lib/server/attachments/wire';
import type { Db } from '@/lib/server/db/client';
import { updateMessage } from '@/lib/server/db/repository';
import type { WireContentPart } from '@/lib/server/upstream/types';
import { DEFAULT_CONTEXT_WINDOW } from '@/lib/server/providers/capabilities';

/**
 * Loads the bytes of every attachment on `branch` once per turn and returns the builder that
 * turns a user message into content parts for this model, and the branch with each trimmed
 * file marked (saved, so the note shows on screen as well as in what the model reads).
 */
export async function attachmentParts(input: {
  db: Db;
  conversationId: string;
  branch: readonly ChatMessage[];
  vision: boolean;
  contextWindow?: number;
}): Promise<{
  build: (m: ChatMessage) => WireContentPart[];
  branch: ChatMessage[];
  /** User messages whose trim marks changed, as saved (the browser is sent them). */
  marked: ChatMessage[];
}> {
  const all = input.branch.flatMap((m) => (m.role === 'user' ? (m.attachments ?? []) : []));
  const sources =
    all.length > 0
      ? await loadAttachmentContents(input.db, {
          conversationId: input.conversationId,
          ids: all.map((a) => a.id),
        })
      : new Map();
  const files = all.filter((a) => a.kind !== 'image').length;
  const options = {
    vision: input.vision,
    maxFileChars: maxFileChars(input.contextWindow ?? DEFAULT_CONTEXT_WINDOW, files),
  };
  const branch: ChatMessage[] = [];
  const marked: ChatMessage[] = [];
  for (const m of input.branch) {
    const withMarks =
      files > 0 && m.attachments ? withSentChars(m.attachments, options.maxFileChars) : null;
    if (withMarks && JSON.stringify(withMarks) !== JSON.stringify(m.attachments)) {
      const saved = (await updateMessage(input.db, m.id, { attachments: withMarks })) ?? m;
      branch.push(saved);
      marked.push(saved);
    } else branch.push(m);
  }
  return {
    build: (m) => contentParts(m.content, m.attachments ?? [], sources, options),
    branch,
    marked,
  };
}
