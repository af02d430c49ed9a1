import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/types';
import { isUuid } from '@/lib/server/db/cursor';
import { rowsOf } from './generations';

// Every answer being written right now, on any instance (the generations table), for the admin
// page: whose, which model, since when, and about how many tokens so far (from the progress
// copy, about four characters a token; the provider counts only at the end).

export interface LiveRow {
  id: string;
  conversationId: string;
  messageId: string | null;
  userId: string;
  userKind: string;
  email: string | null;
  model: string | null;
  provider: string | null;
  startedAt: Date;
  chars: number;
}

/** Newest first; `id` picks one turn (an empty list when it is not live). */
export async function listLiveTurns(
  db: Db,
  input: { id?: string; limit?: number } = {},
): Promise<LiveRow[]> {
  if (input.id !== undefined && !isUuid(input.id)) return [];
  const result = await db.execute(sql`
    select g.id, g.conversation_id as "conversationId", g.message_id as "messageId",
      c.user_id as "userId", coalesce(u.kind, 'guest') as "userKind", a.email,
      coalesce(m.model, c.model) as model,
      coalesce(m.comparison->>'provider', c.provider) as provider,
      g.created_at as "startedAt",
      coalesce(char_length(m.content) + coalesce(char_length(m.reasoning), 0), 0)::int as chars
    from generations g
    join conversations c on c.id = g.conversation_id
    left join users u on u.id = c.user_id
    left join auth_users a on a.id = c.user_id
    left join messages m on m.id = g.message_id
    where g.finished_at is null and g.lease_until >= now()
      ${input.id === undefined ? sql`` : sql`and g.id = ${input.id}`}
    order by g.created_at desc
    limit ${input.limit ?? 200}`);
  return rowsOf<LiveRow & { startedAt: Date | string }>(result).map((r) => ({
    ...r,
    startedAt: new Date(r.startedAt),
  }));
}
