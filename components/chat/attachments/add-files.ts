'use client';
import { type AttachmentLimits, checkAttachmentLimits } from '@/lib/chat/attachments';
import type { PendingAttachment, PendingStoreAccess } from './pending-types';
import type { PreparedFile } from './prepare-image';
import { uploadFile } from './upload';

// Attaching files: checked against the limits, prepared (downscaled) and uploaded one at a time.
// Loaded with the first attachment, not with the page (pending-store.ts keeps the state).

const patch = (store: PendingStoreAccess, key: string, fields: Partial<PendingAttachment>) =>
  store.set((s) => ({
    items: s.items.map((item) => (item.key === key ? { ...item, ...fields } : item)),
  }));

/**
 * Prepares and uploads `files`, after checking the limits (count, size per file, total) against
 * what is already attached; a broken limit attaches nothing and says which limit it was.
 */
export async function addFiles(
  files: readonly File[],
  limits: AttachmentLimits,
  store: PendingStoreAccess,
): Promise<void> {
  store.set({ notice: null });
  const current = store.get().items;
  const count = checkAttachmentLimits(
    [...current, ...files].map(() => ({ name: '', size: 0 })),
    limits,
  );
  if (count) {
    store.set({ notice: count.message });
    return;
  }
  // Image downscaling loads with the first attachment, not with the page.
  let prepareFile: (file: File) => Promise<PreparedFile>;
  try {
    ({ prepareFile } = await import('./prepare-image'));
  } catch {
    store.set({ notice: 'Attaching files failed to load. Try again.' });
    return;
  }
  const prepared = await Promise.all(files.map(prepareFile));
  const problem = checkAttachmentLimits(
    [...current, ...prepared.map((p) => ({ name: p.name, size: p.blob.size }))],
    limits,
  );
  if (problem) {
    store.set({ notice: problem.message });
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
  store.set((s) => ({ items: [...s.items, ...added] }));
  await Promise.all(
    prepared.map((p, i) =>
      inTurn(async () => {
        const key = added[i]?.key as string;
        try {
          const meta = await uploadFile(p);
          patch(store, key, { status: 'ready', meta });
        } catch (error) {
          store.remove(key);
          store.set({ notice: (error as Error).message });
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
