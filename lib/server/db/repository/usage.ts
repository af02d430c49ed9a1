import 'server-only';
import { and, gte, lte, sql } from 'drizzle-orm';
import { rollUpFrom } from '@/lib/db/usage-rollup';
import { messages, usageDaily } from '@/lib/db/schema';
import { rowsOf } from './generations';
import type { Db } from '@/lib/server/db/types';
import { isUuid } from '@/lib/server/db/cursor';
import type { MessagePatch } from './messages';

// The daily usage roll-up (usage_daily, lib/db/admin-schema.ts): an answer counts once, in the
// transaction that saves its final state, on the UTC day it was created. The admin page reads
// only this table, so its queries do not grow with the number of messages.

/**
 * An answer's final state (status, usage, ...), and, the first time it leaves `streaming`, its
 * usage in the day's roll-up: one statement, so the roll-up never misses or doubles an answer.
 * The row is locked before it is updated (the update reads the lock's status): of a final save
 * and a settle racing each other, exactly one sees it leave `streaming`. One statement, not a
 * transaction of three, because it runs after every answer. False when there is no such answer.
 */
export async function saveFinalAnswer(
  db: Db,
  messageId: string,
  patch: MessagePatch,
): Promise<boolean> {
  if (!isUuid(messageId)) return false;
  const defined = Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  ) as MessagePatch;
  const saved = db
    .update(messages)
    .set({ ...defined, updatedAt: sql`now()` })
    .from(sql`(select id, status from messages where id = ${messageId} for update) as locked`)
    .where(sql`${messages.id} = locked.id`)
    .returning({
      createdAt: messages.createdAt,
      conversationId: messages.conversationId,
      role: messages.role,
      comparison: messages.comparison,
      model: messages.model,
      usage: messages.usage,
      leaves: sql<boolean>`locked.status = 'streaming' and ${messages.status} <> 'streaming'`.as(
        'leaves',
      ),
    });
  const result = await db.execute(
    sql`with saved as (${saved.getSQL()}), counted as (${rollUpFrom(sql`(select * from saved where leaves)`)})
      select count(*)::int as n from saved`,
  );
  return (rowsOf<{ n: number }>(result)[0]?.n ?? 0) > 0;
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

export interface UserUsageRow {
  /** An account's id, or 'guests' (every guest) or 'deleted' (every deleted account). */
  group: string;
  provider: string;
  model: string;
  messages: number;
  inputTokens: number;
  outputTokens: number;
}

/**
 * The `limit` heaviest users over [from, to] (all guests one group, deleted accounts another),
 * per provider and model (for the cost): the ranking is done here, so the answer stays small
 * however many users there are.
 */
export async function topUserUsage(
  db: Db,
  input: { from: string; to: string; limit: number },
): Promise<UserUsageRow[]> {
  const result = await db.execute(sql`
    with per_model as (
      select case when d.user_kind <> 'account' then 'guests'
          when a.id is null then 'deleted' else d.user_id::text end as "group",
        d.provider, d.model, sum(d.messages)::int as messages,
        sum(d.input_tokens)::float8 as "inputTokens", sum(d.output_tokens)::float8 as "outputTokens"
      from usage_daily d left join auth_users a on a.id = d.user_id
      where d.day >= ${input.from} and d.day <= ${input.to}
      group by 1, 2, 3
    ), top as (
      select "group" from per_model group by "group"
      order by sum("inputTokens" + "outputTokens") desc, sum(messages) desc limit ${input.limit}
    )
    select p.* from per_model p join top using ("group")`);
  return rowsOf<UserUsageRow>(result).map((r) => ({
    ...r,
    messages: Number(r.messages),
    inputTokens: Number(r.inputTokens),
    outputTokens: Number(r.outputTokens),
  }));
}
