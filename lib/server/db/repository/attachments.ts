import 'server-only';
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { AttachmentKind, AttachmentMeta } from '@/lib/chat/attachments';
import { type AttachmentRow, attachments, conversations } from '@/lib/db/schema';
import type { Db } from '@/lib/server/db/types';
import { isUuid } from '@/lib/server/db/cursor';

// Uploaded files: pending (no conversation) until a message is sent with them.

export interface NewAttachment {
  userId: string;
  name: string;
  mediaType: string;
  kind: AttachmentKind;
  data: Uint8Array;
  width?: number | null;
  height?: number | null;
  text?: string | null;
}

/** What the chat service needs to send an attachment to the model. */
export interface AttachmentContent extends AttachmentMeta {
  data: Uint8Array;
  text: string | null;
}

export function toAttachmentMeta(row: Omit<AttachmentRow, 'data'>): AttachmentMeta {
  return {
    id: row.id,
    name: row.name,
    mediaType: row.mediaType,
    kind: row.kind as AttachmentKind,
    size: row.size,
    width: row.width,
    height: row.height,
    chars: row.text === null ? null : row.text.length,
  };
}

function toContent(row: AttachmentRow): AttachmentContent {
  return { ...toAttachmentMeta(row), data: toBytes(row.data), text: row.text };
}

// postgres.js hands back a Buffer, PGlite a Uint8Array; both are Uint8Array views.
function toBytes(value: Uint8Array): Uint8Array {
  return value instanceof Uint8Array ? value : new Uint8Array(value);
}

export async function insertAttachment(db: Db, input: NewAttachment): Promise<AttachmentMeta> {
  const [row] = await db
    .insert(attachments)
    .values({
      id: crypto.randomUUID(),
      userId: input.userId,
      name: input.name,
      mediaType: input.mediaType,
      kind: input.kind,
      size: input.data.byteLength,
      width: input.width ?? null,
      height: input.height ?? null,
      text: input.text ?? null,
      data: input.data,
    })
    .returning();
  if (!row) throw new Error('insert into attachments returned no row');
  return toAttachmentMeta(row);
}

/**
 * The attachment when `userId` owns it and it is pending or in one of their live conversations;
 * null otherwise (another user's, deleted with its conversation, or never existed).
 */
export async function getAttachmentForUser(
  db: Db,
  input: { userId: string; attachmentId: string },
): Promise<AttachmentContent | null> {
  if (!isUuid(input.attachmentId) || !isUuid(input.userId)) return null;
  const [row] = await db
    .select({ attachment: attachments })
    .from(attachments)
    .leftJoin(conversations, eq(attachments.conversationId, conversations.id))
    .where(
      and(
        eq(attachments.id, input.attachmentId),
        eq(attachments.userId, input.userId),
        or(isNull(attachments.conversationId), isNull(conversations.deletedAt)),
      ),
    )
    .limit(1);
  return row ? toContent(row.attachment) : null;
}

/** An attachment of a live (not deleted) conversation, for a share of that conversation. */
export async function getConversationAttachment(
  db: Db,
  input: { conversationId: string; attachmentId: string },
): Promise<AttachmentContent | null> {
  if (!isUuid(input.attachmentId) || !isUuid(input.conversationId)) return null;
  const [row] = await db
    .select({ attachment: attachments })
    .from(attachments)
    .innerJoin(conversations, eq(attachments.conversationId, conversations.id))
    .where(
      and(
        eq(attachments.id, input.attachmentId),
        eq(attachments.conversationId, input.conversationId),
        isNull(conversations.deletedAt),
      ),
    )
    .limit(1);
  return row ? toContent(row.attachment) : null;
}

/**
 * Binds the user's pending uploads (or ones already in this conversation, e.g. an edited
 * message's) to `conversationId`. Returns their metadata in the order asked, or null when any
 * id is not the user's to use.
 */
