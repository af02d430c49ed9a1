import 'server-only';
import { z } from 'zod';
import { ConfigError, type Env } from '@/lib/server/config';
import { isHttpUrl, optionalText, schemeOf } from '@/lib/server/config/values';

// Where attachment bytes live: PostgreSQL (the default: a Vercel deployment needs nothing else)
// or an S3-compatible bucket when S3_BUCKET is set. Read apart from index.ts to keep it small;
// startup.ts checks both.

export interface S3Config {
  /** Without a trailing slash; requests are path-style: `<endpoint>/<bucket>/<key>`. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Prepended to every object key, e.g. `parley/`. */
  prefix: string;
}

const s3Env = z.object({
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText.refine((v) => v === undefined || isHttpUrl(v), {
    error: (issue) =>
      `S3_ENDPOINT must be an http(s) URL such as https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000 (got a value starting ${schemeOf(String(issue.input))})`,
  }),
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_PREFIX: optionalText,
});

/** Pure: null when S3_BUCKET is unset (bytes stay in PostgreSQL); throws ConfigError. */
export function parseStorageConfig(env: Env): S3Config | null {
  const parsed = s3Env.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => ({ variable: String(i.path[0]), message: i.message })),
    );
  }
  const e = parsed.data;
  if (!e.S3_BUCKET) {
    const stray = Object.entries(e).find(([, v]) => v !== undefined)?.[0];
    if (stray) {
      throw new ConfigError([
        {
          variable: 'S3_BUCKET',
          message: `S3_BUCKET must be set when ${stray} is: it names the bucket attachments are stored in (leave every S3_* variable unset to keep them in PostgreSQL)`,
        },
      ]);
    }
    return null;
  }
  const missing = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !e[k]);
  if (missing.length > 0) {
    throw new ConfigError(
      missing.map((variable) => ({
        variable,
        message: `${variable} must be set when S3_BUCKET is: the bucket is private and every request is signed`,
      })),
    );
  }
  const region = e.S3_REGION ?? 'us-east-1';
  return {
    endpoint: (e.S3_ENDPOINT ?? `https://s3.${region}.amazonaws.com`).replace(/\/+$/, ''),
    region,
    bucket: e.S3_BUCKET,
    accessKeyId: e.S3_ACCESS_KEY_ID as string,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
    prefix: e.S3_PREFIX ?? '',
  };
}

let cached: { value: S3Config | null } | undefined;

/** Validated once per process, like getConfig(). */
export function getStorageConfig(): S3Config | null {
  cached ??= { value: parseStorageConfig(process.env) };
  return cached.value;
}
