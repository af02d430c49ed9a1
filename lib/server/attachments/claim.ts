import 'server-only';
import type { AttachmentMeta } from '@/lib/chat/attachments';
import { checkAttachmentLimits } from '@/lib/chat/attachments';
import { getConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { claimAttachments, findUsableAttachments } from '@/lib/server/db/repository';
import { AppError, notFound } from '@/lib/server/errors';

const GONE = 'An attachment was not found; attach the file again.';

/**
 * Checks the uploads named in a chat request before anything is saved: every limit again (the
 * message names it, as in the browser), and that each is the caller's to use here (else 404,
 * like any resource the caller does not own).
 */
export async function checkForMessage(
  db: Db,
  input: { userId: string; conversationId: string | null; ids: readonly string[] },
): Promise<AttachmentMeta[]> {
  const limits = getConfig().attachmentLimits;
  const ids = [...new Set(input.ids)];
  if (ids.length === 0) return [];
  if (limits.maxFiles === 0) {
    throw new AppError(
      'bad_request',
      'Attachments are turned off on this server (ATTACHMENT_MAX_FILES=0).',
    );
  }
  // The count first: it needs no lookup, and names the limit even for unknown ids.
  const counted = checkAttachmentLimits(
    ids.map(() => ({ name: '', size: 0 })),
    limits,
  );
  if (counted) throw new AppError('payload_too_large', counted.message);
  const found = await findUsableAttachments(db, { ...input, ids });
  if (!found) throw notFound(GONE);
  const problem = checkAttachmentLimits(found, limits);
  if (problem) throw new AppError('payload_too_large', problem.message);
  return found;
}

/** Binds checked uploads to the conversation; their metadata goes on the user message. */
export async function claimForMessage(
  db: Db,
  input: { userId: string; conversationId: string; ids: readonly string[] },
): Promise<AttachmentMeta[]> {
  if (input.ids.length === 0) return [];
  const claimed = await claimAttachments(db, input);
  if (!claimed) throw notFound(GONE);
  return claimed;
}
