// The admin page's tables (issue 27). Pure (no `server-only`) so drizzle-kit can load it;
// schema.ts re-exports it and drizzle.config.ts lists it.
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

// Every admin action (who, what, when), written in the same transaction as the action itself.
// The actor's address is copied: the log outlives a deleted admin account. Read newest first by
// id (the primary key), so it needs no other index.
export const adminAudit = pgTable('admin_audit', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  at: timestamptz('at').notNull().defaultNow(),
  actorId: uuid('actor_id'),
  actorEmail: text('actor_email').notNull(),
  action: text('action').notNull(),
  target: text('target'),
  detail: text('detail'),
});

// Settings an admin changes at run time, shared by every instance: `guests_allowed` (true/false;
// no row = ALLOW_GUESTS decides).
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

// Answers and tokens per UTC day, user, provider and model: the admin page reads this instead of
// the messages. Kept up to date in the transaction that saves an answer's final state
// (lib/server/db/repository/usage.ts); the migration filled it from the messages before it.
// No foreign key: a deleted user's usage stays (counted as a deleted account's). `provider` is
// the configured provider's name ('' = the default one); `user_kind` is 'guest' or 'account'.
export const usageDaily = pgTable(
  'usage_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: uuid('user_id').notNull(),
    userKind: text('user_kind').notNull(),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    messages: integer('messages').notNull().default(0),
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull().default(0),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.userId, t.provider, t.model] }),
    index('usage_daily_user_day_idx').on(t.userId, t.day),
  ],
);
