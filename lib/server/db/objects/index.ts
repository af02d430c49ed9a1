import 'server-only';
import { log } from '@/lib/server/log';
import { getStorageConfig } from '@/lib/server/config/storage';
import { type ObjectStore, s3Store } from './s3';

// Where an attachment's bytes are kept. Rows always hold the metadata and text; the bytes go in
// the row (`data`) by default, or to an S3-compatible bucket (`storage_key`) when configured.
// Either way they are served only through the authorized routes, never by a bucket URL.

/** A row's bytes: exactly one of the two is set. */
export interface StoredBytes {
  data: Uint8Array | null;
  storageKey: string | null;
}

export interface AttachmentStorage {
  /** Keeps the bytes of attachment `id`; the result goes into its row. */
  save(id: string, bytes: Uint8Array, mediaType: string): Promise<StoredBytes>;
  /** null when the bytes are gone (an object deleted behind Parley's back). */
  load(stored: StoredBytes): Promise<Uint8Array | null>;
  /** Removes objects whose rows were deleted; failures are logged, never thrown. */
  discard(keys: readonly string[]): Promise<void>;
}

// postgres.js hands back a Buffer, PGlite a Uint8Array; both are Uint8Array views.
const asBytes = (value: Uint8Array) =>
  value instanceof Uint8Array ? value : new Uint8Array(value);

export const postgresStorage: AttachmentStorage = {
  async save(_id, bytes) {
    return { data: bytes, storageKey: null };
  },
  async load(stored) {
    // A row written to a bucket while S3 was configured cannot be read without it.
    return stored.data ? asBytes(stored.data) : null;
  },
  async discard() {},
};

export function objectStorage(store: ObjectStore): AttachmentStorage {
  return {
    async save(id, bytes, mediaType) {
      const storageKey = `attachments/${id}`;
      await store.put(storageKey, bytes, mediaType);
      return { data: null, storageKey };
    },
    async load(stored) {
      // Rows from before the bucket was configured keep their bytes in PostgreSQL.
      if (stored.data) return asBytes(stored.data);
      return stored.storageKey ? store.get(stored.storageKey) : null;
    },
    async discard(keys) {
      for (const key of keys) {
        await store.delete(key).catch((error) => {
          log.warn({ err: error, key }, 'deleting an attachment object failed');
        });
      }
    },
  };
}

let cached: AttachmentStorage | undefined;

/** The configured storage (S3_* variables), once per process. */
export function getAttachmentStorage(): AttachmentStorage {
  if (!cached) {
    const s3 = getStorageConfig();
    cached = s3 ? objectStorage(s3Store(s3)) : postgresStorage;
  }
  return cached;
}
