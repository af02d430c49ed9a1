import 'server-only';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { generations } from '@/lib/db/schema';
import type { Db } from '@/lib/server/db/types';
import { isUuid } from '@/lib/server/db/cursor';
import {
  type Generation,
  generationColumns,
  isUniqueViolation,
  leaseEnd,
  rowsOf,
} from './generations';

// Claiming a conversation for live turns (one answer, or a comparison's columns together) and
// finding the live turns of a comparison. The turns themselves: ./generations.ts.

/** One turn to claim: its id, the answer it writes first, and its lock slot (0 unless it joins). */
export interface GenerationClaim {
  id: string;
  messageId: string | null;
  slot: number;
}

/**
 * The INSERT of claims, each row written the same way wherever a turn is claimed (here, and
 * within a new conversation's first statement, ./first-turn.ts). `onlyIf` guards it.
 */
export function claimsInsert(
  input: {
    conversationId: string;
    leaseMs: number;
    comparisonId: string | null;
    claims: GenerationClaim[];
  },
  onlyIf?: SQL,
): SQL {
  const { conversationId, comparisonId } = input;
  const values = sql.join(
    input.claims.map((c) => sql`(${c.id}::uuid, ${c.messageId}::uuid, ${c.slot}::integer)`),
    sql`, `,
  );
  return sql`insert into generations (id, conversation_id, lease_until, message_id, comparison_id, slot)
    select v.id, ${conversationId}::uuid, ${leaseEnd(input.leaseMs)}, v.message_id,
      ${comparisonId}::uuid, v.slot
    from (values ${values}) as v (id, message_id, slot)
    ${onlyIf ? sql`where ${onlyIf}` : sql``}
    returning id`;
}

/**
 * Claims the conversation for one live group of turns, in one statement: a single answer, a
 * comparison's columns (all sharing `comparisonId`), or one column joining its comparison while
 * the others are still live (a Retry). False when another group is live in the conversation:
 * a turn of another comparison (or of none) is live, or the same lock slot is taken (the
 * unique index `generations_one_live_idx` catches two claims racing each other).
 */
export async function insertGenerations(
  db: Db,
  input: {
    conversationId: string;
    leaseMs: number;
    comparisonId: string | null;
    claims: GenerationClaim[];
  },
): Promise<boolean> {
  const { conversationId, comparisonId } = input;
  try {
    const result = await db.execute(
      claimsInsert(
        input,
        sql`not exists (
          select 1 from generations g
          where g.conversation_id = ${conversationId}::uuid and g.finished_at is null
            and g.comparison_id is distinct from ${comparisonId}::uuid
        )`,
      ),
    );
    return rowsOf<{ id: string }>(result).length === input.claims.length;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** Whether any turn of the comparison is still live (a column's Retry then joins it). */
export async function comparisonIsLive(db: Db, comparisonId: string): Promise<boolean> {
  if (!isUuid(comparisonId)) return false;
  const [row] = await db
    .select({ id: generations.id })
    .from(generations)
    .where(and(eq(generations.comparisonId, comparisonId), isNull(generations.finishedAt)))
    .limit(1);
  return !!row;
}

/** The newest turn that started by writing `messageId` (a column of a comparison, or any answer). */
export async function generationOfMessage(
  db: Db,
  input: { conversationId: string; messageId: string },
): Promise<Generation | null> {
  if (!isUuid(input.conversationId) || !isUuid(input.messageId)) return null;
  const [row] = await db
    .select(generationColumns)
    .from(generations)
    .where(
      and(
        eq(generations.conversationId, input.conversationId),
        eq(generations.messageId, input.messageId),
      ),
    )
    .orderBy(desc(generations.createdAt))
    .limit(1);
  return row ?? null;
}

/** The conversation's live turns (several while a comparison is being written). */
export async function liveGenerations(db: Db, conversationId: string): Promise<Generation[]> {
  if (!isUuid(conversationId)) return [];
  return db
    .select(generationColumns)
    .from(generations)
    .where(and(eq(generations.conversationId, conversationId), isNull(generations.finishedAt)));
}
