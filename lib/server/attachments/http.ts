import 'server-only';
import { getDb } from '@/lib/server/database';
import { getAttachmentForUser } from '@/lib/server/db/repository';
import { AppError, notFound } from '@/lib/server/errors';
import { isCrossSite } from '@/lib/server/share/same-origin';
import { readSharedAttachment } from '@/lib/server/share/service';
import { readUserId, resolveUser } from '@/lib/server/session';
import { attachmentResponse } from './serve';
import { uploadAttachment } from './upload';

const NOT_FOUND = 'Attachment not found.';

/** POST /api/attachments?name=…: the raw file is the body. */
export async function postAttachment(request: Request): Promise<Response> {
  if (isCrossSite(request.headers)) {
    throw new AppError('forbidden', 'Uploads are only accepted from this site.');
  }
  const { userId } = await resolveUser();
  const meta = await uploadAttachment(await getDb(), userId, request);
  return Response.json({ attachment: meta }, { status: 201 });
}

/** GET /api/attachments/[id]: only to its owner, and only while its conversation exists. */
export async function getAttachment(id: string): Promise<Response> {
  const userId = await readUserId();
  if (!userId) throw notFound(NOT_FOUND);
  const item = await getAttachmentForUser(await getDb(), { userId, attachmentId: id });
  if (!item) throw notFound(NOT_FOUND);
  return attachmentResponse(item);
}

/** GET /api/shares/[id]/attachments/[attachmentId] */
export async function sharedAttachment(shareId: string, attachmentId: string): Promise<Response> {
  const item = await readSharedAttachment(shareId, attachmentId);
  if (!item) throw notFound(NOT_FOUND);
  return attachmentResponse(item);
}