export async function claimAttachments(
  db: Db,
  input: { userId: string; conversationId: string; ids: readonly string[] },
): Promise<AttachmentMeta[] | null> {
  const ids = [...new Set(input.ids)];
  if (ids.length === 0) return [];
  if (!ids.every(isUuid)) return null;
  const usable = and(
    inArray(attachments.id, ids),
    eq(attachments.userId, input.userId),
    or(isNull(attachments.conversationId), eq(attachments.conversationId, input.conversationId)),
  );
  const rows = await db
    .update(attachments)
    .set({ conversationId: input.conversationId })
    .where(usable)
    .returning({
      id: attachments.id,
      userId: attachments.userId,
      conversationId: attachments.conversationId,
      name: attachments.name,
      mediaType: attachments.mediaType,
      kind: attachments.kind,
      size: attachments.size,
      width: attachments.width,
      height: attachments.height,
      text: attachments.text,
      createdAt: attachments.createdAt,
    });
  if (rows.length !== ids.length) return null;
  const byId = new Map(rows.map((r) => [r.id, toAttachmentMeta(r)]));
  return ids.map((id) => byId.get(id) as AttachmentMeta);
}

/**
 * Metadata of the attachments `userId` may use in `conversationId` (pending ones, or ones already
 * in it); null when any id is not usable. Reads only: the check before anything is saved.
 */
export async function findUsableAttachments(
  db: Db,
  input: { userId: string; conversationId: string | null; ids: readonly string[] },
): Promise<AttachmentMeta[] | null> {
  const ids = [...new Set(input.ids)];
  if (ids.length === 0) return [];
  if (!ids.every(isUuid)) return null;
  const rows = await db
    .select({
      id: attachments.id,
      userId: attachments.userId,
      conversationId: attachments.conversationId,
      name: attachments.name,
      mediaType: attachments.mediaType,
      kind: attachments.kind,
      size: attachments.size,
      width: attachments.width,
      height: attachments.height,
      text: attachments.text,
      createdAt: attachments.createdAt,
    })
    .from(attachments)
    .where(
      and(
        inArray(attachments.id, ids),
        eq(attachments.userId, input.userId),
        input.conversationId
          ? or(
              isNull(attachments.conversationId),
              eq(attachments.conversationId, input.conversationId),
            )
          : isNull(attachments.conversationId),
      ),
    );
  if (rows.length !== ids.length) return null;
  const byId = new Map(rows.map((r) => [r.id, toAttachmentMeta(r)]));
  return ids.map((id) => byId.get(id) as AttachmentMeta);
}

/** The contents of a conversation's attachments, by id (ids of other conversations are ignored). */
export async function loadAttachmentContents(
  db: Db,
  input: { conversationId: string; ids: readonly string[] },
): Promise<Map<string, AttachmentContent>> {
  const ids = [...new Set(input.ids)].filter(isUuid);
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(attachments)
    .where(and(inArray(attachments.id, ids), eq(attachments.conversationId, input.conversationId)));
  return new Map(rows.map((r) => [r.id, toContent(r)]));
}

/**
 * Stores copies of `items` in another user's conversation (a fork of a shared link), each under
 * the new id `ids` gives it.
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
  for (const item of input.items) {
    const id = input.ids.get(item.id);
    if (!id) continue;
    await db.insert(attachments).values({
      id,
      userId: input.toUserId,
      conversationId: input.toConversationId,
      name: item.name,
      mediaType: item.mediaType,
      kind: item.kind,
      size: item.size,
      width: item.width ?? null,
      height: item.height ?? null,
      text: item.text,
      data: item.data,
    });
  }
}

/** Uploads never sent with a message are dropped after a day. Returns how many went. */
export async function purgePendingAttachments(
  db: Db,
  olderThan = new Date(Date.now() - 24 * 60 * 60 * 1000),
): Promise<number> {
  const rows = await db
    .delete(attachments)
    .where(and(isNull(attachments.conversationId), lt(attachments.createdAt, olderThan)))
    .returning({ id: attachments.id });
  return rows.length;
}
