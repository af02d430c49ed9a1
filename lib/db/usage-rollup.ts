// The daily usage roll-up's one INSERT (usage_daily, admin-schema.ts), shared by the final save
// of an answer, the lost-turn settle (lib/server/db/repository/) and the seed and benchmark of
// the admin page. Pure (no `server-only`): scripts outside the server use it too.
import { type SQL, sql } from 'drizzle-orm';

/** A token count from the saved usage: a number between 0 and 10^12, else 0 (as the migration). */
const tokens = (field: 'prompt_tokens' | 'completion_tokens') =>
  sql.raw(`CASE WHEN jsonb_typeof(m.usage->'${field}') = 'number'
    THEN least(greatest((m.usage->>'${field}')::numeric, 0), 1e12)::bigint ELSE 0 END`);

/**
 * Adds the answers among `source` (rows shaped like messages, aliased m) to their days' rows,
 * made if missing: an INSERT statement, or the last part of one (after a WITH).
 */
export function rollUpFrom(source: SQL): SQL {
  return sql`
    INSERT INTO usage_daily AS d
      (day, user_id, user_kind, provider, model, messages, input_tokens, output_tokens)
    SELECT (m.created_at AT TIME ZONE 'UTC')::date, c.user_id, coalesce(min(u.kind), 'guest'),
      coalesce(m.comparison->>'provider', c.provider, ''), coalesce(m.model, c.model, ''),
      count(*), sum(${tokens('prompt_tokens')}), sum(${tokens('completion_tokens')})
    FROM ${source} m
    JOIN conversations c ON c.id = m.conversation_id
    LEFT JOIN users u ON u.id = c.user_id
    WHERE m.role = 'assistant'
    GROUP BY 1, 2, 4, 5
    ON CONFLICT (day, user_id, provider, model) DO UPDATE SET
      messages = d.messages + excluded.messages,
      input_tokens = d.input_tokens + excluded.input_tokens,
      output_tokens = d.output_tokens + excluded.output_tokens`;
}
