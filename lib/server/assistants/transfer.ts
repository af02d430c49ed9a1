import 'server-only';
import { z } from 'zod';
import type { ExportedAssistant } from '@/lib/chat/export-types';
import { assistantFieldsShape } from '@/lib/chat/assistant-schema';
import { MAX_ASSISTANT_FILE_CHARS, MAX_ASSISTANT_FILES } from '@/lib/chat/assistants';
import type { Db } from '@/lib/server/db/types';
import {
  type AssistantValues,
  countAssistants,
  exportAssistants,
  insertAssistant,
} from '@/lib/server/db/repository';
import { getConfig } from '@/lib/server/config';
import { AppError } from '@/lib/server/errors';
import { ImportValidationError, zodIssues } from '@/lib/server/export/import-schema';
import { masksToAssistants } from './nextchat';

// Assistants in the JSON export (with their files' text) and back in by import; NextChat's mask
// files are imported through the same route.

export async function assistantsForExport(db: Db, userId: string): Promise<ExportedAssistant[]> {
  const rows = await exportAssistants(db, userId);
  return rows.map((a) => ({
    name: a.name,
    description: a.description,
    avatar: a.avatar,
    systemPrompt: a.systemPrompt,
    provider: a.provider,
    model: a.model,
    settings: a.settings,
    tools: a.tools,
    starters: a.starters,
    files: a.files.map((f) => ({ name: f.name, text: a.fileTexts[f.id] ?? '' })),
  }));
}

const exportedSchema = z.object({
  ...assistantFieldsShape,
  files: z
    .array(
      z.object({
        name: z.string().min(1).max(1_000),
        text: z.string().max(MAX_ASSISTANT_FILE_CHARS),
      }),
    )
    .max(MAX_ASSISTANT_FILES)
    .default([]),
});

const listSchema = z.array(exportedSchema).max(1_000);

/** The archive's `assistants`, validated (throws ImportValidationError naming the field). */
export function parseExportedAssistants(value: unknown): AssistantValues[] {
  if (value === undefined) return [];
  const parsed = listSchema.safeParse(value);
  if (!parsed.success) throw new ImportValidationError(zodIssues(parsed.error, ['assistants']));
  return parsed.data.map(({ files, ...fields }) => {
    const withIds = files.map((f) => ({ id: crypto.randomUUID(), ...f }));
    return {
      ...fields,
      files: withIds.map((f) => ({ id: f.id, name: f.name, chars: f.text.length })),
      fileTexts: Object.fromEntries(withIds.map((f) => [f.id, f.text])),
    };
  });
}

/** A NextChat mask file: one mask or a list, each with `context` and `modelConfig`. */
export function isNextChatMasks(file: unknown): boolean {
  const looksLikeMask = (v: unknown) =>
    typeof v === 'object' && v !== null && 'context' in v && 'modelConfig' in v;
  return Array.isArray(file) ? file.length > 0 && file.every(looksLikeMask) : looksLikeMask(file);
}

export function valuesFromMasks(file: unknown): {
  values: AssistantValues[];
  skipped: { index: number; name: string; reason: string }[];
} {
  const { assistants, skipped } = masksToAssistants(file);
  const values = assistants.map(({ files: _, ...fields }) => ({
    ...fields,
    files: [],
    fileTexts: {},
  }));
  return { values, skipped };
}

/** Inserts imported assistants within the per-user count. */
export async function insertImportedAssistants(
  db: Db,
  userId: string,
  values: readonly AssistantValues[],
): Promise<{ id: string; name: string }[]> {
  if (values.length === 0) return [];
  const max = getConfig().assistantsPerUser;
  if ((await countAssistants(db, userId)) + values.length > max) {
    throw new AppError(
      'conflict',
      `This file has ${values.length} assistants; you can keep at most ${max}. Delete some first.`,
      { details: { reason: 'assistant_limit', max } },
    );
  }
  const out: { id: string; name: string }[] = [];
  for (const v of values) {
    const a = await insertAssistant(db, { userId, values: v });
    out.push({ id: a.id, name: a.name });
  }
  return out;
}
