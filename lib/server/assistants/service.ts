import 'server-only';
import type { Assistant, AssistantFileMeta, SharedAssistant } from '@/lib/chat/assistants';
import { MAX_ASSISTANT_FILE_CHARS } from '@/lib/chat/assistants';
import type { AssistantInput } from '@/lib/chat/assistant-schema';
import { getConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/types';
import {
  type AssistantValues,
  type AssistantWithTexts,
  countAssistants,
  deleteAssistant as deleteRow,
  getAssistant,
  getAttachmentForUser,
  getSharedAssistant,
  insertAssistant,
  listAssistants,
  setAssistantShare,
  updateAssistant as updateRow,
} from '@/lib/server/db/repository';
import { AppError, notFound } from '@/lib/server/errors';
import { isShareId, newShareId } from '@/lib/server/share/share-id';
import { CONFIG_ASSISTANT_ID } from '@/lib/server/config/assistants';

// What the assistant routes do. A user's own assistants are rows; the configured ones come from
// ASSISTANTS and are read-only. "Not yours" looks exactly like "does not exist" (404).

export const ASSISTANT_NOT_FOUND = 'Assistant not found.';
const READ_ONLY =
  "This assistant comes from the deployment's configuration: it cannot be changed. Duplicate it to make your own.";

export const isConfiguredId = (id: string) => CONFIG_ASSISTANT_ID.test(id);

function configured(id: string): AssistantWithTexts | null {
  const found = getConfig().assistants.find((a) => a.id === id);
  return found ? { ...found, fileTexts: {} } : null;
}

/** The configured assistants, then the caller's own (newest edited first). */
export async function listAll(db: Db, userId: string | null): Promise<Assistant[]> {
  const own = userId ? await listAssistants(db, userId) : [];
  return [...getConfig().assistants, ...own];
}

/** An assistant the caller may use: theirs or a configured one; null otherwise. */
export async function findUsable(
  db: Db,
  userId: string,
  id: string,
): Promise<AssistantWithTexts | null> {
  if (isConfiguredId(id)) return configured(id);
  return getAssistant(db, { userId, assistantId: id });
}

/** Throws 403 for a configured assistant: users cannot change those. */
export function assertEditable(id: string): void {
  if (isConfiguredId(id)) throw new AppError('forbidden', READ_ONLY);
}

/**
 * The files the input names: ones the assistant already has are kept, others must be the
 * caller's text or PDF uploads (their extracted text is copied, cut to the per-file limit).
 */
async function resolveFiles(
  db: Db,
  userId: string,
  ids: readonly string[],
  current: AssistantWithTexts | null,
): Promise<Pick<AssistantValues, 'files' | 'fileTexts'>> {
  const files: AssistantFileMeta[] = [];
  const fileTexts: Record<string, string> = {};
  for (const id of new Set(ids)) {
    const kept = current?.files.find((f) => f.id === id);
    if (kept) {
      files.push(kept);
      fileTexts[id] = current?.fileTexts[id] ?? '';
      continue;
    }
    const upload = await getAttachmentForUser(db, { userId, attachmentId: id });
    if (!upload || upload.kind === 'image' || upload.text === null) {
      throw new AppError('bad_request', 'Reference files must be your own text or PDF uploads.', {
        details: { file: id },
      });
    }
    const text = upload.text.slice(0, MAX_ASSISTANT_FILE_CHARS);
    files.push({ id, name: upload.name, chars: text.length });
    fileTexts[id] = text;
  }
  return { files, fileTexts };
}

async function valuesOf(
  db: Db,
  userId: string,
  input: AssistantInput,
  current: AssistantWithTexts | null,
): Promise<AssistantValues> {
  const { files: ids, ...fields } = input;
  return { ...fields, ...(await resolveFiles(db, userId, ids, current)) };
}

/** Within the per-user count (ASSISTANTS_PER_USER), counted in the database. */
async function assertRoom(db: Db, userId: string, adding = 1): Promise<void> {
  const max = getConfig().assistantsPerUser;
  if ((await countAssistants(db, userId)) + adding > max) {
    throw new AppError(
      'conflict',
      `You can keep at most ${max} assistants. Delete one to make room.`,
      { details: { reason: 'assistant_limit', max } },
    );
  }
}

export async function createAssistant(
  db: Db,
  userId: string,
  input: AssistantInput,
): Promise<Assistant> {
  await assertRoom(db, userId);
  return insertAssistant(db, { userId, values: await valuesOf(db, userId, input, null) });
}

export async function updateAssistant(
  db: Db,
  userId: string,
  id: string,
  input: AssistantInput,
): Promise<Assistant> {
  assertEditable(id);
  const current = await getAssistant(db, { userId, assistantId: id });
  if (!current) throw notFound(ASSISTANT_NOT_FOUND);
  const values = await valuesOf(db, userId, input, current);
  const updated = await updateRow(db, { userId, assistantId: id, values });
  if (!updated) throw notFound(ASSISTANT_NOT_FOUND);
  return updated;
}

export async function deleteAssistant(db: Db, userId: string, id: string): Promise<void> {
  assertEditable(id);
  if (!(await deleteRow(db, { userId, assistantId: id }))) throw notFound(ASSISTANT_NOT_FOUND);
}

/** The values of a copy: the same fields and files, never the link. */
export function copyValues(a: AssistantWithTexts, name = a.name): AssistantValues {
  return {
    name,
    description: a.description,
    avatar: a.avatar,
    systemPrompt: a.systemPrompt,
    provider: a.provider,
    model: a.model,
    settings: a.settings,
    tools: a.tools,
    starters: a.starters,
    files: a.files,
    fileTexts: a.fileTexts,
  };
}

/** A copy of one of the caller's (or a configured) assistant in their own list. */
export async function duplicateAssistant(db: Db, userId: string, id: string): Promise<Assistant> {
  const source = await findUsable(db, userId, id);
  if (!source) throw notFound(ASSISTANT_NOT_FOUND);
  await assertRoom(db, userId);
  const name = `${source.name} (copy)`.slice(0, 80);
  return insertAssistant(db, { userId, values: copyValues(source, name) });
}

/** Shares the assistant as a link (the same link when it is shared already). */
export async function shareAssistant(
  db: Db,
  userId: string,
  id: string,
  showPrompt: boolean,
): Promise<Assistant> {
  assertEditable(id);
  const current = await getAssistant(db, { userId, assistantId: id });
  if (!current) throw notFound(ASSISTANT_NOT_FOUND);
  const shareId = current.share?.id ?? newShareId();
  const shared = await setAssistantShare(db, { userId, assistantId: id, shareId, showPrompt });
  if (!shared) throw notFound(ASSISTANT_NOT_FOUND);
  return shared;
}

export async function unshareAssistant(db: Db, userId: string, id: string): Promise<void> {
  assertEditable(id);
  const done = await setAssistantShare(db, {
    userId,
    assistantId: id,
    shareId: null,
    showPrompt: false,
  });
  if (!done) throw notFound(ASSISTANT_NOT_FOUND);
}

export const SHARED_NOT_FOUND = 'This shared assistant does not exist or is no longer shared.';

/** What anyone with the link sees; the system prompt only when the owner chose to show it. */
export async function viewSharedAssistant(
  db: Db,
  shareId: string,
): Promise<SharedAssistant | null> {
  if (!isShareId(shareId)) return null;
  const a = await getSharedAssistant(db, shareId);
  if (!a) return null;
  return {
    name: a.name,
    description: a.description,
    avatar: a.avatar,
    starters: a.starters,
    model: a.model,
    tools: a.tools,
    files: a.files.map((f) => f.name),
    ...(a.share?.showPrompt ? { systemPrompt: a.systemPrompt } : {}),
  };
}

/** "Use this assistant": a copy in the visitor's own list (files included). */
export async function useSharedAssistant(
  db: Db,
  userId: string,
  shareId: string,
): Promise<Assistant | null> {
  if (!isShareId(shareId)) return null;
  const a = await getSharedAssistant(db, shareId);
  if (!a) return null;
  await assertRoom(db, userId);
  return insertAssistant(db, { userId, values: copyValues(a) });
}
