import 'server-only';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { ChatError } from '@/lib/chat/types';
import { generationEvents, generations } from '@/lib/db/schema';
import type { Db } from '@/lib/server/db/types';
import { isUuid } from '@/lib/server/db/cursor';
import { rollUpFrom } from '@/lib/db/usage-rollup';

// Live turns (see `generations` in lib/db/schema.ts). Every time is the database's own clock
// (`now()`), so instances with skewed clocks still agree on whose lease has expired.

export interface Generation {
  id: string;
  conversationId: string;
  lastSeq: number;
  stopRequested: boolean;
  finished: boolean;
  outcome: string | null;
  doneEvent: string | null;
  /** The lease ran out and nobody settled the turn yet. */
  expired: boolean;
  /** The answer the turn wrote first (null for turns claimed before comparisons existed). */
  messageId: string | null;
  comparisonId: string | null;
  createdAt: Date;
}

export interface EventBatch {
  firstSeq: number;
  /** SSE frames (without their `id:` line); frame i has sequence number firstSeq + i. */
  frames: string[];
}

/** postgres-js returns the rows themselves, PGlite an object holding them. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export const leaseEnd = (leaseMs: number) =>
  sql`now() + make_interval(secs => ${leaseMs / 1000}::double precision)`;

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * The heartbeat: appends a batch to the log (if any) and renews the lease, in one statement.
 * `alive` is false once someone else settled the turn (its lease had expired).
 */
export async function renewGeneration(
  db: Db,
  input: { id: string; leaseMs: number; batch: EventBatch | null },
): Promise<{ alive: boolean; stopRequested: boolean }> {
  const { batch } = input;
  const lastSeq = batch ? batch.firstSeq + batch.frames.length - 1 : 0;
  const insert = batch
    ? sql`with appended as (
        insert into generation_events (generation_id, first_seq, last_seq, events)
        values (${input.id}, ${batch.firstSeq}, ${lastSeq}, ${JSON.stringify(batch.frames)})
      ) `
    : sql``;
  const result = await db.execute(
    sql`${insert}update generations
      set lease_until = ${leaseEnd(input.leaseMs)}, last_seq = greatest(last_seq, ${lastSeq})
      where id = ${input.id} and finished_at is null
      returning stop_requested_at is not null as stop_requested`,
  );
  const [row] = rowsOf<{ stop_requested: boolean }>(result);
  return { alive: !!row, stopRequested: !!row?.stop_requested };
}

/**
 * The turn is saved: the rest of its log is appended and it is marked finished, in one statement.
 * Logs are compacted a minute after their turn finished (a reconnect racing the end still reads
 * every event); the final `done` frame stays on the row, so a later reconnect still ends with
 * the saved messages. Finished turns are purged after an hour.
 */
export async function finishGeneration(
  db: Db,
  input: {
    id: string;
    outcome: 'done' | 'failed';
    batch: EventBatch | null;
    doneEvent: string | null;
  },
): Promise<void> {
  const { batch } = input;
  const lastSeq = batch ? batch.firstSeq + batch.frames.length - 1 : 0;
  await db.execute(
    sql`with ${
      batch
        ? sql`appended as (
            insert into generation_events (generation_id, first_seq, last_seq, events)
            values (${input.id}, ${batch.firstSeq}, ${lastSeq}, ${JSON.stringify(batch.frames)})
          ), `
        : sql``
    }compacted as (
        delete from generation_events where generation_id in (
          select id from generations where finished_at < now() - interval '1 minute'
        )
      ), purged as (
        delete from generations where finished_at < now() - interval '1 hour'
      )
      update generations
      set finished_at = now(), outcome = ${input.outcome}, done_event = ${input.doneEvent},
        last_seq = greatest(last_seq, ${lastSeq})
      where id = ${input.id} and finished_at is null`,
  );
}

export const generationColumns = {
  id: generations.id,
  conversationId: generations.conversationId,
  lastSeq: generations.lastSeq,
  stopRequested: sql<boolean>`${generations.stopRequestedAt} is not null`,
  finished: sql<boolean>`${generations.finishedAt} is not null`,
  outcome: generations.outcome,
  doneEvent: generations.doneEvent,
  expired: sql<boolean>`${generations.finishedAt} is null and ${generations.leaseUntil} < now()`,
  messageId: generations.messageId,
  comparisonId: generations.comparisonId,
  createdAt: generations.createdAt,
};

export async function getGeneration(db: Db, id: string): Promise<Generation | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select(generationColumns).from(generations).where(eq(generations.id, id));
  return row ?? null;
}

