import 'server-only';
import {
  type AttachmentContent,
  copyAttachments,
  loadAttachmentContents,
  withBytes,
} from '@/lib/server/attachments/content';
import { comparisonColumns } from '@/lib/chat/comparison';
import { loadTree } from '@/lib/server/chat/conversations';
import { getDb } from '@/lib/server/db/database';
import {
  createConversationWithMessages,
  createShare,
  getActiveShare,
  getActiveShareForConversation,
  getConversation,
  getConversationAttachment,
  listActiveShares,
  type NewMessage,
  revokeShare as revokeShareRow,
  type Share,
  type ShareListItem,
  updateShareSnapshot,
} from '@/lib/server/db/repository';
import type {
  ConversationShareStatus,
  ForkResult,
  PublicShare,
  ShareSnapshot,
  ShareSummary,
} from '@/lib/share/types';
import { countExchanges } from '@/lib/share/count';
import { scanMessages } from './secret-scan';
import { isShareId, newShareId, sharePath } from './share-id';
import { buildSnapshot, toPublicShare } from './snapshot';

// What the share routes and the shared page do. Every function that changes something takes the
// caller's user id, and "not yours" looks exactly like "does not exist" (both null).

function summarize(share: Share): ShareSummary {
  return {
    id: share.id,
    path: sharePath(share.id),
    conversationId: share.conversationId,
    title: share.snapshot.title,
    indexable: share.snapshot.indexable,
    includeAttachments: share.snapshot.includeAttachments ?? false,
    ...countExchanges(share.snapshot.messages.map((m) => m.role)),
    createdAt: share.createdAt,
    updatedAt: share.updatedAt,
  };
}

function summarizeItem(item: ShareListItem): ShareSummary {
  return { ...item, path: sharePath(item.id) };
}

/** The conversation's current state, frozen; null when it is not the user's. */
async function snapshotOf(
  userId: string,
  conversationId: string,
  indexable: boolean,
  includeAttachments = false,
): Promise<ShareSnapshot | null> {
  const db = await getDb();
  const conversation = await getConversation(db, { userId, conversationId });
  if (!conversation) return null;
  // The branch the owner is looking at, not just the newest one.
  const { messages, branch } = await loadTree(db, conversationId);
  const comparisons = comparisonColumns(messages, branch);
  return buildSnapshot({ conversation, branch, comparisons, indexable, includeAttachments });
}

/** For the share dialog: the current link and what would be worth a warning. */
export async function getShareStatus(
  userId: string,
  conversationId: string,
): Promise<ConversationShareStatus | null> {
  const db = await getDb();
  const snapshot = await snapshotOf(userId, conversationId, false);
  if (!snapshot) return null;
  const share = await getActiveShareForConversation(db, { userId, conversationId });
  // The other answers of a comparison are shared too: scanned after the branch.
  const columns = Object.values(snapshot.comparisons ?? {}).flatMap((c) =>
    c.flatMap((column) => column.messages),
  );
  return {
    share: share ? summarize(share) : null,
    findings: scanMessages([...snapshot.messages, ...columns]),
  };
}

/** Creates the conversation's link, or returns the one it already has (unchanged). */
export async function shareConversation(
  userId: string,
  conversationId: string,
  options: { indexable: boolean; includeAttachments?: boolean },
): Promise<{ share: ShareSummary; created: boolean } | null> {
  const db = await getDb();
  const existing = await getActiveShareForConversation(db, { userId, conversationId });
  if (existing) return { share: summarize(existing), created: false };
  const snapshot = await snapshotOf(
    userId,
    conversationId,
    options.indexable,
    options.includeAttachments,
  );
  if (!snapshot) return null;
  const share = await createShare(db, { id: newShareId(), userId, conversationId, snapshot });
  return { share: summarize(share), created: true };
}

/**
 * Changes a link the user owns: `refresh` re-snapshots the conversation as it is now (same URL),
 * `indexable` flips the search-engine opt-in, `includeAttachments` re-snapshots with or without
 * the attachments.
 */
