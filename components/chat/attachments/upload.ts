'use client';
import type { AttachmentMeta } from '@/lib/chat/attachments';
import type { PreparedFile } from './prepare-image';

/** Uploads one prepared file; throws an Error carrying the server's message when refused. */
export async function uploadFile(
  file: PreparedFile,
  signal?: AbortSignal,
): Promise<AttachmentMeta> {
  const res = await fetch(`/api/attachments?name=${encodeURIComponent(file.name)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', 'x-file-type': file.type },
    body: file.blob,
    signal,
  });
  const body = (await res.json().catch(() => null)) as {
    attachment?: AttachmentMeta;
    error?: { message?: string };
  } | null;
  if (!res.ok || !body?.attachment) {
    throw new Error(
      body?.error?.message ?? `Uploading “${file.name}” failed (HTTP ${res.status}).`,
    );
  }
  return body.attachment;
}
