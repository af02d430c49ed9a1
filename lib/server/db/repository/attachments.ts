import 'server-only';
import { and, eq, inArray, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { AttachmentKind, AttachmentMeta } from '@/lib/chat/attachments';
import { type AttachmentRow, attachments, conversations } from '@/lib/db/schema';
import type { Db } from '@/lib/server/db/types';
import { isUuid } from '@/lib/server/db/cursor';

// Uploaded files: pending (no conversation) until a message is sent with it. The bytes are in
// the row (`data`) or in a bucket (`storageKey`); lib/server/db/objects reads either.

export interface NewAttachment {
  /** Chosen by the caller: an object in a bucket is named after it before the row exists. */
  id: string;
  userId: string;
  /** Set for a copy or an import that goes straight into a conversation. */
  conversationId?: string | null;
  name: string;
  mediaType: string;
  kind: AttachmentKind;
  size: number;
  width?: number | null;
  height?: number | null;
  text?: string | null;
  data: Uint8Array | null;
  storageKey: string | null;
}

/** A row as the services need it: metadata, text and where the bytes are. */
export interface StoredAttachment extends AttachmentMeta {
  text: string | null;
  data: Uint8Array | null;
  storageKey: string | null;
}

type MetaRow = Omit<AttachmentRow, 'data' | 'storageKey'>;

export function toAttachmentMeta(row: MetaRow): AttachmentMeta {
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

function toStored(row: AttachmentRow): StoredAttachment {
  return { ...toAttachmentMeta(row), text: row.text, data: row.data, storageKey: row.storageKey };
}

/** Every column but the bytes: what metadata-only queries read or return. */
const metaColumns = {
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
};

/** Metadata in the order `ids` asks, or null when a row is missing (not the caller's to use). */
function inOrder(ids: readonly string[], rows: MetaRow[]): AttachmentMeta[] | null {
  if (rows.length !== ids.length) return null;
  const byId = new Map(rows.map((r) => [r.id, toAttachmentMeta(r)]));
  return ids.map((id) => byId.get(id) as AttachmentMeta);
}

/** Pending, or already in `conversationId` (e.g. an edited message's files). */
function usableIn(conversationId: string | null): SQL | undefined {
  return conversationId
    ? or(isNull(attachments.conversationId), eq(attachments.conversationId, conversationId))
    : isNull(attachments.conversationId);
}

export async function insertAttachments(db: Db, items: readonly NewAttachment[]): Promise<void> {
  if (items.length === 0) return;
  await db.insert(attachments).values(
    items.map((input) => ({
      id: input.id,
      userId: input.userId,
      conversationId: input.conversationId ?? null,
      name: input.name,
      mediaType: input.mediaType,
      kind: input.kind,
      size: input.size,
      width: input.width ?? null,
      height: input.height ?? null,
      text: input.text ?? null,
      data: input.data,
      storageKey: input.storageKey,
    })),
  );
}

export async function insertAttachment(db: Db, input: NewAttachment): Promise<AttachmentMeta> {
  const [row] = await db
    .insert(attachments)
    .values({ ...input, conversationId: input.conversationId ?? null, text: input.text ?? null })
    .returning(metaColumns);
  if (!row) throw new Error('insert into attachments returned no row');
  return toAttachmentMeta(row);
}

/** One attachment joined to its conversation, which must not be deleted. */
async function findLive(db: Db, where: SQL | undefined): Promise<StoredAttachment | null> {
  const [row] = await db
    .select({ attachment: attachments })
    .from(attachments)
    .leftJoin(conversations, eq(attachments.conversationId, conversations.id))
    .where(and(where, isNull(conversations.deletedAt)))
    .limit(1);
  return row ? toStored(row.attachment) : null;
}

/**
 * The attachment when `userId` owns it and it is pending or in one of their live conversations;
 * null otherwise (another user's, deleted with its conversation, or never existed).
 */
export async function getAttachmentForUser(
  db: Db,
  input: { userId: string; attachmentId: string },
): Promise<StoredAttachment | null> {
  if (!isUuid(input.attachmentId) || !isUuid(input.userId)) return null;
  // A pending upload has no conversation: the left join leaves deletedAt null.
  return findLive(
    db,
    and(eq(attachments.id, input.attachmentId), eq(attachments.userId, input.userId)),
  );
}

/** An attachment of a live (not deleted) conversation, for a share of that conversation. */
export async function getConversationAttachment(
  db: Db,
  input: { conversationId: string; attachmentId: string },
): Promise<StoredAttachment | null> {
  if (!isUuid(input.attachmentId) || !isUuid(input.conversationId)) return null;
  return findLive(
    db,
    and(
      eq(attachments.id, input.attachmentId),
      eq(attachments.conversationId, input.conversationId),
    ),
  );
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
  const rows = await db
    .update(attachments)
    .set({ conversationId: input.conversationId })
    .where(
      and(
        inArray(attachments.id, ids),
        eq(attachments.userId, input.userId),
        usableIn(input.conversationId),
      ),
    )
    .returning(metaColumns);
  return inOrder(ids, rows);
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
    .select(metaColumns)
    .from(attachments)
    .where(
      and(
        inArray(attachments.id, ids),
        eq(attachments.userId, input.userId),
        usableIn(input.conversationId),
      ),
    );
  return inOrder(ids, rows);
}

/** A conversation's attachments, by id (ids of other conversations are ignored). */
export async function loadConversationAttachments(
  db: Db,
  input: { conversationId: string; ids: readonly string[] },
): Promise<StoredAttachment[]> {
  const ids = [...new Set(input.ids)].filter(isUuid);
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(attachments)
    .where(and(inArray(attachments.id, ids), eq(attachments.conversationId, input.conversationId)));
  return rows.map(toStored);
}

/**
 * Deletes the attachment rows `where` selects and returns the bucket keys they held, for the
 * caller to delete once the rows are gone. Run before anything that would remove them by cascade.
 */
async function deleteReturningKeys(db: Db, where: SQL | undefined): Promise<string[]> {
  const rows = await db.delete(attachments).where(where).returning({ key: attachments.storageKey });
  return rows.flatMap((r) => (r.key ? [r.key] : []));
}

/** Uploads never sent with a message, older than `olderThan` (a day by default). */
export function purgePendingAttachments(
  db: Db,
  olderThan = new Date(Date.now() - 24 * 60 * 60 * 1000),
): Promise<string[]> {
  return deleteReturningKeys(
    db,
    and(isNull(attachments.conversationId), lt(attachments.createdAt, olderThan)),
  );
}

/** Attachments of conversations deleted before `before` (about to be purged). */
export function purgeAttachmentsOfDeleted(db: Db, before: Date): Promise<string[]> {
  const doomed = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(isNotNull(conversations.deletedAt), lt(conversations.deletedAt, before)));
  return deleteReturningKeys(db, inArray(attachments.conversationId, doomed));
}

/** Every attachment of the user ("delete my data"). */
export function deleteUserAttachments(db: Db, userId: string): Promise<string[]> {
  if (!isUuid(userId)) return Promise.resolve([]);
  return deleteReturningKeys(db, eq(attachments.userId, userId));
}
