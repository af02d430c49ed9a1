import 'server-only';
import type { AttachmentMeta } from '@/lib/chat/attachments';
import { formatBytes } from '@/lib/chat/attachments';
import { PDF_LIMITS } from '@/lib/server/attachments/extract';
import { getAttachmentStorage } from '@/lib/server/db/objects';
import { cleanFileName, describeFile } from '@/lib/server/attachments/upload';
import { getConfig } from '@/lib/server/config';
import type { NewAttachment } from '@/lib/server/db/repository';
import { AppError } from '@/lib/server/errors';
import { type ImportIssue, ImportValidationError, type PlannedConversation } from './import-schema';

// The files an export carries as data, made into attachments of the importer: every file is
// checked as an upload would be (size limit, what it is from its bytes, PDF text).

export interface ImportedFiles {
  /** By planned attachment id: what goes on the message. */
  metas: ReadonlyMap<string, AttachmentMeta>;
  /** By planned attachment id: the row, once its conversation is known. */
  rows: ReadonlyMap<string, Omit<NewAttachment, 'conversationId'>>;
  /** Bucket objects written (S3 storage), to delete again if the import fails. */
  keys: string[];
}

/** Reading the text of every PDF of one import together takes at most this long. */
const IMPORT_READ_MS = 20_000;

/** Throws ImportValidationError naming every file refused; writes nothing until all pass. */
export async function prepareImportedFiles(
  userId: string,
  planned: readonly PlannedConversation[],
): Promise<ImportedFiles> {
  const maxBytes = getConfig().attachmentLimits.maxFileBytes;
  const files = planned.flatMap((c) => c.messages.flatMap((m) => m.files));
  const issues: ImportIssue[] = [];
  const described = [];
  // One time budget for all the PDFs of a file: past it the rest are kept without their text.
  const deadline = Date.now() + IMPORT_READ_MS;
  for (const file of files) {
    const name = cleanFileName(file.name);
    const bytes = new Uint8Array(Buffer.from(file.dataBase64, 'base64'));
    if (bytes.byteLength > maxBytes) {
      issues.push({
        path: file.path,
        message: `“${name}” is ${formatBytes(bytes.byteLength)}; each file can be at most ${formatBytes(maxBytes)} (ATTACHMENT_MAX_FILE_MB)`,
      });
      continue;
    }
    try {
      const timeMs = Math.min(PDF_LIMITS.timeMs, deadline - Date.now());
      const limits = { ...PDF_LIMITS, timeMs };
      described.push({ id: file.id, bytes, file: await describeFile(bytes, name, '', limits) });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      issues.push({ path: file.path, message: error.message });
    }
  }
  if (issues.length > 0) throw new ImportValidationError(issues);

  const storage = getAttachmentStorage();
  const metas = new Map<string, AttachmentMeta>();
  const rows = new Map<string, Omit<NewAttachment, 'conversationId'>>();
  const keys: string[] = [];
  try {
    for (const { id, bytes, file } of described) {
      const stored = await storage.save(id, bytes, file.mediaType);
      if (stored.storageKey) keys.push(stored.storageKey);
      const row = { ...file, ...stored, id, userId, size: bytes.byteLength };
      rows.set(id, row);
      metas.set(id, {
        id,
        name: file.name,
        mediaType: file.mediaType,
        kind: file.kind,
        size: row.size,
        width: file.width ?? null,
        height: file.height ?? null,
        chars: file.text == null ? null : file.text.length,
      });
    }
  } catch (error) {
    await storage.discard(keys);
    throw error;
  }
  return { metas, rows, keys };
}
