import type { AttachmentMeta } from '@/lib/chat/attachments';

// The attachments being added to a message: shared by the store and the code that adds them.

export interface PendingAttachment {
  key: string;
  name: string;
  size: number;
  /** A local object URL for image thumbnails. */
  previewUrl: string | null;
  status: 'uploading' | 'ready' | 'error';
  meta?: AttachmentMeta;
}

export interface State {
  items: PendingAttachment[];
  /** Why the last files were not attached (a limit, a refused type); shown until the next change. */
  notice: string | null;
}

/** What add-files.ts changes: the items and the notice. */
export interface PendingStoreAccess {
  get(): State;
  set(update: Partial<State> | ((s: State) => Partial<State>)): void;
  remove(key: string): void;
}
