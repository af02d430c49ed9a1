import 'server-only';
import type { Db } from '@/lib/server/db/types';
import { getAttachmentForUser } from '@/lib/server/db/repository';
import { notFound } from '@/lib/server/errors';
import { readSharedAttachment } from '@/lib/server/share/service';
import { withBytes } from './content';
import { attachmentResponse } from './serve';
import { uploadAttachment } from './upload';

export const ATTACHMENT_NOT_FOUND = 'Attachment not found.';

/** POST /api/attachments?name=…: the raw file is the body (read with its own size limit). */
export async function postAttachment(db: Db, userId: string, request: Request): Promise<Response> {
  const meta = await uploadAttachment(db, userId, request);
  return Response.json({ attachment: meta }, { status: 201 });
}

/** GET /api/attachments/[id]: only to its owner, and only while its conversation exists. */
export async function getAttachment(
  db: Db,
  userId: string,
  id: string,
  request: Request,
): Promise<Response> {
  const item = await withBytes(await getAttachmentForUser(db, { userId, attachmentId: id }));
  if (!item) throw notFound(ATTACHMENT_NOT_FOUND);
  return attachmentResponse(item, request);
}

/** GET /api/shares/[id]/attachments/[attachmentId]: anyone holding the link. */
export async function sharedAttachment(
  shareId: string,
  attachmentId: string,
  request: Request,
): Promise<Response> {
  const item = await readSharedAttachment(shareId, attachmentId);
  if (!item) throw notFound(ATTACHMENT_NOT_FOUND);
  return attachmentResponse(item, request);
}