/** The conversation's newest turn, live or recently finished. */
export async function latestGeneration(db: Db, conversationId: string): Promise<Generation | null> {
  if (!isUuid(conversationId)) return null;
  const [row] = await db
    .select(generationColumns)
    .from(generations)
    .where(eq(generations.conversationId, conversationId))
    .orderBy(desc(generations.createdAt))
    .limit(1);
  return row ?? null;
}

/** Logged batches holding events after `after`, in order. */
export async function readEvents(
  db: Db,
  input: { generationId: string; after: number },
): Promise<EventBatch[]> {
  const rows = await db
    .select({ firstSeq: generationEvents.firstSeq, events: generationEvents.events })
    .from(generationEvents)
    .where(
      and(
        eq(generationEvents.generationId, input.generationId),
        gt(generationEvents.lastSeq, input.after),
      ),
    )
    .orderBy(asc(generationEvents.firstSeq));
  return rows.map((r) => ({ firstSeq: r.firstSeq, frames: JSON.parse(r.events) as string[] }));
}

/**
 * Records a Stop for the live turns in scope (a conversation's, a user's, or one turn: a column
 * of a comparison); the instance writing each is told by NOTIFY or notices on its next
 * heartbeat. Returns the live turns it reached.
 */
export async function requestStop(
  db: Db,
  input: { conversationId?: string; userId?: string; generationId?: string },
): Promise<{ id: string; expired: boolean }[]> {
  if (input.conversationId !== undefined && !isUuid(input.conversationId)) return [];
  if (input.userId !== undefined && !isUuid(input.userId)) return [];
  if (input.generationId !== undefined && !isUuid(input.generationId)) return [];
  const result = await db.execute(
    sql`update generations g
      set stop_requested_at = coalesce(g.stop_requested_at, now())
      where g.finished_at is null
        ${input.conversationId ? sql`and g.conversation_id = ${input.conversationId}` : sql``}
        ${input.generationId ? sql`and g.id = ${input.generationId}` : sql``}
        ${
          input.userId
            ? sql`and g.conversation_id in (select id from conversations where user_id = ${input.userId})`
            : sql``
        }
      returning g.id, g.lease_until < now() as expired`,
  );
  return rowsOf<{ id: string; expired: boolean }>(result);
}

/**
 * Why a recovered answer ended. The error tells the reader it failed (Retry, Continue), unlike
 * an answer they stopped, which is `interrupted` without one.
 */
export const SERVER_STOPPED: ChatError = {
  code: 'server_stopped',
  message: 'The server stopped before this answer was finished.',
  retryable: true,
};

/**
 * Turns whose lease ran out and that nobody settled yet: their logs may hold more of the answer
 * than its progress copy (see lib/server/live/settle.ts).
 */
export async function expiredGenerations(
  db: Db,
  input: { conversationId?: string } = {},
): Promise<string[]> {
  if (input.conversationId !== undefined && !isUuid(input.conversationId)) return [];
  const rows = await db
    .select({ id: generations.id })
    .from(generations)
    .where(
      and(
        sql`${generations.finishedAt} is null and ${generations.leaseUntil} < now()`,
        input.conversationId ? eq(generations.conversationId, input.conversationId) : undefined,
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * Recovery, run by whichever instance notices: turns whose lease expired are finished as lost,
 * and every message still `streaming` with no live turn in its conversation becomes
 * `interrupted`, keeping its partial text. Never touches a turn whose lease is current.
 * Returns how many messages it settled.
 */
export async function settleLostGenerations(
  db: Db,
  input: { conversationId?: string } = {},
): Promise<number> {
  if (input.conversationId !== undefined && !isUuid(input.conversationId)) return 0;
  const inConversation = (column: string) =>
    input.conversationId ? sql`and ${sql.raw(column)} = ${input.conversationId}` : sql``;
  const result = await db.execute(
    sql`with lost as (
        update generations set finished_at = now(), outcome = 'lost'
        where finished_at is null and lease_until < now() ${inConversation('conversation_id')}
        returning id
      ), dropped as (
        delete from generation_events where generation_id in (select id from lost)
      ), settled as (
        update messages m
        set status = 'interrupted', error = ${JSON.stringify(SERVER_STOPPED)}::jsonb, updated_at = now()
        where m.status = 'streaming' ${inConversation('m.conversation_id')}
          and not exists (
            select 1 from generations g
            where g.conversation_id = m.conversation_id
              and g.finished_at is null and g.lease_until >= now()
          )
        returning m.*
      ), counted as (${rollUpFrom(sql`settled`)})
      select id from settled`,
  );
  return rowsOf<{ id: string }>(result).length;
}
