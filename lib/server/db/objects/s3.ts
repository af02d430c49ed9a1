import 'server-only';
import { AwsClient } from 'aws4fetch';
import type { S3Config } from '@/lib/server/config/storage';

// The few S3 calls attachments need (PUT, GET, DELETE of one object), signed with SigV4 by
// aws4fetch. Path-style URLs work with AWS, MinIO, R2 and the other compatible servers.

export interface ObjectStore {
  put(key: string, bytes: Uint8Array, mediaType: string): Promise<void>;
  /** null when the object does not exist. */
  get(key: string): Promise<Uint8Array | null>;
  /** Succeeds when the object is already gone. */
  delete(key: string): Promise<void>;
}

export class S3Error extends Error {
  constructor(operation: string, status: number) {
    super(`S3 ${operation} failed with HTTP ${status}`);
    this.name = 'S3Error';
  }
}

export function s3Store(config: S3Config): ObjectStore {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: 's3',
  });
  const url = (key: string) =>
    `${config.endpoint}/${encodeURIComponent(config.bucket)}/${(config.prefix + key)
      .split('/')
      .map(encodeURIComponent)
      .join('/')}`;
  return {
    async put(key, bytes, mediaType) {
      const res = await client.fetch(url(key), {
        method: 'PUT',
        // A copy backed by a plain ArrayBuffer, as fetch's body type asks.
        body: new Uint8Array(bytes),
        headers: { 'Content-Type': mediaType, 'Content-Length': String(bytes.byteLength) },
      });
      await res.body?.cancel();
      if (!res.ok) throw new S3Error('PUT', res.status);
    },
    async get(key) {
      const res = await client.fetch(url(key));
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new S3Error('GET', res.status);
      }
      return new Uint8Array(await res.arrayBuffer());
    },
    async delete(key) {
      const res = await client.fetch(url(key), { method: 'DELETE' });
      await res.body?.cancel();
      if (!res.ok && res.status !== 404) throw new S3Error('DELETE', res.status);
    },
  };
}
