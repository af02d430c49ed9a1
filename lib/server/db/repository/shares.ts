import 'server-only';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Conversation } from '@/lib/chat/types';
import { type ShareRow, shares } from '@/lib/db/schema';
import type { Db } from '@/lib/server/db/types';
import { isUuid } from '@/lib/server/db/cursor';
import { parseSnapshot } from '@/lib/server/db/snapshot-row';
import { countExchanges } from '@/lib/share/count';
import type { ShareSnapshot } from '@/lib/share/types';
import { createConversation, MAX_PAGE_SIZE } from './conversations';
import { insertMessage, type NewMessage } from './messages';

/** An active shared link with its validated snapshot. */
export interface Share {
  id: string;
  conversationId: string;
  userId: string;
  snapshot: ShareSnapshot;
  createdAt: string;
  updatedAt: string;
}

/** A share without its messages, for the owner's list. */
export interface ShareListItem {
  id: string;
  conversationId: string;
  title: string;
  indexable: boolean;
  questions: number;
  answers: number;
  createdAt: string;
  updatedAt: string;
}

/** jsonb arrives parsed from postgres.js and PGlite, as text from some poolers. */
function rolesOf(value: unknown): string[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? parsed.filter((r): r is string => typeof r === 'string') : [];
}

function toShare(row: ShareRow): Share | null {
  const snapshot = parseSnapshot(row.snapshot);
  if (!snapshot) return null;
  return {
    id: row.id,
    conversationId: row.conversationId,
    userId: row.userId,
    snapshot,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function createShare(
  db: Db,
  input: { id: string; userId: string; conversationId: string; snapshot: ShareSnapshot },
): Promise<Share> {
  const [row] = await db.insert(shares).values(input).returning();
  const share = row ? toShare(row) : null;
  if (!share) throw new Error('insert into shares returned no valid row');
  return share;
}

/** An active (not revoked) share, whoever asks: the id itself is the capability. */
export async function getActiveShare(db: Db, shareId: string): Promise<Share | null> {
  const [row] = await db
    .select()
    .from(shares)
    .where(and(eq(shares.id, shareId), isNull(shares.revokedAt)))
    .limit(1);
  return row ? toShare(row) : null;
}

/** The newest active share of a conversation, if the user owns it. */
export async function getActiveShareForConversation(
  db: Db,
  input: { userId: string; conversationId: string },
): Promise<Share | null> {
  if (!isUuid(input.conversationId) || !isUuid(input.userId)) return null;
  const [row] = await db
    .select()
    .from(shares)
    .where(
      and(
        eq(shares.conversationId, input.conversationId),
        eq(shares.userId, input.userId),
        isNull(shares.revokedAt),
      ),
    )
    .orderBy(desc(shares.createdAt))
    .limit(1);
  return row ? toShare(row) : null;
}

/** The user's active shares, most recently updated first. */
export async function listActiveShares(
  db: Db,
  input: { userId: string; limit?: number },
): Promise<ShareListItem[]> {
  if (!isUuid(input.userId)) return [];
  const limit = Math.max(1, Math.min(MAX_PAGE_SIZE, Math.floor(input.limit ?? MAX_PAGE_SIZE)));
  const rows = await db
    .select({
      id: shares.id,
      conversationId: shares.conversationId,
      title: sql<string>`coalesce(${shares.snapshot}->>'title', '')`,
      indexable: sql<boolean>`coalesce((${shares.snapshot}->>'indexable')::boolean, false)`,
      roles: sql<unknown>`jsonb_path_query_array(${shares.snapshot}, '$.messages[*].role')`,
      createdAt: shares.createdAt,
      updatedAt: shares.updatedAt,
    })
    .from(shares)
    .where(and(eq(shares.userId, input.userId), isNull(shares.revokedAt)))
    .orderBy(desc(shares.updatedAt), desc(shares.id))
    .limit(limit);
  return rows.map(({ roles, ...r }) => ({
    ...r,
    ...countExchanges(rolesOf(roles)),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** Replaces the snapshot of an active share the user owns; null otherwise. */
export async function updateShareSnapshot(
  db: Db,
  input: { shareId: string; userId: string; snapshot: ShareSnapshot },
): Promise<Share | null> {
  if (!isUuid(input.userId)) return null;
  const [row] = await db
    .update(shares)
    .set({ snapshot: input.snapshot, updatedAt: sql`now()` })
    .where(
      and(eq(shares.id, input.shareId), eq(shares.userId, input.userId), isNull(shares.revokedAt)),
    )
    .returning();
  return row ? toShare(row) : null;
}

/**
 * Revokes an active share the user owns. The copied messages are erased too: a revoked link
 * keeps nothing of what it showed. False when there was nothing to revoke.
 */
export async function revokeShare(
  db: Db,
  input: { shareId: string; userId: string },
): Promise<boolean> {
  if (!isUuid(input.userId)) return false;
  const rows = await db
    .update(shares)
    .set({ revokedAt: sql`now()`, updatedAt: sql`now()`, snapshot: {} })
    .where(
      and(eq(shares.id, input.shareId), eq(shares.userId, input.userId), isNull(shares.revokedAt)),
    )
    .returning({ id: shares.id });
  return rows.length > 0;
}

/** Creates a conversation holding `messages` (in order) in one transaction: all or nothing. */
export async function createConversationWithMessages(
  db: Db,
  input: {
    conversation: { id: string; userId: string; title: string; model: string | null };
    messages: Omit<NewMessage, 'conversationId'>[];
  },
): Promise<Conversation> {
  return db.transaction(async (tx) => {
    const conversation = await createConversation(tx, input.conversation);
    // One insert at a time: the seq column must follow the list order.
    for (const message of input.messages) {
      await insertMessage(tx, { ...message, conversationId: conversation.id });
    }
    return conversation;
  });
}
