import 'server-only';
import type {
  ArchiveExport,
  ConversationExport,
  DeleteAllResult,
  ExportedConversationBody,
  ImportResult,
} from '@/lib/chat/export-types';
import type { Conversation } from '@/lib/chat/types';
import { stopLive } from '@/lib/server/live/stop';
import { loadAttachmentContents } from '@/lib/server/attachments/content';
import { getAttachmentStorage } from '@/lib/server/db/objects';
import { loadTree } from '@/lib/server/chat/conversations';
import { getDb } from '@/lib/server/db/database';
import type { Db } from '@/lib/server/db/types';
import {
  deleteUserAttachments,
  deleteUserData,
  getConversation,
  insertAttachments,
  insertImportedConversation,
  listConversations,
  MAX_PAGE_SIZE,
} from '@/lib/server/db/repository';
import { ARCHIVE_FORMAT } from '@/lib/chat/export-types';
import {
  insertImportedAssistants,
  isNextChatMasks,
  parseExportedAssistants,
  valuesFromMasks,
  assistantsForExport,
} from '@/lib/server/assistants/transfer';
import { prepareImportedFiles } from './import-files';
import { ImportValidationError, isRecord } from './import-schema';
import { planImport } from './import-plan';
import { conversationBody, toArchiveExport, toConversationExport } from './json';
import { toMarkdown } from './markdown';

// What the export, import and "my data" routes do. Every function takes the caller's user id;
// a conversation that is not theirs looks exactly like one that does not exist (null).

async function bodyOf(db: Db, conversation: Conversation): Promise<ExportedConversationBody> {
  const { messages, branch } = await loadTree(db, conversation.id);
  const ids = messages.flatMap((m) => (m.attachments ?? []).map((a) => a.id));
  const contents = await loadAttachmentContents(db, { conversationId: conversation.id, ids });
  const data = new Map(
    [...contents].map(([id, c]) => [id, Buffer.from(c.data).toString('base64')] as const),
  );
  return conversationBody(conversation, messages, branch.at(-1)?.id ?? null, data);
}

export async function exportConversationJson(
  userId: string,
  conversationId: string,
): Promise<ConversationExport | null> {
  const db = await getDb();
  const conversation = await getConversation(db, { userId, conversationId });
  return conversation ? toConversationExport(await bodyOf(db, conversation)) : null;
}

/** The branch on screen as Markdown, with the title for the file name. */
export async function exportConversationMarkdown(
  userId: string,
  conversationId: string,
): Promise<{ title: string; markdown: string } | null> {
  const db = await getDb();
  const conversation = await getConversation(db, { userId, conversationId });
  if (!conversation) return null;
  const { branch } = await loadTree(db, conversationId);
  return { title: conversation.title, markdown: toMarkdown(conversation, branch) };
}

/** Every conversation of the user, newest first, each with all its branches. */
export async function exportArchive(userId: string): Promise<ArchiveExport> {
  const db = await getDb();
  const bodies: ExportedConversationBody[] = [];
  let cursor: string | null = null;
  do {
    const page = await listConversations(db, { userId, limit: MAX_PAGE_SIZE, cursor });
    for (const conversation of page.items) bodies.push(await bodyOf(db, conversation));
    cursor = page.nextCursor;
  } while (cursor);
  return toArchiveExport(bodies, new Date(), await assistantsForExport(db, userId));
}

/** Validates an uploaded export (throws ImportValidationError) and creates new conversations. */
export async function importExport(userId: string, file: unknown): Promise<ImportResult> {
  if (isNextChatMasks(file)) return importMasks(userId, file);
  const planned = planImport(file);
  const assistants = parseExportedAssistants(
    isRecord(file) && file.format === ARCHIVE_FORMAT ? file.assistants : undefined,
  );
  const files = await prepareImportedFiles(userId, planned);
  const db = await getDb();
  // One transaction for the whole file: an archive is imported completely or not at all.
  const created = await db
    .transaction(async (tx) => {
      const out: ImportResult['conversations'] = [];
      for (const conversation of planned) {
        const row = await insertImportedConversation(tx, {
          userId,
          ...conversation,
          messages: conversation.messages.map(({ files: planned, ...m }) => ({
            ...m,
            attachments: planned.flatMap((a) => files.metas.get(a.id) ?? []),
          })),
        });
        await insertAttachments(
          tx,
          conversation.messages.flatMap((m) =>
            m.files.flatMap((a) => {
              const file = files.rows.get(a.id);
              return file ? [{ ...file, conversationId: row.id }] : [];
            }),
          ),
        );
        out.push({
          id: row.id,
          title: row.title,
          path: `/c/${row.id}`,
          messageCount: conversation.messages.length,
        });
      }
      return {
        conversations: out,
        assistants: await insertImportedAssistants(tx, userId, assistants),
      };
    })
    .catch(async (error: unknown) => {
      await getAttachmentStorage().discard(files.keys);
      throw error;
    });
  return created;
}

/** A NextChat mask file: its masks become assistants; the ones that cannot are listed. */
async function importMasks(userId: string, file: unknown): Promise<ImportResult> {
  const { values, skipped } = valuesFromMasks(file);
  if (values.length === 0) {
    throw new ImportValidationError([
      { path: '', message: `No mask in this file could be imported: ${skipped[0]?.reason ?? ''}` },
    ]);
  }
  const db = await getDb();
  const assistants = await db.transaction((tx) => insertImportedAssistants(tx, userId, values));
  return { conversations: [], assistants, skipped };
}

/** Stops the user's running answers, then deletes the user with everything they own. */
export async function deleteAllData(userId: string): Promise<DeleteAllResult> {
  const db = await getDb();
  await stopLive(db, { userId });
  // Attachment rows first: their bucket objects (S3 storage) are deleted once the rows are gone.
  const keys = await deleteUserAttachments(db, userId);
  const { conversations } = await deleteUserData(db, userId);
  await getAttachmentStorage().discard(keys);
  return { deletedConversations: conversations };
}
