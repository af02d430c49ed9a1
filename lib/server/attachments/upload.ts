import 'server-only';
import type { AttachmentMeta } from '@/lib/chat/attachments';
import { formatBytes } from '@/lib/chat/attachments';
import { getConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { insertAttachment } from '@/lib/server/db/repository';
import { AppError } from '@/lib/server/errors';
import { extractPdfText, imageDimensions, MAX_STORED_TEXT_CHARS } from './extract';
import { sniff } from './sniff';

const MAX_NAME_CHARS = 255;

/**
 * The file name as shown: control characters dropped, bounded. Otherwise kept as given (slashes
 * too): it is hostile input that is only ever rendered as text or percent-encoded in a header.
 */
export function cleanFileName(raw: string | null): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const clean = (raw ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, MAX_NAME_CHARS) || 'file';
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
  if (bytes.byteLength === 0) throw new AppError('bad_request', `“${name}” is empty.`);
  const kind = sniff(bytes, name, request.headers.get('x-file-type') ?? '');
  if (kind.kind === 'refused') throw new AppError('unsupported_media_type', kind.reason);

  if (kind.kind === 'image') {
    return insertAttachment(db, {
      userId,
      name,
      mediaType: kind.mediaType,
      kind: 'image',
      data: bytes,
      ...imageDimensions(bytes),
    });
  }
  const text =
    kind.kind === 'text' ? kind.text.slice(0, MAX_STORED_TEXT_CHARS) : await extractPdfText(bytes);
  if (text === null) {
    throw new AppError('unsupported_media_type', `“${name}” could not be read as a PDF.`);
  }
  return insertAttachment(db, {
    userId,
    name,
    mediaType: kind.mediaType,
    kind: kind.kind,
    data: bytes,
    text,
  });
}
