import 'server-only';
import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Assistant, AssistantFileMeta } from '@/lib/chat/assistants';
import { assistantSettingsSchema } from '@/lib/chat/assistant-schema';
import { type AssistantRow, assistants } from '@/lib/db/schema';
import type { Db } from '@/lib/server/db/types';
import { isUuid } from '@/lib/server/db/cursor';

// A user's own assistants. Their reference files' text is kept apart (`file_texts`) and read
// only where it is used: starting a conversation, copying, exporting.

/** The fields an assistant is saved with (already validated and cleaned). */
export interface AssistantValues {
  name: string;
  description: string;
  avatar: string;
  systemPrompt: string;
  provider: string | null;
  model: string | null;
  settings: Assistant['settings'];
  tools: string[] | null;
  starters: string[];
  files: AssistantFileMeta[];
  /** Text of each file, by file id. */
  fileTexts: Record<string, string>;
}

export interface AssistantWithTexts extends Assistant {
  fileTexts: Record<string, string>;
}

const { fileTexts: _texts, ...listColumns } = getTableColumns(assistants);

const fileSchema = z.object({ id: z.string(), name: z.string(), chars: z.number() });
const texts = z.record(z.string(), z.string());
const strings = z.array(z.string());

function toAssistant(row: Omit<AssistantRow, 'fileTexts'>): Assistant {
  return {
    id: row.id,
    source: 'own',
    name: row.name,
    description: row.description,
    avatar: row.avatar,
    systemPrompt: row.systemPrompt,
    provider: row.provider,
    model: row.model,
    settings: assistantSettingsSchema.catch({}).parse(row.settings),
    tools: strings.nullable().catch(null).parse(row.tools),
    files: z.array(fileSchema).catch([]).parse(row.files),
    starters: strings.catch([]).parse(row.starters),
    version: row.version,
    share: row.shareId ? { id: row.shareId, showPrompt: row.sharePrompt } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const withTexts = (row: AssistantRow): AssistantWithTexts => ({
  ...toAssistant(row),
  fileTexts: texts.catch({}).parse(row.fileTexts),
});

export async function countAssistants(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(assistants)
    .where(eq(assistants.userId, userId));
  return row?.n ?? 0;
}

/** Newest-edited first. */
export async function listAssistants(db: Db, userId: string): Promise<Assistant[]> {
  if (!isUuid(userId)) return [];
  const rows = await db
    .select(listColumns)
    .from(assistants)
    .where(eq(assistants.userId, userId))
    .orderBy(desc(assistants.updatedAt), desc(assistants.id));
  return rows.map(toAssistant);
}

/** The caller's assistant with its files' text; null when it is not theirs. */
export async function getAssistant(
  db: Db,
  input: { userId: string; assistantId: string },
): Promise<AssistantWithTexts | null> {
  if (!isUuid(input.assistantId) || !isUuid(input.userId)) return null;
  const [row] = await db
    .select()
    .from(assistants)
    .where(and(eq(assistants.id, input.assistantId), eq(assistants.userId, input.userId)))
    .limit(1);
  return row ? withTexts(row) : null;
}

/** The assistant behind a shared link, with its owner; null when there is none. */
export async function getSharedAssistant(
  db: Db,
  shareId: string,
): Promise<(AssistantWithTexts & { userId: string }) | null> {
  if (shareId.length > 200) return null;
  const [row] = await db.select().from(assistants).where(eq(assistants.shareId, shareId)).limit(1);
  return row ? { ...withTexts(row), userId: row.userId } : null;
}

export async function insertAssistant(
  db: Db,
  input: { userId: string; values: AssistantValues },
): Promise<Assistant> {
  const [row] = await db
    .insert(assistants)
    .values({ id: crypto.randomUUID(), userId: input.userId, ...input.values })
    .returning();
  if (!row) throw new Error('insert into assistants returned no row');
  return toAssistant(row);
}

/** Replaces the fields and bumps the version; null when it is not the caller's. */
export async function updateAssistant(
  db: Db,
  input: { userId: string; assistantId: string; values: AssistantValues },
): Promise<Assistant | null> {
  if (!isUuid(input.assistantId) || !isUuid(input.userId)) return null;
  const [row] = await db
    .update(assistants)
    .set({ ...input.values, version: sql`${assistants.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(assistants.id, input.assistantId), eq(assistants.userId, input.userId)))
    .returning();
  return row ? toAssistant(row) : null;
}

export async function deleteAssistant(
  db: Db,
  input: { userId: string; assistantId: string },
): Promise<boolean> {
  if (!isUuid(input.assistantId) || !isUuid(input.userId)) return false;
  const rows = await db
    .delete(assistants)
    .where(and(eq(assistants.id, input.assistantId), eq(assistants.userId, input.userId)))
    .returning({ id: assistants.id });
  return rows.length > 0;
}

/** Shares (a new or kept link id) or unshares (null) the caller's assistant. */
export async function setAssistantShare(
  db: Db,
  input: { userId: string; assistantId: string; shareId: string | null; showPrompt: boolean },
): Promise<Assistant | null> {
  if (!isUuid(input.assistantId) || !isUuid(input.userId)) return null;
  const [row] = await db
    .update(assistants)
    .set({ shareId: input.shareId, sharePrompt: input.shareId ? input.showPrompt : false })
    .where(and(eq(assistants.id, input.assistantId), eq(assistants.userId, input.userId)))
    .returning();
  return row ? toAssistant(row) : null;
}

/** Every assistant of the user with its files' text (the JSON export). */
export async function exportAssistants(db: Db, userId: string): Promise<AssistantWithTexts[]> {
  if (!isUuid(userId)) return [];
  const rows = await db
    .select()
    .from(assistants)
    .where(eq(assistants.userId, userId))
    .orderBy(desc(assistants.updatedAt));
  return rows.map(withTexts);
}
