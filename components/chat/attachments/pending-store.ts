'use client';
import { create } from 'zustand';
import {
  type AttachmentLimits,
  type AttachmentMeta,
  checkAttachmentLimits,
} from '@/lib/chat/attachments';
import type { PreparedFile } from './prepare-image';
import { uploadFile } from './upload';

// Files attached to the message being written: prepared (downscaled) and uploaded at once, so
// Send only names them. Fed by the attach button, drops on the chat and pasted images.

export interface PendingAttachment {
  key: string;
  name: string;
  size: number;
  /** A local object URL for image thumbnails. */
  previewUrl: string | null;
  status: 'uploading' | 'ready' | 'error';
  meta?: AttachmentMeta;
}

interface State {
  items: PendingAttachment[];
  /** Why the last files were not attached (a limit, a refused type); shown until the next change. */
  notice: string | null;
}

const usePendingStore = create<State>()(() => ({ items: [], notice: null }));

export const usePendingAttachments = () => usePendingStore((s) => s.items);
export const useAttachNotice = () => usePendingStore((s) => s.notice);

const patch = (key: string, fields: Partial<PendingAttachment>) =>
  usePendingStore.setState((s) => ({
    items: s.items.map((item) => (item.key === key ? { ...item, ...fields } : item)),
  }));

function release(item: PendingAttachment) {
  if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
}

/**
 * Prepares and uploads `files`, after checking the limits (count, size per file, total) against
 * what is already attached; a broken limit attaches nothing and says which limit it was.
 */
export async function addFiles(files: readonly File[], limits: AttachmentLimits): Promise<void> {
  if (files.length === 0) return;
  usePendingStore.setState({ notice: null });
  const current = usePendingStore.getState().items;
  const count = checkAttachmentLimits(
    [...current, ...files].map(() => ({ name: '', size: 0 })),
    limits,
  );
  if (count) {
    usePendingStore.setState({ notice: count.message });
    return;
  }
  // Image downscaling loads with the first attachment, not with the page.
  let prepareFile: (file: File) => Promise<PreparedFile>;
  try {
    ({ prepareFile } = await import('./prepare-image'));
  } catch {
    usePendingStore.setState({ notice: 'Attaching files failed to load. Try again.' });
    return;
  }
  const prepared = await Promise.all(files.map(prepareFile));
  const problem = checkAttachmentLimits(
    [...current, ...prepared.map((p) => ({ name: p.name, size: p.blob.size }))],
    limits,
  );
  if (problem) {
    usePendingStore.setState({ notice: problem.message });
    return;
  }
  const added = prepared.map(
    (p): PendingAttachment => ({
      key: crypto.randomUUID(),
      name: p.name,
      size: p.blob.size,
      previewUrl: p.type.startsWith('image/') ? URL.createObjectURL(p.blob) : null,
      status: 'uploading',
    }),
  );
  usePendingStore.setState((s) => ({ items: [...s.items, ...added] }));
  await Promise.all(
    prepared.map((p, i) =>
      inTurn(async () => {
        const key = added[i]?.key as string;
        try {
          const meta = await uploadFile(p);
          patch(key, { status: 'ready', meta });
        } catch (error) {
          removeAttachment(key);
          usePendingStore.setState({ notice: (error as Error).message });
        }
      }),
    ),
  );
}

// One upload at a time: a first visit has no session cookie yet, and parallel first requests
// would each be given a different guest (the files then belong to different people).
let queue: Promise<unknown> = Promise.resolve();
function inTurn(task: () => Promise<void>): Promise<void> {
  const next = queue.then(task, task);
  queue = next;
  return next;
}

export function removeAttachment(key: string): void {
  const item = usePendingStore.getState().items.find((i) => i.key === key);
  if (item) release(item);
  usePendingStore.setState((s) => ({ items: s.items.filter((i) => i.key !== key), notice: null }));
}

/**
 * Sending: the files leave the tray at once, like the text leaves the box. Returns what to call
 * when the server refused the message (they come back) or accepted it (they are released).
 */
export function takeAttachments(): { restore(): void; release(): void } {
  const taken = usePendingStore.getState().items;
  usePendingStore.setState({ items: [], notice: null });
  return {
    restore: () => usePendingStore.setState((s) => ({ items: [...taken, ...s.items] })),
    release: () => {
      for (const item of taken) release(item);
    },
  };
}

export function setAttachNotice(notice: string | null): void {
  usePendingStore.setState({ notice });
}

export function readyAttachments(items: readonly PendingAttachment[]): AttachmentMeta[] {
  return items.flatMap((i) => (i.status === 'ready' && i.meta ? [i.meta] : []));
}
