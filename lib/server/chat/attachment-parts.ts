import 'server-only';
import type { ChatMessage } from '@/lib/chat/types';
import { contentParts, maxFileChars } from '@/lib/server/attachments/wire';
import type { Db } from '@/lib/server/db/client';
import { loadAttachmentContents } from '@/lib/server/db/repository';
import type { WireContentPart } from '@/lib/server/upstream/types';
import { DEFAULT_CONTEXT_WINDOW } from '@/lib/server/providers/capabilities';

/**
 * Loads the bytes of every attachment on `branch` once per turn and returns the builder that
 * turns a user message into content parts for this model.
 */
export async function attachmentParts(input: {
  db: Db;
  conversationId: string;
  branch: readonly ChatMessage[];
  vision: boolean;
  contextWindow?: number;
}): Promise<(m: ChatMessage) => WireContentPart[]> {
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
  return (m) => contentParts(m.content, m.attachments ?? [], sources, options);
}
