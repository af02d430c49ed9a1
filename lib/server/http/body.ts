import 'server-only';
import type { z } from 'zod';
import { AppError } from '@/lib/server/errors';
import { cleanInput } from './text-input';

export interface BodySpec<T extends z.ZodType> {
  schema: T;
  maxBytes: number;
  /** An empty request is read as `{}` (e.g. a bare POST); a non-empty one must still be JSON. */
  optional?: boolean;
}

/** `application/json`, with or without parameters; a form or text/plain post is not JSON. */
export function isJsonContentType(value: string | null): boolean {
  const type = value?.split(';')[0]?.trim().toLowerCase();
  return type === 'application/json';
}

/**
 * Reads a JSON body: JSON content type, a hard size limit (a lying or absent Content-Length is
 * not trusted), then zod. The content type matters: a cross-site form can send a text/plain body
 * that happens to be valid JSON, but it cannot send application/json without a CORS preflight.
 */
export async function readJsonBody<T extends z.ZodType>(
  request: Request,
  spec: BodySpec<T>,
): Promise<z.infer<T>> {
  const { schema, maxBytes } = spec;
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const text = request.body ? await readText(request.body, maxBytes) : '';
  if (text === '' && spec.optional) return validate(schema, {});
  if (text === '') throw new AppError('bad_request', 'The request has no body.');
  if (!isJsonContentType(request.headers.get('content-type'))) {
    throw new AppError('unsupported_media_type', 'Send the request body as application/json.');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError('bad_request', 'The request body is not valid JSON.');
  }
  return validate(schema, json);
}

async function readText(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<string> {
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    parts.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(parts));
}

/**
 * Text hygiene (text-input.ts), then zod with the first issue as the message and every issue in
 * `details`.
 */
export function validate<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(cleanInput(value));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new AppError('bad_request', `${where}${issue?.message ?? 'Invalid request.'}`, {
      details: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
  }
  return parsed.data;
}

function tooLarge(maxBytes: number): AppError {
  return new AppError(
    'payload_too_large',
    `The request is larger than ${Math.round(maxBytes / 1024)} KB.`,
  );
}
