// Drizzle schema. Pure (no `server-only`) so drizzle-kit can load it to generate migrations.
// Change it, then run `npm run db:generate` and commit the new file under drizzle/.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Millisecond precision matches JS Dates, so a timestamp read back into a keyset cursor
// compares equal to the stored value instead of losing microseconds.
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const createdAt = () => timestamptz('created_at').notNull().defaultNow();
const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  kind: text('kind').notNull().default('guest'),
  createdAt: createdAt(),
});

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    model: text('model'),
    // Name of the configured provider `model` belongs to (PROVIDERS); null = the default one.
    provider: text('provider'),
    // Per-conversation choices (enabled tools, later system prompt and sampling); see ConversationSettings.
    settings: jsonb('settings').notNull().default({}),
    // The assistant it started from (id, version, name, avatar, reference files as attachment
    // ids); null = none. The conversation keeps its own copy of the assistant's settings above.
    assistant: jsonb('assistant'),
    // The message the user last chose or created; the shown branch runs through it down to its
    // newest leaf. No foreign key: a stale id just falls back to the newest leaf.
    activeLeafId: uuid('active_leaf_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Soft delete: hidden everywhere at once, restorable (undo) until purged 30 days later.
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    index('conversations_user_updated_idx').on(t.userId, t.updatedAt.desc(), t.id.desc()),
    index('conversations_deleted_idx').on(t.deletedAt).where(sql`${t.deletedAt} is not null`),
    // Search (searchConversations in repository.ts): words in any language via 'simple',
    // and trigrams for substrings of text written without spaces (Chinese, Japanese).
    index('conversations_title_fts_idx').using('gin', sql`to_tsvector('simple', ${t.title})`),
    index('conversations_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey(),
    // Insertion order. created_at alone cannot order two messages written in the same millisecond.
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    // Reserved for branching (edit / regenerate keeps the old message as a sibling).
    parentId: uuid('parent_id').references((): AnyPgColumn => messages.id, {
      onDelete: 'set null',
    }),
    role: text('role').notNull(),
    content: text('content').notNull().default(''),
    reasoning: text('reasoning'),
    refusal: text('refusal'),
    toolCalls: jsonb('tool_calls'),
    toolCallId: text('tool_call_id'),
    status: text('status').notNull(),
    finishReason: text('finish_reason'),
    usage: jsonb('usage'),
    model: text('model'),
    error: jsonb('error'),
    reasoningMs: integer('reasoning_ms'),
    // For role 'tool': which tool ran, how it went and how long it took; see ToolRun.
    toolRun: jsonb('tool_run'),
    // On assistant messages: the first message the model was sent when older ones did not fit
    // its context window (null = it saw the whole branch). No foreign key: informational only.
    contextStartId: uuid('context_start_id'),
    // On user messages: what was attached (metadata only; the bytes are in `attachments`).
    attachments: jsonb('attachments'),
    // On the answers of a comparison (one question, several models at once; see
    // lib/server/chat/start-compare.ts): { id, slot, provider } — which comparison, which column,
    // and the configured provider of `model`. Null on every other message.
    comparison: jsonb('comparison'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Serves listMessages (ordered by seq); an index on created_at would add write cost unused.
    index('messages_conversation_seq_idx').on(t.conversationId, t.seq),
    // Must stay the exact expressions searchConversations queries, or the planner ignores them.
    // Partial: an answer being written is saved every few hundred ms, and re-indexing its growing
    // text each time would slow streaming; it is indexed once, when it is finished.
    index('messages_content_fts_idx')
      .using('gin', sql`to_tsvector('simple', left(${t.content}, 100000))`)
      .where(sql`${t.status} <> 'streaming'`),
    index('messages_content_trgm_idx')
      .using('gin', t.content.op('gin_trgm_ops'))
      .where(sql`${t.status} <> 'streaming'`),
    index('messages_status_streaming_idx').on(t.status).where(sql`${t.status} = 'streaming'`),
    check('messages_role_check', sql`${t.role} in ('system', 'user', 'assistant', 'tool')`),
    check(
      'messages_status_check',
      sql`${t.status} in ('streaming', 'complete', 'interrupted', 'error')`,
    ),
  ],
);

export const shares = pgTable(
  'shares',
  {
    // Random, at least 128 bits; the id is the capability, so it is never sequential.
    id: text('id').primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    snapshot: jsonb('snapshot').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [index('shares_conversation_idx').on(t.conversationId)],
);

// Reusable system prompts with their model, settings, tools, reference files and starters. The
// deployment's configured ones (ASSISTANTS) are not stored: they come from configuration.
export const assistants = pgTable(
  'assistants',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    systemPrompt: text('system_prompt').notNull(),
    provider: text('provider'),
    model: text('model'),
    // Sampling and reasoning settings; see AssistantSettings.
    settings: jsonb('settings').notNull().default({}),
    // Tool names; null = the conversation default.
    tools: jsonb('tools'),
    starters: jsonb('starters').notNull().default([]),
    // Reference files: metadata here, their text apart so lists do not read it.
    files: jsonb('files').notNull().default([]),
    fileTexts: jsonb('file_texts').notNull().default({}),
    version: integer('version').notNull().default(1),
    // The shared link (random, at least 128 bits); null = not shared.
    shareId: text('share_id'),
    sharePrompt: boolean('share_prompt').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('assistants_user_idx').on(t.userId, t.updatedAt.desc()),
    uniqueIndex('assistants_share_idx').on(t.shareId),
  ],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

// Uploaded files. A row is pending (conversation_id null) until a message is sent with it;
// it goes with its conversation (cascade) and with its user ("delete my data"). The bytes are in
// `data` (the default) or, with S3 configured, in the bucket under `storage_key`.
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    // Sniffed from the bytes, never taken from the client.
    mediaType: text('media_type').notNull(),
    kind: text('kind').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    // Text files and PDFs: the text the model is sent.
    text: text('text'),
    data: bytea('data'),
    storageKey: text('storage_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('attachments_user_idx').on(t.userId),
    index('attachments_conversation_idx').on(t.conversationId),
    check('attachments_kind_check', sql`${t.kind} in ('image', 'text', 'pdf')`),
    check('attachments_bytes_check', sql`(${t.data} is null) <> (${t.storageKey} is null)`),
  ],
);

// One row per turn being written (an answer, with its tool steps). The generating instance renews
// `lease_until` while it works; anyone who finds the lease expired settles the turn's messages as
// interrupted. Stop is recorded here so it reaches the instance that generates, wherever it runs.
export const generations = pgTable(
  'generations',
  {
    id: uuid('id').primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    leaseUntil: timestamptz('lease_until').notNull(),
    stopRequestedAt: timestamptz('stop_requested_at'),
    // Highest event sequence number written to the log so far.
    lastSeq: integer('last_seq').notNull().default(0),
    // Set once the turn is saved ('done') or found abandoned ('lost'); the log is then compacted.
    finishedAt: timestamptz('finished_at'),
    outcome: text('outcome'),
    // The turn's final `done` event (SSE frame), kept after the log is compacted away.
    doneEvent: text('done_event'),
    // The answer this turn writes first (its tool steps follow it): Stop and resume of one
    // column of a comparison find their turn by it. No foreign key: informational.
    messageId: uuid('message_id'),
    // Set on the turns of one comparison: they are live together, and only they (see slot).
    comparisonId: uuid('comparison_id'),
    // A lock slot: a new live group (one answer, or a comparison's first column) takes slot 0,
    // so two groups can never be live at once; a comparison's other columns take 1, 2, 3.
    slot: integer('slot').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // At most one live group per conversation (a double submit, or two tabs): one answer, or
    // one comparison whose columns share comparison_id (insertGenerations checks the rest).
    uniqueIndex('generations_one_live_idx')
      .on(t.conversationId, t.slot)
      .where(sql`${t.finishedAt} is null`),
    index('generations_conversation_idx').on(t.conversationId, t.createdAt.desc()),
  ],
);

// The events of a live turn, appended in batches, so a reconnecting browser (on any instance)
// can replay what it missed. `events` is a JSON array of SSE frames: frame i has seq first_seq+i.
export const generationEvents = pgTable(
  'generation_events',
  {
    generationId: uuid('generation_id')
      .notNull()
      .references(() => generations.id, { onDelete: 'cascade' }),
    firstSeq: integer('first_seq').notNull(),
    lastSeq: integer('last_seq').notNull(),
    events: text('events').notNull(),
  },
  (t) => [primaryKey({ columns: [t.generationId, t.firstSeq] })],
);

export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

// Counters for rate limits and budgets (lib/server/limits/rate-limit.ts): one row per key such as
// `chat:user:<id>` or `guest:ip:<address>`, holding the count of the current fixed window: of
// requests, or of bytes and tokens for budgets (hence bigint). In the database so the limit
// holds across every instance.
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamptz('window_start').notNull(),
  count: bigint('count', { mode: 'number' }).notNull(),
});

export { authAccounts, authSessions, authUsers, authVerifications } from './auth-schema';
export { adminAudit, appSettings, usageDaily } from './admin-schema';

export type UserRow = typeof users.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = typeof messages.$inferInsert;
export type AttachmentRow = typeof attachments.$inferSelect;
export type AssistantRow = typeof assistants.$inferSelect;
export type ShareRow = typeof shares.$inferSelect;
export type GenerationRow = typeof generations.$inferSelect;
