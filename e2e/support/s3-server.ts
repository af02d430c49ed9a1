// A real S3-compatible server on loopback (s3rver, from the npm registry) for the S3 storage
// tests. It checks the access key id but not SigV4 signatures; see README (Attachments).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AwsClient } from 'aws4fetch';
import S3rver from 's3rver';

export interface S3Server {
  /** S3_* variables for the app. */
  env: Record<string, string>;
  /** The bytes of an object, or null when there is none (read with the same credentials). */
  object(key: string): Promise<Uint8Array | null>;
  close(): Promise<void>;
}

const BUCKET = 'parley-test';
// s3rver's built-in account.
const KEY_ID = 'S3RVER';
const SECRET = 'S3RVER';

export async function startS3Server(): Promise<S3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'parley-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { address, port } = await server.run();
  const endpoint = `http://${address}:${port}`;
  const prefix = 'parley/';
  const client = new AwsClient({
    accessKeyId: KEY_ID,
    secretAccessKey: SECRET,
    service: 's3',
    region: 'us-east-1',
  });
  return {
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET,
      S3_PREFIX: prefix,
    },
    async object(key) {
      const res = await client.fetch(`${endpoint}/${BUCKET}/${prefix}${key}`);
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`s3rver answered ${res.status}`);
      return new Uint8Array(await res.arrayBuffer());
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
