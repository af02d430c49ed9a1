import 'server-only';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { rollUpFrom } from '@/lib/db/usage-rollup';
import type { ChatMessage } from '@/lib/chat/types';
import { authUsers, messages, usageDaily } from '@/lib/db/schema';
import type { Db } from '@/lib/server/db/types';
import { isUuid } from '@/lib/server/db/cursor';
import { toChatMessage } from '@/lib/server/db/rows';
import type { MessagePatch } from './messages';

// The daily usage roll-up (usage_daily, lib/db/admin-schema.ts): an answer counts once, in the
// transaction that saves its final state, on the UTC day it was created. The admin page reads
// only this table, so its queries do not grow with the number of messages.

/**
 * An answer's final state (status, usage, ...), and, the first time it leaves `streaming`, its
 * usage in the day's roll-up: one transaction, so the roll-up never misses or doubles an answer.
 */
export async function saveFinalAnswer(
  db: Db,
  messageId: string,
  patch: MessagePatch,
): Promise<ChatMessage | null> {
  if (!isUuid(messageId)) return null;
  const defined = Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  ) as MessagePatch;
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: messages.status })
      .from(messages)
      .where(eq(messages.id, messageId))
      .for('update');
    if (!before) return null;
    const [row] = await tx
      .update(messages)
      .set({ ...defined, updatedAt: sql`now()` })
      .where(eq(messages.id, messageId))
      .returning();
    if (!row) return null;
    if (before.status === 'streaming' && row.status !== 'streaming') {
      await tx.execute(rollUpFrom(sql`(select * from messages where id = ${messageId})`));
    }
    return toChatMessage(row);
  });
}

export interface UsageRow {
  day: string;
  userId: string;
  userKind: string;
  provider: string;
  model: string;
  messages: number;
  inputTokens: number;
  outputTokens: number;
}

/** Per day, provider and model over [from, to] (UTC days, inclusive), all users together. */
export async function usageByDay(db: Db, from: string, to: string) {
  return db
    .select({
      day: usageDaily.day,
      provider: usageDaily.provider,
      model: usageDaily.model,
      messages: sql<number>`sum(${usageDaily.messages})::int`,
      inputTokens: sql<number>`sum(${usageDaily.inputTokens})::float8`,
      outputTokens: sql<number>`sum(${usageDaily.outputTokens})::float8`,
    })
    .from(usageDaily)
    .where(and(gte(usageDaily.day, from), lte(usageDaily.day, to)))
    .groupBy(usageDaily.day, usageDaily.provider, usageDaily.model)
    .orderBy(usageDaily.day, usageDaily.provider, usageDaily.model);
}

/**
 * Per user (and model, for the cost) over [from, to]; every user in the range, with whether the
 * account still exists (a deleted one's usage stays in the roll-up).
 */
export async function usageByUserAndModel(db: Db, from: string, to: string) {
  return db
    .select({
      userId: usageDaily.userId,
      userKind: usageDaily.userKind,
      hasAccount: sql<boolean>`(${authUsers.id} is not null)`,
      provider: usageDaily.provider,
      model: usageDaily.model,
      messages: sql<number>`sum(${usageDaily.messages})::int`,
      inputTokens: sql<number>`sum(${usageDaily.inputTokens})::float8`,
      outputTokens: sql<number>`sum(${usageDaily.outputTokens})::float8`,
    })
    .from(usageDaily)
    .leftJoin(authUsers, eq(authUsers.id, usageDaily.userId))
    .where(and(gte(usageDaily.day, from), lte(usageDaily.day, to)))
    .groupBy(
      usageDaily.userId,
      usageDaily.userKind,
      authUsers.id,
      usageDaily.provider,
      usageDaily.model,
    );
}
