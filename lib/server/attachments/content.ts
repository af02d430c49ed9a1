import 'server-only';
import type { AttachmentMeta } from '@/lib/chat/attachments';
import type { Db } from '@/lib/server/db/types';
import {
  insertAttachments,
  loadConversationAttachments,
  type NewAttachment,
  type StoredAttachment,
} from '@/lib/server/db/repository';
import { type AttachmentStorage, getAttachmentStorage } from '@/lib/server/db/objects';

/** An attachment with its bytes: what is sent to the model, served, exported or copied. */
export interface AttachmentContent extends AttachmentMeta {
  data: Uint8Array;
  text: string | null;
}

/** The stored row with its bytes read from wherever they are; null when they are gone. */
export async function withBytes(
  stored: StoredAttachment | null,
  storage: AttachmentStorage = getAttachmentStorage(),
): Promise<AttachmentContent | null> {
  if (!stored) return null;
  const { data: _, storageKey: __, ...rest } = stored;
  const data = await storage.load(stored);
  return data ? { ...rest, data } : null;
}

/** The contents of a conversation's attachments, by id (ids of other conversations are ignored). */
export async function loadAttachmentContents(
  db: Db,
  input: { conversationId: string; ids: readonly string[] },
): Promise<Map<string, AttachmentContent>> {
  const rows = await loadConversationAttachments(db, input);
  const storage = getAttachmentStorage();
  const out = new Map<string, AttachmentContent>();
  for (const row of rows) {
    const content = await withBytes(row, storage);
    if (content) out.set(row.id, content);
  }
  return out;
}

/**
 * Stores copies of `items` in another user's conversation (a fork of a shared link), each under
 * the new id `ids` gives it, with bytes of its own (a bucket object is copied too).
 */
export async function copyAttachments(
  db: Db,
  input: {
    items: Iterable<AttachmentContent>;
    ids: ReadonlyMap<string, string>;
    toUserId: string;
    toConversationId: string;
  },
): Promise<void> {
  const storage = getAttachmentStorage();
  const rows: NewAttachment[] = [];
  for (const { data, chars: _, ...item } of input.items) {
    const id = input.ids.get(item.id);
    if (!id) continue;
    const stored = await storage.save(id, data, item.mediaType);
    rows.push({
      ...item,
      ...stored,
      id,
      userId: input.toUserId,
      conversationId: input.toConversationId,
    });
  }
  try {
    await insertAttachments(db, rows);
  } catch (error) {
    await storage.discard(rows.flatMap((r) => (r.storageKey ? [r.storageKey] : [])));
    throw error;
  }
}