export async function updateShare(
  userId: string,
  shareId: string,
  options: { refresh: boolean; indexable?: boolean; includeAttachments?: boolean },
): Promise<ShareSummary | null> {
  if (!isShareId(shareId)) return null;
  const db = await getDb();
  const share = await getActiveShare(db, shareId);
  if (!share || share.userId !== userId) return null;
  const indexable = options.indexable ?? share.snapshot.indexable;
  const includeAttachments =
    options.includeAttachments ?? share.snapshot.includeAttachments ?? false;
  const snapshot =
    options.refresh || options.includeAttachments !== undefined
      ? await snapshotOf(userId, share.conversationId, indexable, includeAttachments)
      : { ...share.snapshot, indexable };
  if (!snapshot) return null;
  const updated = await updateShareSnapshot(db, { shareId, userId, snapshot });
  return updated ? summarize(updated) : null;
}

export async function revokeShare(userId: string, shareId: string): Promise<boolean> {
  if (!isShareId(shareId)) return false;
  return revokeShareRow(await getDb(), { shareId, userId });
}

export async function listShares(userId: string): Promise<ShareSummary[]> {
  return (await listActiveShares(await getDb(), { userId })).map(summarizeItem);
}

/** The read-only view anyone with the link gets; null for unknown and revoked links. */
export async function readShare(shareId: string): Promise<PublicShare | null> {
  if (!isShareId(shareId)) return null;
  const share = await getActiveShare(await getDb(), shareId);
  return share ? toPublicShare(share.id, share.snapshot) : null;
}

/**
 * Copies a shared snapshot into a new conversation of the caller's, tool messages included,
 * with new ids chained by parent so the copy's active branch is the whole snapshot.
 */
export async function forkShare(userId: string, shareId: string): Promise<ForkResult | null> {
  if (!isShareId(shareId)) return null;
  const db = await getDb();
  const share = await getActiveShare(db, shareId);
  if (!share) return null;
  const { snapshot } = share;
  const messages: Omit<NewMessage, 'conversationId'>[] = [];
  // Files travel with the copy only when the owner shared them; each gets a new id.
  const available = snapshot.includeAttachments
    ? await loadAttachmentContents(db, {
        conversationId: share.conversationId,
        ids: snapshot.messages.flatMap((m) => (m.attachments ?? []).map((a) => a.id)),
      })
    : new Map<string, AttachmentContent>();
  const copies = new Map([...available.keys()].map((id) => [id, crypto.randomUUID()]));
  for (const m of snapshot.messages) {
    messages.push({
      id: crypto.randomUUID(),
      parentId: messages.at(-1)?.id ?? null,
      role: m.role,
      content: m.content,
      reasoning: m.reasoning,
      refusal: m.refusal,
      toolCalls: m.toolCalls,
      toolCallId: m.toolCallId,
      // Snapshots never hold a running answer, but a copy must never claim one either.
      status: m.status === 'streaming' ? 'interrupted' : m.status,
      finishReason: m.finishReason,
      usage: m.usage,
      model: m.model,
      error: m.error,
      reasoningMs: m.reasoningMs,
      toolRun: m.toolRun,
      attachments: (m.attachments ?? []).flatMap((a) => {
        const id = copies.get(a.id);
        return id ? [{ ...a, id }] : [];
      }),
    });
  }
  const conversation = await createConversationWithMessages(db, {
    conversation: {
      id: crypto.randomUUID(),
      userId,
      title: snapshot.title,
      model: snapshot.model,
    },
    messages,
  });
  await copyAttachments(db, {
    items: available.values(),
    ids: copies,
    toUserId: userId,
    toConversationId: conversation.id,
  });
  return { conversationId: conversation.id, path: `/c/${conversation.id}` };
}

/**
 * A file of a shared conversation, for the shared page: only when the owner included
 * attachments, the file is in the snapshot, and the conversation still exists.
 */
export async function readSharedAttachment(
  shareId: string,
  attachmentId: string,
): Promise<AttachmentContent | null> {
  if (!isShareId(shareId)) return null;
  const db = await getDb();
  const share = await getActiveShare(db, shareId);
  if (!share?.snapshot.includeAttachments) return null;
  const listed = share.snapshot.messages.some((m) =>
    m.attachments?.some((a) => a.id === attachmentId),
  );
  if (!listed) return null;
  return withBytes(
    await getConversationAttachment(db, { conversationId: share.conversationId, attachmentId }),
  );
}
