import { describe, expect, it } from 'vitest';
import { ConfigError } from '@/lib/server/config';
import { parseStorageConfig } from './storage';

const keys = { S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };

function issues(env: Record<string, string>) {
  try {
    parseStorageConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.issues;
    throw error;
  }
  throw new Error('no ConfigError');
}

describe('parseStorageConfig', () => {
  it('keeps bytes in PostgreSQL when no S3 variable is set (empty counts as unset)', () => {
    expect(parseStorageConfig({})).toBeNull();
    expect(parseStorageConfig({ S3_BUCKET: ' ', S3_PREFIX: '' })).toBeNull();
  });

  it('reads a bucket on a custom endpoint, trailing slash dropped', () => {
    expect(
      parseStorageConfig({
        S3_BUCKET: 'files',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_REGION: 'eu-west-1',
        S3_PREFIX: 'parley/',
        ...keys,
      }),
    ).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      bucket: 'files',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      prefix: 'parley/',
    });
  });

  it("defaults to AWS's regional endpoint and us-east-1", () => {
    expect(parseStorageConfig({ S3_BUCKET: 'b', ...keys })).toMatchObject({
      endpoint: 'https://s3.us-east-1.amazonaws.com',
      region: 'us-east-1',
      prefix: '',
    });
  });

  it('names what is missing or wrong, never echoing a secret', () => {
    expect(issues({ S3_BUCKET: 'b' }).map((i) => i.variable)).toEqual([
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
    ]);
    const [stray] = issues({ S3_ENDPOINT: 'http://127.0.0.1:9000', ...keys });
    expect(stray?.variable).toBe('S3_BUCKET');
    const [bad] = issues({ S3_BUCKET: 'b', S3_ENDPOINT: 'ftp://user:pw@host', ...keys });
    expect(bad?.variable).toBe('S3_ENDPOINT');
    expect(bad?.message).not.toContain('pw');
  });
});
