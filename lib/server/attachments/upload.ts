import 'server-only';
import type { AttachmentMeta } from '@/lib/chat/attachments';
import { formatBytes } from '@/lib/chat/attachments';
import { cleanLabel } from '@/lib/chat/text-hygiene';
import { getConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { insertAttachment, type NewAttachment } from '@/lib/server/db/repository';
import { AppError } from '@/lib/server/errors';
import { uploadByteLimits } from '@/lib/server/limits/counters';
import { enforceLimits } from '@/lib/server/limits/rate-limit';
import { extractPdfText, imageDimensions, MAX_STORED_TEXT_CHARS, PDF_LIMITS } from './extract';
import { sniff } from './sniff';
import { getAttachmentStorage } from '@/lib/server/db/objects';

export type FileDescription = Pick<
  NewAttachment,
  'name' | 'mediaType' | 'kind' | 'text' | 'width' | 'height'
>;

const MAX_NAME_CHARS = 255;

/**
 * The file name as shown: control and bidi characters dropped, one line, bounded. Otherwise kept as given (slashes
 * too): it is hostile input that is only ever rendered as text or percent-encoded in a header.
 */
export function cleanFileName(raw: string | null): string {
  const clean = cleanLabel(raw ?? '');
  // Cut by code points, so a cut never leaves half of a surrogate pair.
  return Array.from(clean).slice(0, MAX_NAME_CHARS).join('') || 'file';
}

/** Reads the body up to `maxBytes`; a lying or absent Content-Length is not trusted. */
async function readBytes(request: Request, maxBytes: number, name: string): Promise<Uint8Array> {
  const tooLarge = () =>
    new AppError(
      'payload_too_large',
      `“${name}” is larger than ${formatBytes(maxBytes)}, the limit per file (ATTACHMENT_MAX_FILE_MB).`,
    );
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw tooLarge();
  if (!request.body) throw new AppError('bad_request', 'The upload has no body.');
  const reader = request.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    parts.push(value);
  }
  return new Uint8Array(Buffer.concat(parts));
}

/** What a file is, read from its bytes (never from the client): refused with an AppError. */
export async function describeFile(
  bytes: Uint8Array,
  name: string,
  typeHint: string,
  pdfLimits = PDF_LIMITS,
): Promise<FileDescription> {
  if (bytes.byteLength === 0) throw new AppError('bad_request', `“${name}” is empty.`);
  const kind = sniff(bytes, name, typeHint);
  if (kind.kind === 'refused') throw new AppError('unsupported_media_type', kind.reason);
  if (kind.kind === 'image') {
    return { name, mediaType: kind.mediaType, kind: 'image', ...imageDimensions(bytes) };
  }
  if (kind.kind === 'text') {
    return {
      name,
      mediaType: kind.mediaType,
      kind: 'text',
      text: kind.text.slice(0, MAX_STORED_TEXT_CHARS),
    };
  }
  const read = await extractPdfText(bytes, pdfLimits);
  if (!read.ok && read.reason === 'invalid') {
    throw new AppError('unsupported_media_type', `“${name}” could not be read as a PDF.`);
  }
  // Past a limit the file is still kept: without text (chars null), which the message then says.
  return { name, mediaType: kind.mediaType, kind: 'pdf', text: read.ok ? read.text : null };
}

/**
 * Keeps the bytes (row or bucket), then the row. A bucket object whose row could not be written
 * is deleted again.
 */
export async function saveFile(
  db: Db,
  input: {
    userId: string;
    conversationId?: string | null;
    file: FileDescription;
    bytes: Uint8Array;
  },
): Promise<AttachmentMeta> {
  const storage = getAttachmentStorage();
  const id = crypto.randomUUID();
  const stored = await storage.save(id, input.bytes, input.file.mediaType);
  try {
    return await insertAttachment(db, {
      ...input.file,
      ...stored,
      id,
      userId: input.userId,
      conversationId: input.conversationId ?? null,
      size: input.bytes.byteLength,
    });
  } catch (error) {
    if (stored.storageKey) await storage.discard([stored.storageKey]);
    throw error;
  }
}

/**
 * Stores one uploaded file for `userId`: the raw bytes are the body, the name comes in the query
 * (`?name=`). What the file is comes from its bytes, never from the client.
 */
export async function uploadAttachment(
  db: Db,
  userId: string,
  request: Request,
): Promise<AttachmentMeta> {
  const limits = getConfig().attachmentLimits;
  if (limits.maxFiles === 0) {
    throw new AppError(
      'bad_request',
      'Attachments are turned off on this server (ATTACHMENT_MAX_FILES=0).',
    );
  }
  const name = cleanFileName(new URL(request.url).searchParams.get('name'));
  const bytes = await readBytes(request, limits.maxFileBytes, name);
  // Counted once the size is known, before anything is parsed or stored.
  await enforceLimits(db, uploadByteLimits(userId, request, bytes.byteLength));
  const file = await describeFile(bytes, name, request.headers.get('x-file-type') ?? '');
  return saveFile(db, { userId, file, bytes });
}
