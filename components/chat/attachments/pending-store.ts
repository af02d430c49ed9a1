'use client';
import { create } from 'zustand';
import type { AttachmentLimits, AttachmentMeta } from '@/lib/chat/attachments';
import type { PendingAttachment, PendingStoreAccess, State } from './pending-types';

export type { PendingAttachment } from './pending-types';

// Files attached to the message being written: prepared (downscaled) and uploaded at once, so
// Send only names them. Fed by the attach button, drops on the chat and pasted images.

const usePendingStore = create<State>()(() => ({ items: [], notice: null }));

export const usePendingAttachments = () => usePendingStore((s) => s.items);
export const useAttachNotice = () => usePendingStore((s) => s.notice);

function release(item: PendingAttachment) {
  if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
}

/**
 * Prepares and uploads `files` (add-files.ts, loaded with the first attachment rather than with
 * the page), after checking the limits against what is already attached.
 */
export async function addFiles(files: readonly File[], limits: AttachmentLimits): Promise<void> {
  if (files.length === 0) return;
  let add: typeof import('./add-files').addFiles;
  try {
    ({ addFiles: add } = await import('./add-files'));
  } catch {
    usePendingStore.setState({ notice: 'Attaching files failed to load. Try again.' });
    return;
  }
  await add(files, limits, pendingStore);
}

const pendingStore: PendingStoreAccess = {
  get: () => usePendingStore.getState(),
  set: (update) => usePendingStore.setState(update),
  remove: (key) => removeAttachment(key),
};

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
