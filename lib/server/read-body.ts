import 'server-only';
import type { z } from 'zod';
import { AppError } from './errors';

/** Reads a JSON body with a hard size limit (a lying or absent Content-Length is not trusted). */
export async function readJsonBody<T extends z.ZodType>(
  request: Request,
  schema: T,
  maxBytes: number,
): Promise<z.infer<T>> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) throw new AppError('bad_request', 'The request has no body.');

  const reader = request.body.getReader();
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
  const text = new TextDecoder().decode(Buffer.concat(parts));

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError('bad_request', 'The request body is not valid JSON.');
  }
  const parsed = schema.safeParse(json);
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
